import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { allScreens } from '../../src-shared/permissions'
import { testDatabases } from '../support/databases'
import { changedRows, credentialsFor, memberSession, dataTables, fingerprint, messageOf, plausibleInput, roleAccount, sendRoute, shapeOf } from '../support/route-calls'
import { startTestServer, type TestServer } from './harness'

/**
 * Bad input over every route of the route table, generated from it (no per-route code):
 * for each field of a route's params, query and body, a request whose other fields hold
 * a value that field's own schema accepts and whose one field holds a bad value (too
 * large for the column, NUL bytes, huge text, wrong types…). Nothing may answer ≥ 500,
 * no answer may be cut short, a 400 says why in Chinese, and a refused write changes no row
 * (the count of refusals that did is reported: target 0). Seeded: the seed is
 * printed, and FUZZ_SEED=<n> replays a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
/** Bad values tried per field (a seeded sample of BAD, the column-range ones always). */
const PER_FIELD = 4

/** Always tried: above the 32-bit column range, and the NUL byte. */
const ALWAYS: unknown[] = [2147483648, 'a\u0000b']
const BAD: unknown[] = [
  '2147483648', -2147483649, 2 ** 53 + 2, '99999999999999999999', '999999999999999', 1e308, -1, 0, 1.5,
  'NaN', 'abc', '\u0000', 'x'.repeat(20_000), '\ud800', '😀'.repeat(40), '', ' ', null, true, [], {}, ['a\u0000'],
  [2147483648], { a: 1 }, '../../etc/passwd', "' OR 1=1 --", '2024-13-45 99:99:99', '<script>alert(1)</script>',
]

/** Mulberry32: a small seeded generator, so a failing run can be replayed. */
function generator(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function sample<T>(values: readonly T[], n: number, random: () => number): T[] {
  const pool = [...values]
  const picked: T[] = []
  while (picked.length < n && pool.length > 0) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0])
  return picked
}

interface Case {
  name: string
  route: RouteDef
  field: string
  input: Record<string, unknown>
}

function cases(random: () => number): Case[] {
  const all: Case[] = []
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    const shape = shapeOf(route)
    const base = plausibleInput(shape)
    const fields = Object.keys(shape)
    // A route without input still gets one plain call.
    if (fields.length === 0) all.push({ name, route, field: '-', input: {} })
    for (const field of fields) {
      for (const bad of [...ALWAYS, ...sample(BAD, PER_FIELD, random)]) all.push({ name, route, field, input: { ...base, [field]: bad } })
    }
  }
  return all
}

describe.each(testDatabases())('route fuzz ($name)', (database) => {
  let server: TestServer
  let token = ''
  const memberToken = `fuzz-member-${SEED}`
  let tables: string[] = []

  /** A fresh account whose role grants every screen, with the province scope. */
  const freshToken = () => roleAccount(server, allScreens.map((s) => s.id))

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    tables = await dataTables(server.db)
    token = await freshToken()
    await memberSession(server.db, memberToken)
  }, 120_000)
  afterAll(() => server?.stop())

  it('no route answers ≥ 500, cuts a file, or changes a row when it refuses', async () => {
    console.log(`route fuzz seed ${SEED} (${database.name}); replay with FUZZ_SEED=${SEED}`)
    const random = generator(SEED)
    const failures: string[] = []
    let before = await fingerprint(server.db, tables)
    let changedAfterRefusal = 0
    let requests = 0
    for (const c of cases(random)) {
      // Member routes are fuzzed as a signed-in member: their input is what is tried.
      const credentials = credentialsFor(c.route, token, memberToken)
      let answer: { status: number; bytes: Buffer }
      try {
        answer = await sendRoute(server.url, c.route, c.input, credentials)
      } catch (err) {
        failures.push(`${c.name} ${c.field}=${JSON.stringify(c.input[c.field])?.slice(0, 60)}: connection failed (${String(err)})`)
        continue
      }
      requests++
      if (answer.status >= 500) {
        failures.push(`${c.name} ${c.field}=${JSON.stringify(c.input[c.field])?.slice(0, 60)}: ${answer.status} ${answer.bytes.toString().slice(0, 200)}`)
      }
      if (answer.status === 400 && !/[\u4e00-\u9fff]/.test(messageOf(answer.bytes))) {
        failures.push(`${c.name} ${c.field}: 400 without a Chinese message: ${messageOf(answer.bytes)}`)
      }
      // The fuzz may log its own account out or change its password: sign in afresh.
      if (answer.status === 401 && credentials.Token) {
        token = await freshToken()
        before = await fingerprint(server.db, tables)
        continue
      }
      if (c.route.method === 'GET') continue
      const after = await fingerprint(server.db, tables)
      const changed = changedRows(before, after)
      if (answer.status >= 400 && changed) {
        changedAfterRefusal++
        failures.push(`${c.name} ${c.field}: refused with ${answer.status} but changed ${changed}`)
      }
      before = after
    }
    console.log(`route fuzz: ${requests} requests, ${failures.length} failures, rows changed after ${changedAfterRefusal} refusals (target 0)`)
    expect(failures, `seed ${SEED}`).toEqual([])
  }, 900_000)
})
