import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { pathParamNames, splitInput, type RouteDef } from '../../src-shared/contract'
import { hashPassword } from '../../src-server/auth/passwords'
import { sha256Hex } from '../../src-server/auth/tokens'
import { nowText } from '../../src-server/db/time'
import type { Db } from '../../src-server/db/types'
import { insertRole } from '../../src-server/seed/base'
import { login } from './login'
import { sampleUpload } from './sample-files'

/*
 * What the tests generated over the route table share (route-fuzz, the authorization
 * matrix, refusal-changes-nothing): accounts, inputs built from a route's schemas, the
 * request as a client sends it, and a fingerprint of the data a call may change.
 */

/** The password of every account (and member) the generated tests make. */
export const ACCOUNT_PASSWORD = 'Routes@12345'
let accounts = 0

/** A signed-in account whose role grants exactly `permissionIds` (province-wide unless linked to a member). */
export async function roleAccount(server: { url: string; db: Db }, permissionIds: readonly number[], memberId: number | null = null): Promise<string> {
  const { db } = server
  const now = nowText()
  const name = `routes${process.pid}_${++accounts}_${Math.floor(Math.random() * 1e6)}`
  const roleId = await insertRole(db, { title: name, remark: '生成测试' }, permissionIds)
  await db.insertInto('admin').values({ name, passwordHash: await hashPassword(ACCOUNT_PASSWORD), roleId, memberId, createdAt: now, updatedAt: now }).execute()
  return login(server.url, name, ACCOUNT_PASSWORD)
}

export type Shape = Record<string, z.ZodType>

/** The fields of a route's input: params, query and body merged. */
export function shapeOf(route: RouteDef): Shape {
  return { ...(route.params?.shape ?? {}), ...(route.query?.shape ?? {}), ...(route.body?.shape ?? {}) } as Shape
}

/** Values a field's schema may accept; the first it accepts fills the field in requests. */
export const PLAUSIBLE: readonly unknown[] = [1, '1', '测试', 'a', '2024-01-01 00:00:00', '2024-01-01', '2024-01', '13800000000', '320101', true, 0, [], {}, null]

/** A value the field's own schema accepts, when one of PLAUSIBLE is; otherwise the field is left out. */
export function plausibleInput(shape: Shape): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(shape)) {
    const value = PLAUSIBLE.find((v) => field.safeParse(v).success)
    if (value !== undefined) input[key] = value
  }
  return input
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** A file a test sends to an upload route. */
export interface SentFile {
  name: string
  bytes: Buffer
}

/** An upload's multipart body: the file given, else a sample of the kind asked for (a picture by default). */
function uploadForm(kind: unknown, file?: SentFile): FormData {
  const { name, bytes } = file ?? sampleUpload(typeof kind === 'string' ? kind : 'image')
  const form = new FormData()
  form.append('files', new Blob([new Uint8Array(bytes)]), name)
  return form
}

/** A route called as a client would (an upload with `file`, else a sample one): query values as text, path values URI-encoded; the whole answer read. */
export async function sendRoute(baseUrl: string, route: RouteDef, input: Record<string, unknown>, credentials: Readonly<Record<string, string>>, file?: SentFile) {
  // A lone surrogate cannot be URI-encoded: in a path it is sent as its replacement character.
  const pathSafe = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v]))
  const { path, query, body } = splitInput(route, { ...input, ...Object.fromEntries(pathParamNames(route.path).map((n) => [n, pathSafe[n]])) })
  const url = new URL(path, baseUrl)
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, queryText(v))
  const headers: Record<string, string> = { ...credentials }
  if (route.body) headers['Content-Type'] = 'application/json'
  const response = await fetch(url, { method: route.method, headers, body: route.kind === 'upload' ? uploadForm(query?.kind, file) : route.body ? JSON.stringify(body) : undefined })
  // Reading the whole body is the check that a file was not cut after its headers.
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, bytes }
}

/** A member's phone session (header MemberToken) made straight in the database, for calling the member routes. */
export async function memberSession(db: Db, name: string): Promise<string> {
  const member = await db.selectFrom('member').select('id').orderBy('id').executeTakeFirstOrThrow()
  await db.insertInto('memberSession').values({ tokenHash: sha256Hex(name), memberId: member.id, expiresAt: Date.now() + 3_600_000, createdAt: nowText() }).execute()
  return name
}

/** The headers a route's caller sends: none, the console's Token or the member's MemberToken. */
export function credentialsFor(route: RouteDef, token: string, member: string): Record<string, string> {
  if (route.access === 'public') return {}
  return route.access === 'member' ? { MemberToken: member } : { Token: token }
}

/** The message of an answer's envelope (or the start of its text). */
export function messageOf(bytes: Buffer): string {
  try {
    return String((JSON.parse(bytes.toString()) as { message?: unknown }).message)
  } catch {
    return bytes.toString().slice(0, 100)
  }
}

/**
 * Tables a refused call may still write, so a fingerprint leaves them out:
 * - operation_log: every write is logged, refused ones too (ARCHITECTURE rule 6);
 * - session: a request extends its session, sign-in and sign-out add and remove one;
 * - captcha, login_failure: a refused sign-in spends its captcha and counts its failure;
 * - rate_limit: every request of a limited route is counted, refused or not;
 * - member_session: a member's sign-in makes one, a request extends it;
 * - kysely_migration, kysely_migration_lock: the migrator's own, written at start only.
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['operation_log', 'session', 'captcha', 'login_failure', 'rate_limit', 'member_session', 'kysely_migration', 'kysely_migration_lock'])

/** Row count and a hash of the rows (in any order) of each table but the bookkeeping ones. */
export type Fingerprint = Map<string, { rows: number; hash: string }>

export async function dataTables(db: Db): Promise<string[]> {
  return (await db.introspection.getTables()).map((t) => t.name).filter((t) => !BOOKKEEPING_TABLES.has(t)).sort()
}

export async function fingerprint(db: Db, tables: readonly string[]): Promise<Fingerprint> {
  const print: Fingerprint = new Map()
  for (const table of tables) {
    // Tables named at run time: the cast only satisfies the typed builder, the query is the same for each.
    const rows = (await db.selectFrom(table as 'org').selectAll().execute()).map((row) => JSON.stringify(row)).sort()
    print.set(table, { rows: rows.length, hash: createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16) })
  }
  return print
}

/** The fingerprint of every table but the bookkeeping ones: equal before and after a call means it changed no record. */
export async function dataFingerprint(db: Db): Promise<Fingerprint> {
  return fingerprint(db, await dataTables(db))
}

/** What differs between two fingerprints, e.g. `notice 12 → 13 rows, notice_member (rows changed)`; empty when nothing. */
export function changedRows(before: Fingerprint, after: Fingerprint): string {
  const changes: string[] = []
  for (const [table, now] of after) {
    const was = before.get(table)
    if (!was || was.hash === now.hash) continue
    changes.push(was.rows === now.rows ? `${table} (${now.rows} rows, changed)` : `${table} ${was.rows} → ${now.rows} rows`)
  }
  return changes.join(', ')
}
