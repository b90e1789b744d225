import { join } from 'node:path'
import { routes, type RouteName } from '../../../src-shared/api'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { routeInputSchema } from '../../../src-shared/contract'
import { MAX_PAGE_SIZE } from '../../../src-shared/schemas/common'
import type { CheckInRecord, SignUpMember } from '../../../src-shared/schemas/signup'
import type { LoginForm, OfflineLoginForm, UserInfo } from '../../../src-shared/schemas/auth'
import type { FileRange, ReadRange } from '../../../src-shared/schemas/files'
import type { ApiClient } from '../api-client'
import { createDrafts } from '../cache/drafts'
import { openLocalDb, ReadCache } from '../cache/local-store'
import type { CoreHandlers } from '../dispatcher'
import type { CoreEvents } from '../events'
import type { CoreFiles } from '../files'
import type { Session, TokenKeeper } from '../session'
import { DoorDesk } from './door-desk'
import { createGateway, type Gateway } from './gateway'
import { createOfflineSignIn } from './offline-sign-in'
import { prepareOffline } from './prepare'

const isOffline = (err: unknown) => err instanceof AppError && err.key === ErrorKey.OFFLINE

/** The reads a prepared roster answers offline with this console's own check-ins in them (the sign-up and check-in lists). */
function readFromRoster(door: DoorDesk, method: RouteName, input: unknown): unknown {
  if (method !== 'signup.list' && method !== 'signup.all' && method !== 'checkin.list') return undefined
  const parsed = routeInputSchema(routes[method]).safeParse(input)
  if (!parsed.success) return undefined
  const query = parsed.data as { trainId: number; name?: string; orgId?: number; pageNum?: number; pageSize?: number }
  if (method === 'signup.all') return door.allSignUps(query.trainId)
  return method === 'signup.list' ? door.signUpPage(query) : door.checkInPage(query)
}

/** Bytes [start, end) of a base64 data: URL, decoding only the base64 quads that hold them. */
function rangeOfDataUrl(url: string, start: number, end: number): FileRange {
  const body = url.indexOf(',') + 1
  const padding = url.endsWith('==') ? 2 : url.endsWith('=') ? 1 : 0
  const total = ((url.length - body) / 4) * 3 - padding
  const first = Math.floor(start / 3)
  const bytes = Buffer.from(url.slice(body + first * 4, body + Math.ceil(Math.min(end, total) / 3) * 4), 'base64')
  return { total, base64: bytes.subarray(start - first * 3, end - first * 3).toString('base64') }
}

type OfflineHandlers = Pick<
  CoreHandlers,
  | 'session.login'
  | 'session.loginOffline'
  | 'session.logout'
  | 'session.current'
  | 'files.readAsDataUrl'
  | 'files.readRange'
  | 'seating.save'
  | 'sync.status'
  | 'sync.now'
  | 'sync.conflicts'
  | 'sync.resolve'
  | 'sync.refused'
  | 'sync.dismiss'
  | 'offline.prepare'
  | 'door.open'
  | 'door.search'
  | 'door.checkIn'
>

/**
 * The offline side of the core: the gateway on its cache file in the data folder, and
 * the handlers that need it — sign-in with the last session when the server cannot be
 * reached, cached stored files, seat saves through the outbox, the sync state, 准备离线.
 */
export function createOfflineSide(deps: { dataDir: string; client: ApiClient; baseUrl: () => string; events: CoreEvents; session: Session; tokens: TokenKeeper; files: CoreFiles }): {
  gateway: Gateway
  handlers: OfflineHandlers
  /** Drafts live in the same file, kept by the account the gateway knows. */
  drafts: Pick<CoreHandlers, 'drafts.get' | 'drafts.save' | 'drafts.discard'>
  start(): void
  /** Before the console moves to another server: refused while the outbox holds anything, else forgets this server's data. */
  leaveServer(): void
} {
  const { session, files, tokens } = deps
  const db = openLocalDb(join(deps.dataDir, 'offline-cache.sqlite'))
  const door = new DoorDesk(db, deps.client, () => gateway.account())
  const gateway = createGateway({ client: deps.client, db, events: deps.events, baseUrl: deps.baseUrl, queues: [door], offlineRead: (method, input) => readFromRoster(door, method, input) })
  const lastSignIn = createOfflineSignIn(db, new ReadCache(db))
  /** Signed in offline with the last account's password, without a token. */
  let offlineSignedIn = false

  async function signInOffline(form: OfflineLoginForm): Promise<UserInfo> {
    const user = await lastSignIn.check(form.username, form.password)
    offlineSignedIn = true
    gateway.useAccount(user)
    gateway.markOffline()
    return user
  }
  /** The owner of the session kept from the last run, whose cache and outbox these are. */
  function useLastAccount(): UserInfo | null {
    const user = lastSignIn.lastUser()
    if (user) gateway.useAccount(user)
    return user
  }

  /** The file 准备离线 (or an earlier read) cached, when `err` is the server being out of reach. */
  const cachedOr = (err: unknown, path: string): string => {
    const cached = isOffline(err) ? gateway.cache.getFile(path) : undefined
    if (cached) return cached
    throw err
  }

  const readAsDataUrl = async (input: { path: string }) => {
    try {
      const url = await files.readAsDataUrl(input)
      gateway.cache.putFile(input.path, url)
      return url
    } catch (err) {
      return cachedOr(err, input.path)
    }
  }

  // Online, ranges are not cached (the whole file is, by 准备离线); offline they are cut from it.
  const readRange = async (input: ReadRange) => {
    try {
      return await files.readRange(input)
    } catch (err) {
      return rangeOfDataUrl(cachedOr(err, input.path), input.start, input.end)
    }
  }

  const handlers: OfflineHandlers = {
    'session.login': async (form: LoginForm) => {
      try {
        const user = await session.login(form)
        offlineSignedIn = false
        await lastSignIn.remember(form.username, form.password, user)
        gateway.useAccount(user)
        void gateway.sync()
        return user
      } catch (err) {
        if (!isOffline(err)) throw err
        return signInOffline(form)
      }
    },
    'session.loginOffline': async (form) => {
      // A server that answers checks the password itself (and its captcha): the page goes back to the online form.
      if (await gateway.reachable()) {
        gateway.markOnline()
        throw new AppError(ErrorKey.CAPTCHA_INVALID, '服务器已恢复连接，请输入验证码登录')
      }
      return signInOffline(form)
    },
    'session.logout': async () => {
      offlineSignedIn = false
      await session.logout()
      return null
    },
    'session.current': async () => {
      try {
        const user = await session.current()
        if (user) {
          gateway.useAccount(user)
          void gateway.sync()
        }
        return user
      } catch (err) {
        // The last session, while the server cannot say whether it still holds.
        if (isOffline(err) && (tokens.current() || offlineSignedIn)) {
          gateway.markOffline()
          return useLastAccount()
        }
        throw err
      }
    },
    'files.readAsDataUrl': readAsDataUrl,
    'files.readRange': readRange,
    'seating.save': (body) => gateway.saveSeats(body),
    'sync.status': async () => gateway.status(),
    'sync.now': () => gateway.syncNow(),
    'sync.conflicts': async (input) =>
      gateway.conflicts(input?.trainId).map((c) => ({
        seq: c.seq,
        trainId: c.trainId,
        mine: {
          rowNumber: Number(c.mine.rowNumber),
          columnNumber: Number(c.mine.columnNumber),
          seats: c.mine.trainMemberLocations.map((s) => {
            const person = c.server.people.find((p) => p.trainSignUpMemberId === s.trainSignUpMemberId)
            return { rowNumber: s.rowNumber, columnNumber: s.columnNumber, groupNumber: s.groupNumber ?? null, trainSignUpMemberId: s.trainSignUpMemberId ?? null, memberId: person?.memberId ?? null, name: person?.name ?? null }
          }),
        },
        server: c.server,
        base: c.base,
        changes: c.changes,
        departed: c.departed,
        message: c.message,
      })),
    'sync.resolve': ({ seq, choice }) => gateway.resolve(seq, choice),
    'sync.refused': async () => gateway.refused(),
    'sync.dismiss': async ({ kind, seq }) => gateway.dismiss(kind, seq),
    'offline.prepare': (input) => prepareOffline({ gateway, door, events: deps.events, readFile: (path) => readAsDataUrl({ path }) }, input),
    'door.open': async ({ trainId }) => {
      try {
        const [signUps, checkIns] = await Promise.all([
          gateway.refresh('signup.all', { trainId }) as Promise<SignUpMember[]>,
          gateway.refresh('checkin.list', { trainId, pageNum: 1, pageSize: MAX_PAGE_SIZE }) as Promise<{ records: CheckInRecord[] }>,
        ])
        gateway.markOnline()
        door.keepRoster(trainId, signUps, checkIns.records)
      } catch (err) {
        if (!isOffline(err)) throw err
        gateway.markOffline()
      }
      return { cached: door.prepared(trainId), people: door.warm(trainId) }
    },
    'door.search': async ({ trainId, text }) => door.search(trainId, text),
    'door.checkIn': async ({ trainId, signUpId }) => {
      const outcome = await door.checkIn(trainId, signUpId, gateway.isOnline())
      // A check-in that just went to the outbox: the server did not answer it.
      if (outcome.queued && !outcome.already) gateway.markOffline()
      gateway.announce()
      return outcome
    },
  }
  /** The app runs with its server chosen: a restored session's queue is sent without a click, and the server is watched. */
  function start(): void {
    // The session kept from the last run is the last account's: its cache and outbox are the ones to sync.
    if (tokens.current()) useLastAccount()
    gateway.start()
  }
  function leaveServer(): void {
    db.transaction(() => {
      gateway.leaveServer()
      door.forget()
      lastSignIn.forget()
    })()
    offlineSignedIn = false
  }
  return { gateway, handlers, drafts: createDrafts(db, gateway.account), start, leaveServer }
}
