import BetterSqlite3 from 'better-sqlite3'
import Fastify, { type FastifyInstance } from 'fastify'
import { ROOT_ORG_CODE } from '../src-shared/permissions'
import { MEMBER_COUNT_AHEAD_PAGES } from '../src-shared/schemas/member'
import { sha256Hex } from '../src-server/auth/tokens'
import { sqliteFileOf } from '../src-server/db/connect'
import { prefixRange } from '../src-server/db/prefix'

const PAGE_SIZE = 10
const COUNT_CAP = PAGE_SIZE * MEMBER_COUNT_AHEAD_PAGES

/**
 * The floor under `GET /api/member?name=…` on SQLite: the same two statements the
 * platform runs (the session with its account, scope and permissions; the page with its
 * capped count), prepared once, behind a bare Fastify route — and nothing else: no
 * input or output validation, no permission or scope check, no query builder, no
 * operation log. What the platform reaches beside it says how much of the cost is its
 * own; what this reaches says what the machine allows at all.
 */
export function memberFloorApp(databaseUrl: string): FastifyInstance {
  const db = new BetterSqlite3(sqliteFileOf(databaseUrl), { readonly: true })
  const session = db.prepare(`
    SELECT a.id, a.name, a.role_id, m.id AS member_id, m.org_id, m.top_org_id, s.id AS scope_org_id, s.path AS scope_path,
      (SELECT string_agg(CAST(permission_id AS text), ',') FROM role_permission rp WHERE rp.role_id = a.role_id) AS permission_ids
    FROM admin a
    LEFT JOIN member m ON m.id = a.member_id
    LEFT JOIN org s ON s.id = coalesce(m.top_org_id, m.org_id, (SELECT id FROM org WHERE org_code = @root))
    JOIN session se ON se.admin_id = a.id
    WHERE se.token_hash = @tokenHash AND se.expires_at > @now`)
  const page = db.prepare(`
    SELECT m.id, m.name, m.gender, m.telephone, m.org_id AS orgId, o.name AS orgName, m.top_org_id AS topOrgId, t.name AS topOrgName, m.enabled,
      (SELECT count(*) FROM (SELECT id FROM member WHERE name >= @from AND name < @to LIMIT @cap)) AS counted
    FROM member m LEFT JOIN org o ON o.id = m.org_id LEFT JOIN org t ON t.id = m.top_org_id
    WHERE m.name >= @from AND m.name < @to ORDER BY m.name, m.id LIMIT @limit OFFSET @offset`)
  const app = Fastify()
  app.get('/api/member', async (req, reply) => {
    const token = String(req.headers.token ?? '')
    if (!session.get({ tokenHash: sha256Hex(token), now: Date.now(), root: ROOT_ORG_CODE })) return reply.code(401).send({ code: 401 })
    const range = prefixRange(String((req.query as { name?: string }).name ?? ''))
    const rows = page.all({ ...range, cap: COUNT_CAP + 1, limit: PAGE_SIZE, offset: 0 }) as { counted: number }[]
    const counted = rows[0]?.counted ?? 0
    return { code: 0, message: '操作成功', data: { records: rows, total: Math.min(counted, COUNT_CAP), totalCapped: counted > COUNT_CAP } }
  })
  return app
}
