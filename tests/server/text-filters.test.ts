import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { credentialsFor, memberSession, plausibleInput, sendRoute, type Shape } from '../support/route-calls'
import { startTestServer, type TestServer } from './harness'

/*
 * A text filter takes what was typed literally: a search for `%` or `_` finds the rows that
 * contain that character, not every row (LIKE's wildcards escaped, db/sql-text.ts
 * `containsText`). Generated over the route table: for every list (GET answering rows) and
 * every optional query field that takes free text, on the demo data (whose texts hold no `%`
 * or `_`), the field sent as `%` or `_` answers no rows — or refuses the value, for a field
 * that is not free text (a date, a sort field, a code that names one record).
 */

const WILDCARDS = ['%', '_']

interface Case {
  name: string
  route: RouteDef
  field: string
  base: Record<string, unknown>
}

function cases(): Case[] {
  const all: Case[] = []
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    if (route.method !== 'GET' || !route.query || route.kind === 'download') continue
    const query = route.query.shape as Shape
    const required = Object.fromEntries(Object.entries(query).filter(([, s]) => !s.safeParse(undefined).success))
    const base = plausibleInput({ ...((route.params?.shape ?? {}) as Shape), ...required })
    for (const [field, schema] of Object.entries(query)) {
      const optional = schema.safeParse(undefined).success
      if (optional && WILDCARDS.every((w) => schema.safeParse(w).data === w)) all.push({ name, route, field, base })
    }
  }
  return all
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

const generated = cases()

it('finds the text filters of the lists among the generated cases', () => {
  const named = new Set(generated.map((c) => `${c.name}?${c.field}`))
  for (const expected of ['train.list?name', 'signup.list?name', 'exam.list?title', 'news.list?title']) expect(named).toContain(expected)
})

describe.each(testDatabases())('a text filter takes % and _ as typed ($name)', (database) => {
  let server: TestServer
  let credentials: (route: RouteDef) => Record<string, string>

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    const token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    const member = await memberSession(server.db, `text-filters-${process.pid}`)
    credentials = (route) => credentialsFor(route, token, member)
  }, 120_000)
  afterAll(() => server?.stop())

  it('answers no rows for a wildcard typed into any list\'s text filter', async () => {
    const matchedAll: string[] = []
    let listsWithRows = 0
    for (const { name, route, field, base } of generated) {
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
