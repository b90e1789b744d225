import BetterSqlite3 from 'better-sqlite3'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { ROOT_ORG_CODE } from '../src-shared/permissions'
import { MEMBER_COUNT_AHEAD_PAGES } from '../src-shared/schemas/member'
import { sha256Hex } from '../src-server/auth/tokens'
import { dialectOf, sqliteFileOf } from '../src-server/db/connect'
import { prefixRange } from '../src-server/db/prefix'

const PAGE_SIZE = 10
const COUNT_CAP = PAGE_SIZE * MEMBER_COUNT_AHEAD_PAGES

/*
 * The statements the platform runs for these two routes, as Kysely compiles them
 * (SQLite's `?` placeholders; PostgreSQL's `$n` are numbered from them).
 */
const SESSION = `select a.id, a.name, a.role_id, m.id as member_id, m.org_id, m.top_org_id, s.id as scope_org_id, s.path as scope_path,
  (select string_agg(cast(rp.permission_id as text), ',') from role_permission rp where rp.role_id = a.role_id) as permission_ids, se.expires_at
  from admin a left join member m on m.id = a.member_id
  left join org s on s.id = coalesce(m.top_org_id, m.org_id, (select r.id from org r where r.org_code = ?))
  inner join session se on se.admin_id = a.id where se.token_hash = ? and se.expires_at > ?`
const MEMBER_PAGE = `select m.id, m.name, m.gender, m.telephone, m.org_id, o.name as org_name, m.top_org_id, t.name as top_org_name, m.enabled,
  (select count(*) from (select member.id from member where (true and (member.name >= ? and member.name < ?)) limit ?) as c) as counted
  from member m left join org o on o.id = m.org_id left join org t on t.id = m.top_org_id
  where (true and (m.name >= ? and m.name < ?)) order by m.name, m.id limit ? offset ?`
const ROLE = 'select title from role where id = ?'
const MEMBER = `select m.id, m.name, m.gender, m.telephone, m.org_id, o.name as org_name, m.top_org_id, t.name as top_org_name, m.enabled,
  m.idcard, m.nation, m.avatar_url, o.org_code, m.department, m.jobs, m.party_jobs, m.tenure_time, m.same_tenure_year, m.created_at, m.updated_at
  from member m left join org o on o.id = m.org_id left join org t on t.id = m.top_org_id where m.id = ?`

type Row = Record<string, unknown>
/** Runs one of the statements above with positional values. */
type Run = (text: string, values: unknown[]) => Promise<Row[]>

function sqliteRunner(databaseUrl: string): Run {
  const db = new BetterSqlite3(sqliteFileOf(databaseUrl), { readonly: true })
  const statements = new Map<string, BetterSqlite3.Statement>()
  return async (text, values) => {
    let statement = statements.get(text)
    if (!statement) statements.set(text, (statement = db.prepare(text)))
    return statement.all(...values) as Row[]
  }
}

function postgresRunner(databaseUrl: string): Run {
  // As the platform's pool: ten connections, int8 as numbers, named prepared statements.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  })
  const named = new Map<string, { name: string; text: string }>()
  return async (text, values) => {
    let statement = named.get(text)
    if (!statement) {
      let n = 0
      statement = { name: `floor_${named.size + 1}`, text: text.replace(/\?/g, () => `$${++n}`) }
      named.set(text, statement)
    }
    return (await pool.query({ ...statement, values })).rows as Row[]
  }
}

/**
 * The floor under `GET /api/member?name=…` and `GET /api/user/info`: the same
 * statements the platform runs (the session with its account, scope and permissions;
 * the page with its capped count; the role and the member), prepared once, behind bare
 * Fastify routes — and nothing else: no input or output validation, no permission or
 * scope check, no query builder, no operation log. What the platform reaches beside it
 * says how much of the cost is its own; what this reaches says what the machine allows.
 */
export function floorApp(databaseUrl: string): FastifyInstance {
  const run = dialectOf(databaseUrl) === 'postgres' ? postgresRunner(databaseUrl) : sqliteRunner(databaseUrl)
  const session = async (token: string) => (await run(SESSION, [ROOT_ORG_CODE, sha256Hex(token), Date.now()]))[0]
  const app = Fastify()
  app.get('/api/member', async (req, reply) => {
    if (!(await session(String(req.headers.token ?? '')))) return reply.code(401).send({ code: 401 })
    const range = prefixRange(String((req.query as { name?: string }).name ?? ''))
    const rows = await run(MEMBER_PAGE, [range.from, range.to, COUNT_CAP + 1, range.from, range.to, PAGE_SIZE, 0])
    const counted = Number(rows[0]?.counted ?? 0)
    return { code: 0, message: '操作成功', data: { records: rows, total: Math.min(counted, COUNT_CAP), totalCapped: counted > COUNT_CAP } }
  })
  app.get('/api/user/info', async (req, reply) => {
    const user = await session(String(req.headers.token ?? ''))
    if (!user) return reply.code(401).send({ code: 401 })
    const role = user.role_id === null ? undefined : (await run(ROLE, [user.role_id]))[0]
    const member = user.member_id === null ? undefined : (await run(MEMBER, [user.member_id]))[0]
    const permissions = String(user.permission_ids ?? '').split(',')
    return { code: 0, message: '操作成功', data: { id: user.id, name: user.name, roleId: user.role_id, roleName: role?.title ?? null, permissions, memberDto: member ?? null } }
  })
  return app
}
