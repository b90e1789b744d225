import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { routeInputSchema } from '../../src-shared/contract'
import { allScreens } from '../../src-shared/permissions'
import { nowText } from '../../src-server/db/time'
import { inWriteTransaction } from '../../src-server/http/write-transaction'
import { outboxOf } from '../../src-server/modules/sms/outbox'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { changedRows, credentialsFor, dataTables, fingerprint, memberSession, messageOf, roleAccount, sendRoute, shapeOf } from '../support/route-calls'
import { accepts, existingRecords, realistic, REFERENCE, sampleObject, noRecords, type Existing } from '../support/route-samples'
import { call, startTestServer, type TestServer } from './harness'

/**
 * A refused write changes nothing (issue 24), generated from the route table: every write
 * route (non-GET) gets its refusal cases without per-route code, and around each refused
 * call every table's rows are fingerprinted (count and hash; the bookkeeping tables a
 * refusal may write are listed in route-calls.ts) and must be the same after it.
 * The cases, from a valid-looking input built from the route's schemas (ids 1: records of
 * the demo data):
 *  - schema: every field holds a value its own schema refuses;
 *  - missing: one reference (`id`, `…Id`, `ids`, `…Ids`, `…IdList`, at any depth) names a
 *    record that does not exist; a list of references keeps a real one beside it (a
 *    notice's members with one missing, a seat plan with one missing sign-up …), the
 *    refusals handlers make after they have started writing.
 */

/** An id no demo record has, inside every id column's range. */
const MISSING = 2_000_000_000
interface Case {
  label: string
  input: Record<string, unknown>
}

/** Values tried for the schema case; the first a field refuses is sent. */
const REFUSED: readonly unknown[] = [{ a: 1 }, [2147483648], 'a\u0000b', -1, null]
/** The value with the reference at `path` replaced by `missing(value there)`. */
function replaced(value: unknown, path: readonly (string | number)[], missing: (old: unknown) => unknown): unknown {
  if (path.length === 0) return missing(value)
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, missing) : v))
  const record = value as Record<string, unknown>
  return { ...record, [head]: replaced(record[head], rest, missing) }
}

/** Paths to every reference in a sample value; inside a list, of its first element. */
function referencePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length > 0 && typeof value[0] === 'object' ? referencePaths(value[0], [...path, 0]) : []
  if (value === null || typeof value !== 'object') return []
  const isReference = (key: string, v: unknown) => REFERENCE.test(key) && (typeof v !== 'object' || (Array.isArray(v) && typeof v[0] !== 'object'))
  return Object.entries(value).flatMap(([key, v]) => (isReference(key, v) ? [[...path, key]] : referencePaths(v, [...path, key])))
}

/** A list keeps a real element beside the one naming the missing record: [{…real}, {…missing}]. */
function withMissing(sample: Record<string, unknown>, path: (string | number)[]): unknown[] {
  const listAt = path.findIndex((p) => typeof p === 'number')
  const missing = (old: unknown) => (typeof old === 'string' ? [`${old},${MISSING}`, String(MISSING)] : [MISSING])
  const inOwnList = (old: unknown) => (Array.isArray(old) ? [[...old, MISSING]] : missing(old))
  if (listAt < 0) {
    const last = path.at(-1) as string
    const old = lookup(sample, path)
    return (/Ids$|IdList$|^ids$/.test(last) ? inOwnList(old) : missing(old)).map((m) => replaced(sample, path, () => m))
  }
  const listPath = path.slice(0, listAt)
  const list = lookup(sample, listPath) as unknown[]
  return missing(lookup(sample, path)).map((m) => replaced(sample, listPath, () => [list[0], replaced(list[0], path.slice(listAt + 1), () => m)]))
}

function lookup(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((v, p) => (v as Record<string | number, unknown> | undefined)?.[p], value)
}

function casesOf(route: RouteDef, existing: Existing): Case[] {
  const shape = shapeOf(route)
  if (Object.keys(shape).length === 0) return []
  const schema = routeInputSchema(route)
  const sample = realistic(sampleObject(shape), route, existing) as Record<string, unknown>
  const cases: Case[] = [
    {
      label: 'schema',
      input: Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, REFUSED.find((v) => !accepts(field, v)) ?? sample[key]])),
    },
  ]
  for (const path of referencePaths(sample)) {
    const inputs = withMissing(sample, path) as Record<string, unknown>[]
    // The first form the route's schema accepts (a list of ids as text or as numbers …).
    const input = inputs.find((i) => accepts(schema, i)) ?? inputs[0]
    cases.push({ label: `missing ${path.join('.')}`, input })
  }
  return cases
}

const writes = (Object.entries(routes) as [string, RouteDef][]).filter(([, route]) => route.method !== 'GET').map(([name, route]) => ({ name, route }))

describe.each(testDatabases())('a refused write changes nothing ($name)', (database) => {
  let server: TestServer
  let token = ''
  let member = ''
  let tables: string[] = []
  let existing: Existing = noRecords
  /** Per route: how its cases were answered, printed at the end (which refusals reached the handler). */
  const outcomes: string[] = []

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    tables = await dataTables(server.db)
    existing = await existingRecords(server.db, tables)
    token = await roleAccount(server, allScreens.map((s) => s.id))
    member = await memberSession(server.db, 'refusal-member')
  }, 120_000)
  afterAll(async () => {
    console.log(`refusal cases (${database.name}):\n${outcomes.join('\n')}`)
    await server?.stop()
  })

  /** The data once the SMS outbox has delivered what earlier calls queued (it writes in the background). */
  async function settled() {
    await outboxOf(server.db).idle()
    return fingerprint(server.db, tables)
  }

  it('gives every write route with an input its refusal cases', () => {
    const cases = writes.map((w) => ({ ...w, cases: casesOf(w.route, existing) }))
    // Only a route that takes no input at all has nothing to refuse.
    for (const { name, route } of cases.filter((w) => w.cases.length === 0)) expect(Object.keys(shapeOf(route)), name).toEqual([])
    expect(cases.filter((w) => w.cases.some((c) => c.label.startsWith('missing'))).length).toBeGreaterThan(50)
    // A write outside the route's transaction says why; its refusals are checked below like any other's.
    const outside = (Object.entries(routes) as [string, RouteDef][]).filter(([, route]) => route.outsideTransaction !== undefined)
    for (const [name, route] of outside) expect(route.method !== 'GET' && route.outsideTransaction !== '', name).toBe(true)
  })

  it.each(writes)('$name: its refusals change no row', async ({ name, route }) => {
    const failures: string[] = []
    const answered: string[] = []
    for (const c of casesOf(route, existing)) {
      const before = await settled()
      const answer = await sendRoute(server.url, route, c.input, credentialsFor(route, token, member))
      answered.push(`${c.label} ${answer.status} ${messageOf(answer.bytes).slice(0, 24)}`)
      if (answer.status < 400) continue
      const changed = changedRows(before, await settled())
      if (changed) failures.push(`${c.label}: refused (${answer.status} ${messageOf(answer.bytes)}) but changed ${changed}; input ${JSON.stringify(c.input).slice(0, 300)}`)
    }
    outcomes.push(`${name}: ${answered.join('; ')}`)
    expect(failures).toEqual([])
  })

  it('runs a nested transaction as a savepoint: its failure is undone, the rest commits', async () => {
    const { db } = server
    const now = nowText()
    const home = (name: string) => ({ name, status: 0, createTime: now, updatedAt: now })
    await inWriteTransaction(db, async (tx) => {
      await tx.insertInto('home').values(home('外层写入')).execute()
      await expect(
        tx.transaction().execute(async (inner) => {
          await inner.insertInto('home').values(home('内层写入')).execute()
          throw new Error('内层失败')
        }),
      ).rejects.toThrow('内层失败')
      await tx.transaction().execute((inner) => inner.insertInto('home').values(home('内层提交')).execute())
    })
    const names = (await db.selectFrom('home').select('name').where('name', 'in', ['外层写入', '内层写入', '内层提交']).execute()).map((r) => r.name).sort()
    expect(names).toEqual(['内层提交', '外层写入'].sort())
  })

  it("another request never reads a write's uncommitted rows, and waits for none on PostgreSQL", async () => {
    const { db } = server
    const org = await db.selectFrom('org').select(['id', 'path', 'topOrgId']).where('orgType', '=', '党支部').orderBy('id').executeTakeFirstOrThrow()
    const now = nowText()
    const name = '未提交的党员'
    const listed = () =>
      call<{ records: { name: string }[] }>(server.url, 'GET', '/api/member', { token, query: { name, pageNum: '1', pageSize: '10' } })
    let during: ReturnType<typeof listed> | undefined
    await expect(
      inWriteTransaction(db, async (tx) => {
        await tx
          .insertInto('member')
          .values({ name, telephone: '19999999123', orgId: org.id, orgPath: org.path, topOrgId: org.topOrgId, createdAt: now, updatedAt: now })
          .execute()
        // The list (prepared queries run straight on the driver) asked while the row is uncommitted.
        during = listed()
        const answeredAt = await Promise.race([during.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))])
        // SQLite has one connection: the read waits for this transaction; PostgreSQL reads the committed data at once.
        expect(answeredAt).toBe(database.dialect === 'sqlite' ? 'waiting' : 'answered')
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const answer = await (during as ReturnType<typeof listed>)
    expect(answer.status).toBe(200)
    expect(dataOf(answer.body).records).toEqual([])
  })
})
