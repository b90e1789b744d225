import type { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import axios, { type AxiosResponse, type ResponseType } from 'axios'
import { routes, type RouteName, type Routes } from '../../src-shared/api'
import { splitInput, type RouteDef, type RouteInput, type RouteOutput } from '../../src-shared/contract'
import { AppError, ErrorKey, fromFailure, type ApiFailure } from '../../src-shared/errors'
import { routeInputSchema } from '../../src-shared/contract'
import type { UploadKind, UploadedFile } from '../../src-shared/schemas/files'
import { parseOrThrow } from './validation'

/** Where requests go and with which token; both can change while the core runs. */
export interface ApiClientDeps {
  /** Base URL of the platform server, e.g. `http://127.0.0.1:8686`; throws when none is available. */
  baseUrl(): string
  token(): string | null
  /** Called with the token that was sent when the server answers UNAUTHENTICATED. */
  onUnauthenticated(sentToken: string | null, error: AppError): Promise<void>
}

/** A call that may pass no input when the route accepts none. */
export type RouteArgs<K extends RouteName> =
  Record<string, never> extends RouteInput<Routes[K]> ? [input?: RouteInput<Routes[K]>] : [input: RouteInput<Routes[K]>]

export interface CallOptions {
  /** Sent instead of the held token (signing out a token already dropped). */
  token?: string
  /** Milliseconds; 0 waits as long as the transfer takes. */
  timeout?: number
}

export interface UploadOptions {
  /** Aborting it stops the transfer: the server keeps nothing of the file. */
  signal?: AbortSignal
  /** Bytes of the request sent so far, of `total` (axios reports a few times a second). */
  onProgress?(sent: number, total: number): void
}

/** Thrown when an upload's signal aborts it. */
export const UPLOAD_CANCELLED = '已取消上传'

export interface FetchedFile {
  bytes: Buffer
  contentType: string
}

/** A slice of a stored upload and the size of the whole file. */
export interface FetchedRange {
  bytes: Buffer
  total: number
}

/** A download whose body has not been read yet: it streams to wherever it is saved. */
export interface OpenedDownload {
  /** From the server's Content-Disposition, e.g. `党员名册.xlsx`. */
  name: string
  contentType: string
  /** Content-Length, when the server knows it (streamed exports do not). */
  size: number | null
  body: Readable
}

export interface ApiClient {
  call<K extends RouteName>(name: K, ...args: RouteArgs<K>): Promise<RouteOutput<Routes[K]>>
  /** The same as `call` for a name and input known only at run time (the RPC dispatcher). */
  callRoute(name: RouteName, input: unknown, options?: CallOptions): Promise<unknown>
  /** Uploads one file as multipart field `files` to `/api/upload?kind=`. */
  upload(kind: UploadKind, fileName: string, content: Blob | Uint8Array, options?: UploadOptions): Promise<UploadedFile[]>
  /** A stored upload's bytes (GET /api/file). */
  fetchFile(path: string): Promise<FetchedFile>
  /** Bytes `[start, end)` of a stored upload, by an HTTP Range request (GET /api/file). */
  fetchRange(path: string, start: number, end: number): Promise<FetchedRange>
  /** Starts a download route; a refusal (permission, filters) is thrown before any byte is kept. */
  openDownload(name: RouteName, input: unknown): Promise<OpenedDownload>
}

const JSON_TIMEOUT_MS = 30_000
const OFFLINE_MESSAGE = '无法连接服务器'

interface Envelope {
  code: number
  message: string
  data: unknown
  error?: unknown
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number'
}

/**
 * Whether the platform server itself answers at `baseUrl` (a light probe): any answer in
 * its envelope, even 接口不存在, counts; no answer, a timeout or a proxy's page does not.
 */
export async function serverAnswers(baseUrl: () => string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl()}/api/`, { signal: AbortSignal.timeout(timeoutMs) })
    return isEnvelope(await response.json())
  } catch {
    return false
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  // Every status is an answer to read (the envelope says what went wrong);
  // only a missing answer is an error of the transport.
  const http = axios.create({
    validateStatus: () => true,
    maxBodyLength: Infinity,
    maxContentLength: Infinity,
    // `a=1&a=2` for arrays, the form the server's query parser reads.
    paramsSerializer: { indexes: null },
  })

  async function send(
    name: RouteName,
    input: unknown,
    options: CallOptions & UploadOptions & { form?: FormData; responseType?: ResponseType; range?: string } = {},
  ): Promise<{ route: RouteDef; response: AxiosResponse }> {
    const route: RouteDef = routes[name]
    // Validated with the route's own schemas, then sent as the caller gave it: the
    // server parses the very same text with the very same schemas.
    parseOrThrow(routeInputSchema(route), input)
    const { path, query, body } = splitInput(route, (input ?? undefined) as Record<string, unknown> | undefined)
    const token = options.token ?? deps.token()
    const data = options.form ?? body
    // Without a body, no Content-Type either: axios would otherwise claim a form.
    const headers = {
      ...(token ? { Token: token } : {}),
      ...(data === undefined ? { 'Content-Type': false } : {}),
      ...(options.range ? { Range: options.range } : {}),
    }
    let response: AxiosResponse
    try {
      response = await http.request({
        method: route.method,
        url: deps.baseUrl() + path,
        params: query,
        data,
        headers,
        responseType: options.responseType ?? 'json',
        timeout: options.timeout ?? JSON_TIMEOUT_MS,
        signal: options.signal,
        onUploadProgress: options.onProgress && ((event) => options.onProgress?.(event.loaded, event.total ?? 0)),
      })
    } catch (err) {
      if (err instanceof AppError) throw err
      if (axios.isCancel(err)) throw new AppError(ErrorKey.FILE_REJECTED, UPLOAD_CANCELLED)
      throw new AppError(ErrorKey.OFFLINE, OFFLINE_MESSAGE)
    }
    // A refused download answers with the JSON envelope: read it whole to learn why.
    if (options.responseType === 'stream' && response.status >= 400) response.data = await buffer(response.data as Readable)
    // A streamed answer under 400 is the file itself.
    const failure = options.responseType === 'stream' && response.status < 400 ? null : failureOf(response)
    if (failure) {
      const error = fromFailure(failure)
      if (error.key === ErrorKey.UNAUTHENTICATED) await deps.onUnauthenticated(token, error)
      throw error
    }
    return { route, response }
  }

  function dataOf(route: RouteDef, response: AxiosResponse): unknown {
    const parsed = route.response.safeParse((response.data as Envelope).data)
    if (!parsed.success) throw new AppError(ErrorKey.INTERNAL, '服务器返回的数据格式不正确')
    return parsed.data
  }

  async function callRoute(name: RouteName, input: unknown, options?: CallOptions): Promise<unknown> {
    const { route, response } = await send(name, input, options)
    return dataOf(route, response)
  }

  return {
    call: (name, ...args) => callRoute(name, args[0]) as never,
    callRoute,

    async upload(kind, fileName, content, options = {}) {
      const form = new FormData()
      // Node's Buffer is typed over ArrayBufferLike; its bytes are a plain ArrayBuffer here.
      form.append('files', content instanceof Blob ? content : new Blob([content as Uint8Array<ArrayBuffer>]), fileName)
      // Large files on a slow link: no timeout, the server's own limits apply.
      const { route, response } = await send('files.upload', { kind }, { ...options, form, timeout: 0 })
      return dataOf(route, response) as UploadedFile[]
    },

    async fetchFile(path) {
      const { response } = await send('files.get', { path }, { responseType: 'arraybuffer', timeout: 0 })
      const contentType = String(response.headers['content-type'] ?? 'application/octet-stream')
      return { bytes: Buffer.from(response.data as Uint8Array), contentType }
    },

    async fetchRange(path, start, end) {
      const { response } = await send('files.get', { path }, { responseType: 'arraybuffer', timeout: 0, range: `bytes=${start}-${end - 1}` })
      const bytes = Buffer.from(response.data as Uint8Array)
      const total = /\/(\d+)$/.exec(String(response.headers['content-range'] ?? ''))
      // A server that ignores Range (an older version) answers 200 with the whole file.
      return response.status === 206 && total ? { bytes, total: Number(total[1]) } : { bytes: bytes.subarray(start, end), total: bytes.length }
    },

    async openDownload(name, input) {
      const { route, response } = await send(name, input, { responseType: 'stream', timeout: 0 })
      const length = Number(response.headers['content-length'])
      return {
        name: fileNameOf(String(response.headers['content-disposition'] ?? ''), route),
        contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
        size: Number.isFinite(length) && length > 0 ? length : null,
        body: response.data as Readable,
      }
    },
  }
}

/**
 * The file name of an RFC 6266 header (`filename*` preferred), or the last part of the
 * route's path; never with folder separators or characters a file system refuses.
 */
export function fileNameOf(disposition: string, route: RouteDef): string {
  return [...headerFileName(disposition, route)].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')
}

function headerFileName(disposition: string, route: RouteDef): string {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)
  return plain?.[1].trim() || route.path.split('/').filter(Boolean).pop() || 'download'
}

/**
 * The failure an answer carries, or null for success. A download answers with the
 * file itself on success and with the usual JSON envelope on failure.
 */
function failureOf(response: AxiosResponse): Pick<ApiFailure, 'message' | 'error' | 'data'> | null {
  let body: unknown = response.data
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    if (response.status < 400) return null
    try {
      body = JSON.parse(Buffer.from(body as Uint8Array).toString('utf8'))
    } catch {
      body = undefined
    }
  }
  // Not the platform's own answer (a proxy's 502/503/504, an HTML page): the server is out of reach.
  if (!isEnvelope(body)) {
    return { message: `${OFFLINE_MESSAGE}（收到的不是平台服务器的答复：HTTP ${response.status}）`, error: ErrorKey.OFFLINE, data: null }
  }
  if (body.code === 0) return null
  const data = typeof body.data === 'object' ? (body.data as ApiFailure['data']) : null
  return { message: body.message, error: body.error as ApiFailure['error'], data }
}
