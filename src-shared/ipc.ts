import { z } from 'zod'
import { forwardedRouteNames, routes, type ForwardedRouteName, type RouteName, type Routes } from './api'
import { noInput, routeInputSchema, type RouteDef, type RouteInput, type RouteOutput } from './contract'
import type { ErrorKey, FieldIssue } from './errors'
import { LoginFormSchema, OfflineLoginFormSchema, UserInfoSchema } from './schemas/auth'
import { FileRangeSchema, ReadRangeSchema, StoredPathSchema, UploadedFileSchema, UploadKindSchema } from './schemas/files'
import { DoorCheckInOutcomeSchema, DoorCheckInSchema, DoorSearchResultSchema, DoorSearchSchema } from './schemas/door'
import { DocumentSchema, PrintResultSchema } from './schemas/documents'
import { SetupFormSchema, SetupStatusSchema } from './schemas/setup'
import { isAllowedUpdateFeed, UPDATE_FEED_MESSAGE } from './update-feed'
import { SeatPlanSaveBodySchema, SeatSaveResultSchema } from './schemas/seating'
import { PrepareOfflineResultSchema, PrepareOfflineSchema, RefusedWriteSchema, SyncConflictSchema, SyncDismissSchema, SyncResolveSchema, SyncStatusSchema, type SyncStatus } from './schemas/sync'

/**
 * The renderer ⇄ desktop-core contract. One channel, `invoke(method, input)`.
 * Methods are either a forwarded route of the platform API (same name, same
 * schemas, derived from `routes`) or one of the core's own methods below.
 */

export const SettingsSchema = z.object({
  /** `standalone`: the core runs the platform server in-process on SQLite. */
  serverMode: z.enum(['standalone', 'remote']),
  serverUrl: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+(:\d+)?(\/.*)?$/, '服务器地址格式错误，例如 http://192.168.1.10:8686')
    .optional(),
  /** Where the desktop app looks for updates (electron-updater's generic provider: latest.yml and the installers). */
  updateUrl: z
    .string()
    .trim()
    .refine((address) => address === '' || isAllowedUpdateFeed(address), UPDATE_FEED_MESSAGE)
    .optional(),
})
export type Settings = z.infer<typeof SettingsSchema>

export const AppInfoSchema = z.object({
  version: z.string(),
  host: z.enum(['electron', 'web']),
  serverMode: z.enum(['standalone', 'remote']),
  serverUrl: z.string(),
  /** True when the host can open native open/save dialogs (Electron). */
  nativeDialogs: z.boolean(),
})
export type AppInfo = z.infer<typeof AppInfoSchema>


/** Routes that answer with a file (exports, templates, stored uploads). */
export type DownloadRouteName = { [K in RouteName]: Routes[K] extends { kind: 'download' } ? K : never }[RouteName]
export const downloadRouteNames = (Object.keys(routes) as RouteName[]).filter(
  (name) => (routes[name] as RouteDef).kind === 'download',
) as DownloadRouteName[]

/**
 * What `files.download` did: saved where the user chose (native save dialog), the user
 * cancelled, or — without native dialogs (web host) — the bytes for the browser to save.
 */
export const DownloadResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), name: z.string(), path: z.string() }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('data'), name: z.string(), contentType: z.string(), base64: z.string() }),
])
export type DownloadResult = z.infer<typeof DownloadResultSchema>

/** A file's name and its bytes as base64, as the renderer sends them to the core. */
const namedBytes = { name: z.string().min(1).max(255), base64: z.string().max(700 * 1024 * 1024) }

/** A form's draft key: the form and its record, e.g. `train:new`, `train:12`, `news:new` (the core adds the account). */
const DraftKeySchema = z.object({ key: z.string().min(1).max(200) })
/** A draft as the core keeps it: the form's values as JSON text, and when it was last saved (yyyy-MM-dd HH:mm). */
export const DraftSchema = z.object({ data: z.string(), savedAt: z.string() })
export type Draft = z.infer<typeof DraftSchema>

export const coreMethods = {
  'session.login': { input: LoginFormSchema, output: UserInfoSchema },
  /**
   * Sign-in from the login page while the server cannot be reached (no captcha): the
   * password is checked against this computer's verifier of the last online sign-in.
   */
  'session.loginOffline': { input: OfflineLoginFormSchema, output: UserInfoSchema },
  'session.logout': { input: noInput, output: z.null() },
  /** The signed-in account, or null when there is no valid session. */
  'session.current': { input: noInput, output: UserInfoSchema.nullable() },
  'settings.get': { input: noInput, output: SettingsSchema },
  'settings.set': { input: SettingsSchema, output: SettingsSchema },
  'app.info': { input: noInput, output: AppInfoSchema },
  /** Whether this computer still needs its first run (production consoles only). */
  'setup.status': { input: noInput, output: SetupStatusSchema },
  /** Completes the first run: 单机 starts the own server with the chosen admin password; 连接服务器 saves the address and key. */
  'setup.complete': { input: SetupFormSchema, output: z.null() },
  /**
   * Native open dialog + upload (Electron). Null when the user cancels the dialog.
   * With `taskId`: `progress` events while the bytes go out, and `files.cancel` stops it.
   */
  'files.pickAndUpload': {
    input: z.object({ kind: UploadKindSchema, multiple: z.boolean().optional(), taskId: z.string().max(100).optional() }),
    output: z.array(UploadedFileSchema).nullable(),
  },
  /** Upload bytes the renderer already holds (web host's file input, drag and drop); `taskId` as above. */
  'files.uploadBytes': {
    input: z.object({ kind: UploadKindSchema, ...namedBytes, taskId: z.string().max(100).optional() }),
    output: z.array(UploadedFileSchema),
  },
  /** Stops the upload running under `taskId`: it fails with 已取消上传 and the server keeps nothing. */
  'files.cancel': { input: z.object({ taskId: z.string().max(100) }), output: z.null() },
  /** A stored upload as a data: URI, for display in the renderer. */
  'files.readAsDataUrl': { input: StoredPathSchema, output: z.string() },
  /**
   * Bytes `[start, end)` of a stored upload (at most MAX_READ_RANGE_BYTES) and the file's
   * size, read with an HTTP Range request: a viewer of a large PDF reads only what it draws.
   */
  'files.readRange': { input: ReadRangeSchema, output: FileRangeSchema },
  /**
   * Fetches a download route with the session's token and saves it: through the native
   * save dialog where there is one, otherwise handed back for the browser to save.
   * `input` is the route's own input (filters of an export), checked with its schema;
   * `taskId` names the `progress` events sent while the bytes arrive.
   */
  'files.download': {
    input: z.object({
      route: z.enum(downloadRouteNames as [DownloadRouteName, ...DownloadRouteName[]], { error: '不支持的下载' }),
      input: z.record(z.string(), z.unknown()).optional(),
      taskId: z.string().max(100).optional(),
    }),
    output: DownloadResultSchema,
  },
  /**
   * Saves a file the renderer made (a seat list, a PDF report) as `files.download` saves a
   * route's file: `saved` once the native save dialog's choice is written, `cancelled`, or
   * — web host — `data`, the same bytes back for the browser to save.
   */
  'files.saveBytes': { input: z.object({ ...namedBytes, contentType: z.string().min(1).max(200) }), output: DownloadResultSchema },
  /**
   * Draws a document (report, seat chart, venue paper) as a vector PDF with the shipped
   * CJK font (src-main/core/documents) and saves it as `files.saveBytes` saves a file.
   */
  'documents.save': { input: z.object({ document: DocumentSchema }), output: DownloadResultSchema },
  /**
   * 打印: draws the document and prints it — the desktop's print dialog (with its preview);
   * the web host hands the PDF back (`data`) for the browser's own print.
   */
  'documents.print': { input: z.object({ document: DocumentSchema }), output: PrintResultSchema },
  /**
   * Saves a seat plan — the one way to, under the server route's name (the route itself is
   * not forwarded): to the server when it answers and nothing of the training waits queued,
   * otherwise into the core's durable outbox (`queued`), synced exactly once when the server
   * is back (rule 7).
   */
  'seat.save': {
    input: SeatPlanSaveBodySchema,
    output: z.union([SeatSaveResultSchema, z.object({ outcome: z.literal('queued'), pending: z.number().int() })]),
  },
  'sync.status': { input: noInput, output: SyncStatusSchema },
  /** Tries the server now and replays the outbox. */
  'sync.now': { input: noInput, output: SyncStatusSchema },
  /** Queued seat saves the server refused, with both versions. */
  'sync.conflicts': { input: z.object({ trainId: z.number().int().positive().optional() }).optional(), output: z.array(SyncConflictSchema) },
  'sync.resolve': { input: SyncResolveSchema, output: SyncStatusSchema },
  /** Queued writes the server refused for good, with its reasons (nothing refused is dropped silently). */
  'sync.refused': { input: noInput, output: z.array(RefusedWriteSchema) },
  /** Takes a read refusal off the list. */
  'sync.dismiss': { input: SyncDismissSchema, output: SyncStatusSchema },
  /** 准备离线: reads and caches everything a training's venue needs; `progress` events under taskId. */
  'offline.prepare': { input: PrepareOfflineSchema, output: PrepareOfflineResultSchema },
  /** 签到台 opened: online, the training's roster and check-ins are read into the cache (as 准备离线 does); offline, whether it holds them. */
  'door.open': { input: z.object({ trainId: z.number().int().positive() }), output: z.object({ cached: z.boolean(), people: z.number().int() }) },
  /** Looks people up in the cached roster: name, phone digits, pinyin initials or a scanned sign-up code. */
  'door.search': { input: DoorSearchSchema, output: DoorSearchResultSchema },
  /** Checks a person in at the door: at the server, or queued once in the outbox while it cannot be reached. */
  'door.checkIn': { input: DoorCheckInSchema, output: DoorCheckInOutcomeSchema },
  /** Drafts of long forms, per signed-in account (src-main/core/cache/drafts.ts). */
  'drafts.get': { input: DraftKeySchema, output: DraftSchema.nullable() },
  // Rich text with pasted pictures can be large; 20 MB of JSON is far past any form's text.
  'drafts.save': { input: DraftKeySchema.extend({ data: z.string().max(20 * 1024 * 1024) }), output: z.null() },
  'drafts.discard': { input: DraftKeySchema, output: z.null() },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

type CoreMethods = typeof coreMethods

export type RpcMethods = {
  [K in ForwardedRouteName]: { input: RouteInput<Routes[K]>; output: RouteOutput<Routes[K]> }
} & {
  [K in keyof CoreMethods]: { input: z.input<CoreMethods[K]['input']>; output: z.output<CoreMethods[K]['output']> }
}

export type RpcName = keyof RpcMethods
export type RpcInput<K extends RpcName> = RpcMethods[K]['input']
export type RpcOutput<K extends RpcName> = RpcMethods[K]['output']

/**
 * Lets methods without input, or whose input fields are all optional, be called as
 * `call('session.current')` / `call('auth.captcha')` (the bridge parses a missing input
 * as no input, or as no filters).
 */
export type RpcArgs<K extends RpcName> = undefined extends RpcInput<K>
  ? [input?: RpcInput<K>]
  : Record<string, never> extends RpcInput<K>
    ? [input?: RpcInput<K>]
    : [input: RpcInput<K>]

export const rpcNames: readonly RpcName[] = [...forwardedRouteNames, ...(Object.keys(coreMethods) as (keyof CoreMethods)[])]

export function isRpcName(value: unknown): value is RpcName {
  return typeof value === 'string' && (rpcNames as readonly string[]).includes(value)
}

/** The schema that validates a method's input at the bridge. */
export function rpcInputSchema(name: RpcName): z.ZodType {
  if (name in coreMethods) return coreMethods[name as keyof CoreMethods].input
  return routeInputSchema(routes[name as ForwardedRouteName])
}

/** What crosses the bridge: errors are plain data, never thrown objects. */
export type RpcResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: { key: ErrorKey; message: string; issues?: FieldIssue[] } }

export interface RpcEvents {
  /** The session ended (expired token, signed out elsewhere): show the login page. */
  'session.expired': { message: string }
  /** Progress of long work (imports, exports, sync). */
  progress: { taskId: string; done: number; total: number; label?: string }
  /** The offline and outbox state changed. */
  'sync.status': SyncStatus
}
export type RpcEventName = keyof RpcEvents

/** What the preload script exposes as `window.bridge`, and what the web host imitates. */
export interface Bridge {
  invoke(method: string, input?: unknown): Promise<RpcResult<unknown>>
  on<E extends RpcEventName>(event: E, listener: (payload: RpcEvents[E]) => void): () => void
}

export { EVENT_CHANNEL, RPC_CHANNEL } from './ipc-channels'
