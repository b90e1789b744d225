import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { credentialsFor, memberSession, plausibleInput, sendRoute, type Shape } from '../support/route-calls'
import { startTestServer, type TestServer } from './harness'

/*
 * The lists' filters, generated over the route table, on both dialects.
 * - An empty filter value means "all" (issue 32): the spec's client sends its 全部 choice as
 *   `?isTrainCenter=&classType=&status=&orgId=&gender=`. For every GET route and every
 *   optional query field that takes an integer, a request with the field sent empty answers
 *   exactly as the request without it.
 * - A text filter takes what was typed literally (issue 29): a search for `%` or `_` finds
 *   the rows that contain that character, not every row (LIKE's wildcards escaped,
 *   db/sql-text.ts `containsText`). For every list (GET answering rows) and every optional
 *   query field that takes free text, on the demo data (whose texts hold no `%` or `_`), the
 *   field sent as `%` or `_` answers no rows — or refuses the value, for a field that is no
 *   free text (a date, a sort field, a code that names one record).
 */

const INTEGER_TEXTS = ['1', '0', '2026', '320101']

interface Case {
  name: string
  route: RouteDef
  field: string
  base: Record<string, unknown>
}

/** Every GET route's optional query fields whose schema `takes` (a file's download route too, unless `lists`). */
function cases(takes: (schema: z.ZodType) => boolean, lists = false): Case[] {
  const all: Case[] = []
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    if (route.method !== 'GET' || !route.query || (lists && route.kind === 'download')) continue
    const query = route.query.shape as Shape
    // The other fields: path and required query fields filled with a value their schema accepts, optional ones left out.
    const required = Object.fromEntries(Object.entries(query).filter(([, s]) => !s.safeParse(undefined).success))
    const base = plausibleInput({ ...((route.params?.shape ?? {}) as Shape), ...required })
    for (const [field, schema] of Object.entries(query)) {
      if (schema.safeParse(undefined).success && takes(schema)) all.push({ name, route, field, base })
    }
  }
  return all
}

const generated = cases((schema) => INTEGER_TEXTS.some((text) => typeof schema.safeParse(text).data === 'number'))

const WILDCARDS = ['%', '_']
const textFilters = cases((schema) => WILDCARDS.every((w) => schema.safeParse(w).data === w), true)

it('finds the spec\'s "all" filters among the generated cases', () => {
  const named = new Set(generated.map((c) => `${c.name}?${c.field}`))
  for (const expected of ['train.list?isTrainCenter', 'train.list?classType', 'train.list?status']) expect(named).toContain(expected)
  expect(generated.some((c) => c.field === 'orgId')).toBe(true)
  expect(generated.some((c) => c.field === 'gender')).toBe(true)
  expect(generated.length).toBeGreaterThan(20)
})

it('finds the text filters of the lists among the generated cases', () => {
  const named = new Set(textFilters.map((c) => `${c.name}?${c.field}`))
  for (const expected of ['train.list?name', 'signup.list?name', 'exam.list?title', 'news.list?title']) expect(named).toContain(expected)
})

describe.each(testDatabases())('the lists\' filters ($name)', (database) => {
  let server: TestServer
  let credentials: (route: RouteDef) => Record<string, string>

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    const token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    const member = await memberSession(server.db, `list-filters-${process.pid}`)
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

  it('answers no rows for a wildcard typed into any list\'s text filter', async () => {
    const matchedAll: string[] = []
    let listsWithRows = 0
    for (const { name, route, field, base } of textFilters) {
      const unfiltered = rowsOf((await sendRoute(server.url, route, base, credentials(route))).bytes)
      if (!unfiltered?.length) continue
      listsWithRows++
      for (const wildcard of WILDCARDS) {
        const answer = await sendRoute(server.url, route, { ...base, [field]: wildcard }, credentials(route))
        // Refused: the field is no free text (a date, a code looked up).
        if (answer.status >= 400 && answer.status < 500) continue
        const rows = rowsOf(answer.bytes)
        if (rows === null || rows.length > 0) matchedAll.push(`${name} ${field}=${wildcard}: ${answer.status} ${rows?.length ?? answer.bytes.toString().slice(0, 80)} rows of ${unfiltered.length}`)
      }
    }
    expect(matchedAll).toEqual([])
    // The demo data fills enough lists for the check to mean something.
    expect(listsWithRows).toBeGreaterThanOrEqual(10)
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

/** The rows of a list answer (a page's `records`, or an array), or null for another shape. */
function rowsOf(bytes: Buffer): unknown[] | null {
  try {
    const data = (JSON.parse(bytes.toString()) as { data?: unknown }).data
    if (Array.isArray(data)) return data
    const records = (data as { records?: unknown } | null)?.records
    return Array.isArray(records) ? records : null
  } catch {
    return null
  }
}
