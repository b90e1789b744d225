import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { credentialsFor, memberSession, plausibleInput, sendRoute, type Shape } from '../support/route-calls'
import { startTestServer, type TestServer } from './harness'

/*
 * An empty filter value means "all" (issue 32): the spec's client sends its 全部 choice as
 * `?isTrainCenter=&classType=&status=&orgId=&gender=`. Generated over the route table: for
 * every GET route and every optional query field that takes an integer, a request with the
 * field sent empty answers exactly as the request without it.
 */

const INTEGER_TEXTS = ['1', '0', '2026', '320101']

interface Case {
  name: string
  route: RouteDef
  field: string
  base: Record<string, unknown>
}

function cases(): Case[] {
  const all: Case[] = []
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    if (route.method !== 'GET' || !route.query) continue
    const query = route.query.shape as Shape
    // The other fields: path and required query fields filled with a value their schema accepts, optional ones left out.
    const required = Object.fromEntries(Object.entries(query).filter(([, s]) => !s.safeParse(undefined).success))
    const base = plausibleInput({ ...((route.params?.shape ?? {}) as Shape), ...required })
    for (const [field, schema] of Object.entries(query)) {
      const optional = schema.safeParse(undefined).success
      const integer = INTEGER_TEXTS.some((text) => typeof schema.safeParse(text).data === 'number')
      if (optional && integer) all.push({ name, route, field, base })
    }
  }
  return all
}

const generated = cases()

it('finds the spec\'s "all" filters among the generated cases', () => {
  const named = new Set(generated.map((c) => `${c.name}?${c.field}`))
  for (const expected of ['train.list?isTrainCenter', 'train.list?classType', 'train.list?status']) expect(named).toContain(expected)
  expect(generated.some((c) => c.field === 'orgId')).toBe(true)
  expect(generated.some((c) => c.field === 'gender')).toBe(true)
  expect(generated.length).toBeGreaterThan(20)
})

describe.each(testDatabases())('an empty filter value means all ($name)', (database) => {
  let server: TestServer
  let credentials: (route: RouteDef) => Record<string, string>

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    const token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    const member = await memberSession(server.db, `empty-filters-${process.pid}`)
    credentials = (route) => credentialsFor(route, token, member)
  }, 120_000)
  afterAll(() => server?.stop())

  it('answers a field sent empty as the request without it, on every list query', async () => {
    const differing: string[] = []
    for (const { name, route, field, base } of generated) {
      const without = await sendRoute(server.url, route, base, credentials(route))
      const empty = await sendRoute(server.url, route, { ...base, [field]: '' }, credentials(route))
      const same = without.status === empty.status && (!isJson(without.bytes) || without.bytes.equals(empty.bytes))
      if (!same) differing.push(`${name} ${field}=: ${empty.status} ${empty.bytes.toString().slice(0, 120)} (without: ${without.status})`)
    }
    expect(differing).toEqual([])
  }, 300_000)
})

/** A JSON envelope is compared whole; a file (an export) by its status only, as it carries its time of making. */
function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString())
    return true
  } catch {
    return false
  }
}
