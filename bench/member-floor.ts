import { createHash } from 'node:crypto'
import BetterSqlite3 from 'better-sqlite3'
import Fastify, { type FastifyInstance } from 'fastify'
import { sqliteFileOf } from '../src-server/db/connect'

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
    LEFT JOIN org s ON s.id = coalesce(m.top_org_id, m.org_id, (SELECT id FROM org WHERE org_code = '320101'))
    JOIN session se ON se.admin_id = a.id
    WHERE se.token_hash = ? AND se.expires_at > ?`)
  const page = db.prepare(`
    SELECT m.id, m.name, m.gender, m.telephone, m.org_id AS orgId, o.name AS orgName, m.top_org_id AS topOrgId, t.name AS topOrgName, m.enabled,
      (SELECT count(*) FROM (SELECT id FROM member WHERE name >= @from AND name < @to LIMIT @cap)) AS counted
    FROM member m LEFT JOIN org o ON o.id = m.org_id LEFT JOIN org t ON t.id = m.top_org_id
    WHERE m.name >= @from AND m.name < @to ORDER BY m.name, m.id LIMIT @limit OFFSET @offset`)
  const app = Fastify()
  app.get('/api/member', async (req, reply) => {
    const token = String(req.headers.token ?? '')
    if (!session.get(createHash('sha256').update(token).digest('hex'), Date.now())) return reply.code(401).send({ code: 401 })
    const name = String((req.query as { name?: string }).name ?? '')
    const rows = page.all({ from: name, to: `${name}\u{10FFFF}`, cap: 101, limit: 10, offset: 0 }) as { counted: number }[]
    return { code: 0, message: '操作成功', data: { records: rows, total: Math.min(rows[0]?.counted ?? 0, 100), totalCapped: (rows[0]?.counted ?? 0) > 100 } }
  })
  return app
}
