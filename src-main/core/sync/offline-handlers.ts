import { join } from 'node:path'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { MAX_PAGE_SIZE } from '../../../src-shared/schemas/common'
import type { CheckInRecord, SignUpMember } from '../../../src-shared/schemas/signup'
import type { LoginForm, OfflineLoginForm, UserInfo } from '../../../src-shared/schemas/auth'
import type { ReadRange } from '../../../src-shared/schemas/files'
import type { ApiClient } from '../api-client'
import { createDrafts } from '../cache/drafts'
import { durable, openLocalDb, ReadCache } from '../cache/local-store'
import type { CoreHandlers } from '../dispatcher'
import type { CoreEvents } from '../events'
import type { CoreFiles } from '../files'
import type { Session, TokenKeeper } from '../session'
import { DoorDesk } from './door-desk'
import { createGateway, type Gateway } from './gateway'
import { createOfflineSignIn } from './offline-sign-in'
import { prepareOffline } from './prepare'
import { planWithSave } from './seat-plan-cache'

const isOffline = (err: unknown) => err instanceof AppError && err.key === ErrorKey.OFFLINE

type OfflineHandlers = Pick<
  CoreHandlers,
  | 'session.login'
  | 'session.loginOffline'
  | 'session.logout'
  | 'session.current'
  | 'files.readAsDataUrl'
  | 'files.readRange'
  | 'seat.save'
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
  const gateway = createGateway({ client: deps.client, db, events: deps.events, baseUrl: deps.baseUrl, queues: [door] })
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

  /** What the cache holds of a stored file (准备离线 or an earlier read kept it), when `err` is the server being out of reach; else `err`. */
  const cachedOr = <T>(err: unknown, cached: () => T | undefined): T => {
    const value = isOffline(err) ? cached() : undefined
    if (value !== undefined) return value
    throw err
  }

  /** Online, the file read and kept in the cache (准备离线 reads its files so); offline, the kept copy. */
  const readAsDataUrl = async (input: { path: string }) => {
    try {
      const url = await files.readAsDataUrl(input)
      gateway.cache.putFile(input.path, url)
      return url
    } catch (err) {
      return cachedOr(err, () => gateway.cache.getFile(input.path))
    }
  }

  // Online, ranges are not cached (the whole file is, by 准备离线); offline they are read from the kept file.
  const readRange = async (input: ReadRange) => {
    try {
      return await files.readRange(input)
    } catch (err) {
      return cachedOr(err, () => gateway.cache.fileRange(input.path, input.start, input.end))
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
    'seat.save': (body) => gateway.saveSeats(body),
    'sync.status': async () => gateway.status(),
    'sync.now': () => gateway.syncNow(),
    'sync.conflicts': async (input) =>
      gateway.conflicts(input?.trainId).map(({ mine, ...c }) => {
        // The clerk's version as the plan it makes of the server's (names from the server's people).
        const { rowNumber, columnNumber, seats } = planWithSave(c.server, mine)
        return { ...c, mine: { rowNumber, columnNumber, seats } }
      }),
    'sync.resolve': ({ seq, choice }) => gateway.resolve(seq, choice),
    'sync.refused': async () => gateway.refused(),
    'sync.dismiss': async ({ kind, seq }) => gateway.dismiss(kind, seq),
    'offline.prepare': (input) => prepareOffline({ gateway, door, events: deps.events, cacheFile: (path) => readAsDataUrl({ path }) }, input),
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
    gateway.evict()
    gateway.start()
  }
  function leaveServer(): void {
    durable(db, () => {
      gateway.leaveServer()
      door.forget()
      lastSignIn.forget()
    })()
    offlineSignedIn = false
  }
  return { gateway, handlers, drafts: createDrafts(db, gateway.account), start, leaveServer }
}
