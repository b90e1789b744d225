import { z } from 'zod'
import type { PermissionKey } from './permissions'

/**
 * Who may call a route: anybody (`public`), any signed-in account (`login`), a member
 * signed in on the phone pages with their own session (`member`, header MemberToken), an
 * account whose role grants the named screen permission, or one granting any of a
 * list of them (reads that several screens need, e.g. the member list of a picker).
 */
export type Access = 'public' | 'login' | 'member' | PermissionKey | readonly PermissionKey[]

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/**
 * Kinds of records that belong to an organisation tree (spec 000 §6); one SQL predicate
 * each lives in src-server/scope/kinds.ts.
 */
export type ScopeKind = 'admin' | 'org' | 'member' | 'role' | 'train' | 'signUp' | 'seat' | 'seatPicture' | 'exam' | 'memberExam' | 'notice'

/**
 * The inputs of a route that name records of a tree, by input name, e.g.
 * `{ trainId: 'train' }` or `{ id: 'exam' }`; an input may hold one id or a list of them,
 * and an absent optional input is not checked. The route mechanism answers NOT_FOUND
 * when a named record lies outside the caller's tree, before the handler runs, and the
 * generated authorization matrix (tests/server/authorization-matrix.test.ts) probes every
 * declared input.
 */
export type ScopeDecl = Readonly<Partial<Record<string, ScopeKind>>>

/**
 * One row of the route table. Input is the merge of the path params and either the
 * query (GET, DELETE without body) or the JSON body; the server, the core's API client
 * and the RPC bridge all validate with these same schemas.
 */
export interface RouteDef {
  method: HttpMethod
  /** Path as the spec shows it, with `{name}` placeholders. */
  path: string
  summary: string
  access: Access
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodObject
  response: z.ZodType
  /**
   * `json` (default): an envelope `{code, message, data}`.
   * `upload`: multipart field `files`; `download`: a streamed file, no envelope.
   */
  kind?: 'json' | 'upload' | 'download'
  /**
   * Forwarded to the renderer over RPC as-is. False where the core must do the work
   * itself (login encryption, token handling, native file dialogs).
   */
  rpc?: boolean
  /** The inputs naming records of a tree: see ScopeDecl. */
  scope?: ScopeDecl
  /**
   * The route changes province-wide records or settings (docs/decisions.md, "Every module
   * has an owner"): only an account whose data scope is the root may call it.
   */
  province?: true
  /**
   * Whether a call goes into the operation log; by default every call but a GET. False keeps
   * a public write out of it (a member's autosaved answers are not administrative actions, and
   * logging each would double the writes of an exam); true logs a GET that writes (the spec's
   * roster upload is a GET).
   */
  log?: boolean
  /**
   * The server table whose row the route writes, for the operation log: the input's `id`
   * names the row changed or deleted, or (without one) the response's `id` the row
   * created, unless `recordBy` says where its id is. The route mechanism records it
   * before and after; handlers never do. A write route without it (and without a scope
   * on `id`, which names the table as well) says why in `unrecorded`.
   */
  record?: string
  /** Where the id of the `record` is when it is not the input's `id` or the created row's answer `id`: see RecordKey. */
  recordBy?: RecordKey
  /** The record as the log shows it when its row alone is not all of it: see RecordView. */
  recordView?: RecordView
  /**
   * Why a logged write names no record: it changes none (a dry run, a test message), or
   * only bookkeeping (a sign-in), or many at once (a bulk import or send), whose own
   * screens list them. The entry still says who did it, when and with what outcome.
   */
  unrecorded?: string
  /**
   * Why this write does not run in the one transaction the route mechanism opens for
   * every other write (src-server/http/write-transaction.ts): long work before its writes
   * (a file streamed to disk, a workbook read) or bookkeeping a refusal must keep. Such a
   * route must still change nothing when it refuses; tests/server/refusal-changes-nothing.test.ts checks it too.
   */
  outsideTransaction?: string
  /**
   * The route stays open to an account whose password another administrator set
   * (authorize.ts): it must be able to see who it is, sign out and change that password.
   * Every other route refuses such an account until it has.
   */
  beforePasswordChange?: true
}

/**
 * Where a write route's record id is found (RouteDef.recordBy):
 * - `{ input }`: the input holding the id, or a list of ids (`ids` of a batch);
 * - `{ answer }`: the answer's field naming the row the call made (a copy's new id): no "before";
 * - `'caller'`: the signed-in account's own row (its password);
 * - `{ row }`: the one row of a settings table.
 */
export type RecordKey = { input: string } | { answer: string } | 'caller' | { row: number }

/**
 * Records whose state the log shows beyond their own row, one reader each on the server
 * (src-server/http/record-views.ts): a role with its permissions, a training's
 * satisfaction questionnaire, a training's seat plan.
 */
export type RecordView = 'roleWithPermissions' | 'trainQuestionnaire' | 'trainSeatPlan'

/** Reasons routes give for `unrecorded`, one per kind of write that names no record. */
export const unrecorded = {
  signIn: 'a sign-in changes no record; the entry names the account signed in to',
  signOut: 'a sign-out ends the caller\'s own session, which is bookkeeping',
  upload: 'stores files; the records that use them are logged when they are saved',
  dryRun: 'a dry run: reads and checks a workbook and changes nothing',
  bulkImport: 'a bulk import: its rows are listed by the screen it fills; the entry says who imported and when',
  bulkSend: 'queues one message per member; 短信记录 lists each one',
  makeUpRounds: 'sets or moves the make-up round of each selected candidate at once; the exam\'s 考生 list shows them',
  testMessage: 'sends a test message and changes no record',
} as const

/** The reasons routes give for `outsideTransaction`, one per kind of route that needs it. */
export const outsideTransaction = {
  /** A file of up to 500 MB streams to disk: no connection may be held meanwhile. */
  upload: 'streams the files to disk first; its one write, the upload rows, is one INSERT after every file is checked',
  /** Reading and checking a whole workbook (and hashing passwords) must not hold the connection. */
  workbook: 'reads and checks the whole workbook before it writes; the import writes in one transaction of its own, after every check',
  /**
   * The exam's autosave, the hottest write (every candidate every 10–30 s): a BEGIN and a
   * COMMIT around it took its median on PostgreSQL from 20 to 32 ms (bench/exam-sitting.bench.ts,
   * 1,000 candidates on a loaded machine; 21 ms without them again).
   */
  autosave: 'its one write is a single UPDATE after its checks, atomic by itself; a refusal writes nothing',
  /** A refused sign-in must keep what it spent, or guessing would cost nothing. */
  signIn: 'a refused sign-in keeps its bookkeeping (the spent captcha, the counted failure); it writes nothing else',
  /** A wrong old password is counted like a wrong sign-in, or the route would be a free way to guess. */
  ownPassword: 'a wrong old password keeps its counted failure (login-delay.ts); the change itself runs in one transaction of its own',
} as const

export function defineRoutes<const T extends Record<string, RouteDef>>(routes: T): T {
  return routes
}

type InOf<S> = S extends z.ZodType ? z.input<S> : unknown
type OutOf<S> = S extends z.ZodType ? z.output<S> : unknown
type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** What a caller passes: params merged with query or body (before parsing). */
export type RouteInput<R extends RouteDef> = Simplify<
  InOf<R['params']> & InOf<R['query']> & InOf<R['body']>
>

/** What a handler receives: the same merge after parsing (defaults applied). */
export type RouteParsedInput<R extends RouteDef> = Simplify<
  OutOf<R['params']> & OutOf<R['query']> & OutOf<R['body']>
>

export type RouteOutput<R extends RouteDef> = z.output<R['response']>

/** `/api/member/{id}` → `['id']` */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
}

/** Fills `{name}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))
}

/** Splits a merged input into the parts of the HTTP request. */
export function splitInput(
  route: RouteDef,
  input: Record<string, unknown> | undefined,
): { path: string; query?: Record<string, unknown>; body?: Record<string, unknown> } {
  const all = { ...(input ?? {}) }
  const names = pathParamNames(route.path)
  const path = fillPath(route.path, all)
  for (const n of names) delete all[n]
  if (route.body) return { path, body: all }
  return { path, query: all }
}

/** Whether the route mechanism writes a call of the route into the operation log (see `log`). */
export function isLoggedRoute(route: { method: string; log?: boolean }): boolean {
  return route.log ?? route.method !== 'GET'
}

/** The input of a call that takes none. */
export const noInput = z.undefined().optional()

/** One schema for a route's merged input (params + query/body), as callers pass it. */
export function routeInputSchema(route: RouteDef): z.ZodType {
  const parts = [route.params, route.query, route.body]
  const objects = parts.filter((p): p is z.ZodObject => p !== undefined)
  if (objects.length === 0) return noInput
  const merged = objects.reduce((acc, o) => acc.extend(o.shape))
  // A call without input means "no filters": parse it as an empty object.
  return z.preprocess((v) => v ?? {}, merged)
}
