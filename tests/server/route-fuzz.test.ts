import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { routes } from '../../src-shared/api'
import { pathParamNames, splitInput, type RouteDef } from '../../src-shared/contract'
import { allScreens } from '../../src-shared/permissions'
import { hashPassword } from '../../src-server/auth/passwords'
import { sha256Hex } from '../../src-server/auth/tokens'
import { nowText } from '../../src-server/db/time'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { startTestServer, type TestServer } from './harness'

/**
 * Bad input over every route of the route table, generated from it (no per-route code):
 * for each field of a route's params, query and body, a request whose other fields hold
 * a value that field's own schema accepts and whose one field holds a bad value (too
 * large for the column, NUL bytes, huge text, wrong types…). Nothing may answer ≥ 500,
 * no answer may be cut short, a 400 says why in Chinese, and a refused write changes no row. Seeded: the seed is
 * printed, and FUZZ_SEED=<n> replays a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
/** Bad values tried per field (a seeded sample of BAD, the column-range ones always). */
const PER_FIELD = 4

/** Values a field's schema may accept; the first it accepts fills the field in requests. */
const PLAUSIBLE: unknown[] = [1, '1', '测试', 'a', '2024-01-01 00:00:00', '2024-01-01', '2024-01', '13800000000', '320101', true, 0, [], {}, null]

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

type Shape = Record<string, z.ZodType>

function shapeOf(route: RouteDef): Shape {
  return { ...(route.params?.shape ?? {}), ...(route.query?.shape ?? {}), ...(route.body?.shape ?? {}) } as Shape
}

/** A value the field's own schema accepts, when one of PLAUSIBLE is; otherwise the field is left out. */
function plausibleInput(shape: Shape): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(shape)) {
    const value = PLAUSIBLE.find((v) => field.safeParse(v).success)
    if (value !== undefined) input[key] = value
  }
  return input
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

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** The request as a client would send it: query values as text, path values URI-encoded. */
async function send(baseUrl: string, route: RouteDef, input: Record<string, unknown>, credentials: Record<string, string>) {
  // A lone surrogate cannot be URI-encoded: in a path it is sent as its replacement character.
  const pathSafe = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v]))
  const { path, query, body } = splitInput(route, { ...input, ...Object.fromEntries(pathParamNames(route.path).map((n) => [n, pathSafe[n]])) })
  const url = new URL(path, baseUrl)
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, queryText(v))
  const headers: Record<string, string> = { ...credentials }
  if (route.body) headers['Content-Type'] = 'application/json'
  const response = await fetch(url, { method: route.method, headers, body: route.body ? JSON.stringify(body) : undefined })
  // Reading the whole body is the check that a file was not cut after its headers.
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, bytes }
}

function messageOf(bytes: Buffer): string {
  try {
    return String((JSON.parse(bytes.toString()) as { message?: unknown }).message)
  } catch {
    return bytes.toString().slice(0, 100)
  }
}

/** Tables a refused call may still write: the log, sessions, captchas, login and rate counters. */
const UNTRACKED = new Set(['operation_log', 'session', 'captcha', 'login_failure', 'rate_limit', 'kysely_migration', 'kysely_migration_lock'])

describe.each(testDatabases())('route fuzz ($name)', (database) => {
  let server: TestServer
  let token = ''
  const memberToken = `fuzz-member-${SEED}`
  let tables: string[] = []

  /** A fresh account whose role grants every screen, with the province scope. */
  async function freshToken(): Promise<string> {
    const { db } = server
    const now = nowText()
    const name = `fuzz${Math.floor(Math.random() * 1e9)}`
    const password = 'Fuzz@12345'
    const { id: roleId } = await db.insertInto('role').values({ title: name, remark: '模糊测试', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    await db.insertInto('rolePermission').values(allScreens.map((s) => ({ roleId, permissionId: s.id }))).execute()
    await db.insertInto('admin').values({ name, passwordHash: await hashPassword(password), roleId, memberId: null, createdAt: now, updatedAt: now }).execute()
    return login(server.url, name, password)
  }

  /** A digest of each tracked table's rows, joined: the names of changed tables can be told. */
  async function digest(): Promise<string> {
    const parts: string[] = []
    for (const table of tables) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const rows = await (server.db as any).selectFrom(table).selectAll().execute()
      parts.push(`${table}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 12)}`)
    }
    return parts.join(' ')
  }

  function changedTables(before: string, after: string): string {
    const old = new Set(before.split(' '))
    return after.split(' ').filter((p) => !old.has(p)).map((p) => p.split(':')[0]).join(', ')
  }

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    tables = (await server.db.introspection.getTables()).map((t) => t.name).filter((t) => !UNTRACKED.has(t)).sort()
    token = await freshToken()
    const member = await server.db.selectFrom('member').select('id').orderBy('id').executeTakeFirstOrThrow()
    await server.db.insertInto('memberSession').values({ tokenHash: sha256Hex(memberToken), memberId: member.id, expiresAt: Date.now() + 3_600_000, createdAt: nowText() }).execute()
  }, 120_000)
  afterAll(() => server?.stop())

  it('no route answers ≥ 500, cuts a file, or changes a row when it refuses', async () => {
    console.log(`route fuzz seed ${SEED} (${database.name}); replay with FUZZ_SEED=${SEED}`)
    const random = generator(SEED)
    const failures: string[] = []
    let before = await digest()
    let requests = 0
    for (const c of cases(random)) {
      // Member routes are fuzzed as a signed-in member: their input is what is tried.
      const credentials: Record<string, string> = c.route.access === 'public' ? {} : c.route.access === 'member' ? { MemberToken: memberToken } : { Token: token }
      let answer: { status: number; bytes: Buffer }
      try {
        answer = await send(server.url, c.route, c.input, credentials)
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
        before = await digest()
        continue
      }
      if (c.route.method === 'GET') continue
      const after = await digest()
      if (answer.status >= 400 && after !== before) failures.push(`${c.name} ${c.field}: refused with ${answer.status} but changed ${changedTables(before, after)}`)
      before = after
    }
    console.log(`route fuzz: ${requests} requests, ${failures.length} failures`)
    expect(failures, `seed ${SEED}`).toEqual([])
  }, 900_000)
})
