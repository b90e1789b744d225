import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes, type RouteName } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { locks, recordKinds, references, type RecordTable, type Reference } from '../../src-shared/references'
import { lockedRecordOf } from '../../src-server/db/locks'
import { messageOf, sendRoute } from '../support/route-calls'
import type { DeleteImpact } from '../../src-shared/schemas/references'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { dataOf } from '../support/envelope'
import { testDatabases } from '../support/databases'
import { failureOf, signInAs, type ApiAs } from './api-as'
import { call, startTestServer, type TestServer } from './harness'

/**
 * Generated from the declared references (src-shared/references.ts), next to the
 * authorization matrix: for each reference whose record a route deletes, a fresh record
 * gets one referrer, the console asks what deleting it would do, and the record is
 * deleted through that route. A refusal must say the declared message and change
 * nothing; a cascade must take the referrer with it; a set null must leave the referrer
 * without the link; and what the confirmation counted must be what happened.
 *
 * Rows are made from the live schema: every required column gets a value, a required
 * reference a shared record of its own. `placed` are the few columns a row needs to lie
 * inside the super user's tree (paths) or to be the kind its route deletes.
 */

type Row = Record<string, unknown>
interface Column {
  name: string
  required: boolean
  text: number | null
  numeric: boolean
}

/** Rows come back through the camelCase plugin. */
const camel = (column: string) => column.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())

/** Times are text(19), yyyy-MM-dd HH:mm:ss (triggers read the year from them). */
const TIME_TEXT = 19
const AT = '2026-03-02 09:00:00'

const routeOf = (table: RecordTable): { name: RouteName; route: RouteDef } | null => {
  const name = recordKinds[table].deletedBy as RouteName | null
  return name ? { name, route: routes[name] } : null
}

describe.each(testDatabases())('declared references, deleted through the API ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let unique = 0
  let rootOrg: { id: number; path: string }

  const db = () => server.db
  const raw = async <T = Row>(query: ReturnType<typeof sql>) => (await query.execute(db())).rows as T[]

  async function columnsOf(table: string): Promise<Column[]> {
    if (database.dialect === 'postgres') {
      const found = await raw<{ name: string; nullable: string; hasDefault: string | null; type: string; length: number | null; identity: string }>(
        sql`SELECT column_name AS name, is_nullable AS nullable, column_default AS has_default, data_type AS type,
          character_maximum_length AS length, is_identity AS identity FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table}`,
      )
      return found
        .filter((c) => c.identity !== 'YES')
        .map((c) => ({ name: c.name, required: c.nullable === 'NO' && c.hasDefault === null, text: /char|text/.test(c.type) ? (c.length ?? 1000) : null, numeric: !/char|text/.test(c.type) }))
    }
    const found = await raw<{ name: string; notnull: number; dfltValue: string | null; type: string; pk: number }>(sql`SELECT name, "notnull", dflt_value, type, pk FROM pragma_table_info(${table})`)
    return found
      .filter((c) => !(c.pk === 1 && c.name === 'id'))
      .map((c) => {
        const length = /char\((\d+)\)|text/i.exec(c.type)
        return { name: c.name, required: c.notnull === 1 && c.dfltValue === null, text: length ? Number(length[1] ?? 1000) : null, numeric: !length }
      })
  }

  /** Columns a row needs to lie in the super user's tree, or to be what its delete route deletes. */
  function placed(table: string, values: Row): Row {
    const org = { parent_id: rootOrg.id, path: rootOrg.path, org_path: rootOrg.path }
    if (table === 'org') return { parent_id: org.parent_id, path: `${rootOrg.path}${unique}/`, ...values }
    if (table === 'member') return { org_id: rootOrg.id, org_path: rootOrg.path, ...values }
    if (table === 'train' || table === 'train_sign_up') return { org_id: rootOrg.id, ...values }
    if (table === 'exam') return { type: 2, ...values }
    if (table === 'paper') return { question_list: '[]', category_list: '[]', ...values }
    if (table === 'notice') return { owner_org_id: rootOrg.id, ...values }
    // 短信设置 is one row whose id is 1.
    if (table === 'sms_setting') return { id: 1, provider: 'none', ...values }
    return values
  }

  /** A new row of `table` with `values`, every other required column filled in; its id (0 for a table keyed otherwise). */
  async function make(table: string, values: Row = {}): Promise<number> {
    unique += 1
    const row: Row = {}
    for (const column of await columnsOf(table)) {
      if (!column.required) continue
      const reference = references.find((r) => r.from === table && r.column === column.name)
      row[column.name] = reference ? await dependency(reference.to) : column.text === TIME_TEXT ? AT : column.text !== null ? `r${unique}`.slice(0, column.text) : unique
    }
    Object.assign(row, placed(table, values))
    const names = Object.keys(row)
    const keyed = await hasId(table)
    const [made] = await raw<{ id: number }>(
      sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.id(n)))}) VALUES (${sql.join(names.map((n) => row[n]))}) ${keyed ? sql`RETURNING id` : sql``}`,
    )
    return made?.id ?? 0
  }

  const hasId = async (table: string) =>
    database.dialect === 'postgres'
      ? (await raw(sql`SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = 'id'`)).length > 0
      : (await raw(sql`SELECT 1 FROM pragma_table_info(${table}) WHERE name = 'id'`)).length > 0

  /** What a made row points at when it must point somewhere: a record of its own (no unique pair repeats), in the root organisation. */
  const dependency = (table: string): Promise<number> => (table === 'org' ? Promise.resolve(rootOrg.id) : make(table))

  const rowOf = async (table: string, id: number) => (await raw(sql`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`))[0]
  const referrersOf = async (r: Reference, target: number) =>
    raw(sql`SELECT * FROM ${sql.table(r.from)} WHERE ${sql.id(r.column)} = ${target} ORDER BY 1`)

  async function deleteThrough(table: RecordTable, id: number) {
    const { route } = routeOf(table)!
    const path = route.path.replace('{id}', String(id)).replace('{ids}', String(id))
    return path.includes(String(id)) ? admin.del(path) : call(server.url, 'DELETE', path, { token: admin.token, body: { id } })
  }

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    rootOrg = await db().selectFrom('org').select(['id', 'path']).where('parentId', 'is', null).executeTakeFirstOrThrow()
  }, 120_000)
  afterAll(() => server?.stop())

  const deletable = references.filter((r) => routeOf(r.to) !== null)

  it('covers every declared reference but those to records only a cascade deletes', () => {
    // A sign-in window, a candidate round, a sitting and an SMS have no delete route: their parents' cascades take them.
    expect([...new Set(references.filter((r) => routeOf(r.to) === null).map((r) => r.to))].sort()).toEqual(['exam_attempt', 'member_exam', 'sms_message', 'train_sign_in'])
  })

  it('asks what a delete would do with the permission and data scope of the route that deletes', async () => {
    const outside = await make('member')
    const orgadmin = await signInAs(server.url, demoAccounts.orgadmin)
    const norole = await signInAs(server.url, demoAccounts.norole)
    const ask = (api: ApiAs) => api.get('/api/references/impact', { table: 'member', ids: String(outside) })
    expect(failureOf(await ask(orgadmin))).toMatchObject({ status: 404, message: '党员不存在' })
    expect(failureOf(await ask(norole))).toMatchObject({ status: 403, error: 'NO_ROLE' })
    expect(dataOf((await ask(admin)).body)).toEqual({ refusal: null, effects: [], message: '' })
    // A seat picture is scoped by its training, though its delete route checks that in the handler; an exam needs its permission.
    const picture = await make('train_location_picture')
    const askPicture = (api: ApiAs) => api.get<DeleteImpact>('/api/references/impact', { table: 'train_location_picture', ids: String(picture) })
    expect(failureOf(await askPicture(orgadmin))).toMatchObject({ status: 404, message: '座位图不存在' })
    expect(dataOf((await askPicture(admin)).body).refusal).toBeNull()
    expect(failureOf(await orgadmin.get('/api/references/impact', { table: 'exam', ids: String(await make('exam')) }))).toMatchObject({ status: 403 })
  })

  it('counts each row that goes once, however many paths of cascades reach it, and says it in one sentence', async () => {
    const train = await make('train')
    const signUps = [await make('train_sign_up', { train_id: train }), await make('train_sign_up', { train_id: train })]
    const window = await make('train_sign_in', { train_id: train })
    // Reached through the training and through its sign-up (and its window).
    await make('train_check_in', { train_id: train, sign_up_id: signUps[0], sign_in_id: window })
    // Emptied by the sign-up's delete, deleted with the training: deleted.
    await make('train_member_location', { train_id: train, sign_up_id: signUps[1] })
    const impact = dataOf((await admin.get<DeleteImpact>('/api/references/impact', { table: 'train', ids: String(train) })).body)
    expect(impact.effects.filter((e) => e.text !== null)).toEqual([
      { table: 'train_sign_up', action: 'cascade', count: 2, text: '2 条报名记录' },
      { table: 'train_check_in', action: 'cascade', count: 1, text: '1 条签到记录' },
      { table: 'train_member_location', action: 'cascade', count: 1, text: '1 个座位' },
    ])
    expect(impact.message).toBe('将同时删除其 2 条报名记录、1 条签到记录、1 个座位')
    expect(dataOf((await deleteThrough('train', train)).body)).toBeNull()
    for (const table of ['train_sign_up', 'train_check_in', 'train_member_location', 'train_sign_in']) {
      expect(await raw(sql`SELECT 1 FROM ${sql.table(table)} WHERE train_id = ${train}`), table).toEqual([])
    }
  })

  it.each(deletable.map((r) => [`${r.from}.${r.column} → ${r.to} (${r.onDelete})`, r] as const))('%s', async (_name, reference) => {
    const target = await make(reference.to)
    const placedReferrer = reference.from === reference.to ? { path: `${rootOrg.path}${target}/${unique + 1}/` } : {}
    const referrer = await make(reference.from, { ...placedReferrer, [reference.column]: target })
    const before = { target: await rowOf(reference.to, target), referrers: await referrersOf(reference, target) }
    expect(before.referrers.length).toBe(1)

    const impact = dataOf(
      (await admin.get<DeleteImpact>('/api/references/impact', { table: reference.to, ids: String(target) })).body,
    )
    const answer = await deleteThrough(reference.to, target)

    if (reference.onDelete === 'refuse') {
      const label = (recordKinds as Record<string, { label: string | null }>)[reference.from]?.label
      const names = label ? [String(before.referrers[0][camel(label)])] : []
      const targetLabel = recordKinds[reference.to].label
      const expected = reference.refusal({ names, count: 1, target: targetLabel ? String(before.target[camel(targetLabel)]) : recordKinds[reference.to].noun })
      expect(impact.refusal).toBe(expected)
      expect(failureOf(answer)).toMatchObject({ status: 409, error: 'CONFLICT', message: expected })
      expect(await rowOf(reference.to, target)).toEqual(before.target)
      expect(await referrersOf(reference, target)).toEqual(before.referrers)
      return
    }
    expect(impact.refusal).toBeNull()
    expect(answer.body).toMatchObject({ code: 0 })
    expect(await rowOf(reference.to, target)).toBeUndefined()
    const effect = impact.effects.find((e) => e.table === reference.from && e.action === reference.onDelete)
    expect(effect?.count).toBe(1)
    if (reference.effect) expect(impact.message).toContain(reference.effect(1))
    if (reference.onDelete === 'cascade') {
      expect(await referrersOf(reference, target)).toEqual([])
    } else {
      expect((await rowOf(reference.from, referrer))?.[camel(reference.column)]).toBeNull()
    }
  })

  // Generated from the declared locks: each edit route of a locked record, with one referrer of each holding reference.
  const lockCases = locks.flatMap((lock) =>
    lock.by.flatMap((reference) =>
      (Object.entries(routes) as [RouteName, RouteDef][])
        .filter(([name, route]) => lockedRecordOf(name, route) === lock.record)
        .map(([name, route]) => [`${name} while ${reference.from}.${reference.column} names the ${lock.record}`, lock, reference, name, route] as const),
    ),
  )

  it('declares an edit route for every locked record', () => {
    expect(lockCases.length).toBeGreaterThanOrEqual(locks.reduce((n, l) => n + l.by.length, 0))
  })

  it.each(lockCases)('read-only: %s', async (_title, lock, reference, _name, route) => {
    const target = await make(lock.record)
    const send = () => sendRoute(server.url, route, { id: target }, { Token: admin.token })
    // Without a referrer the edit is judged on its input (here nothing but the id), not refused as read-only.
    expect((await send()).status).not.toBe(409)

    const referrer = await make(reference.from, { [reference.column]: target })
    const label = (recordKinds as Record<string, { label: string | null }>)[reference.from]?.label
    const names = label ? [String((await rowOf(reference.from, referrer))![camel(label)])] : []
    const held = (await rowOf(lock.record, target))!
    const refused = await send()
    expect(refused.status).toBe(409)
    const targetLabel = recordKinds[lock.record].label
    expect(messageOf(refused.bytes)).toBe(lock.refusal({ names, count: 1, target: targetLabel ? String(held[camel(targetLabel)]) : recordKinds[lock.record].noun }))
    expect(await rowOf(lock.record, target)).toEqual(held)
  })
})
