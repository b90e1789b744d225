import { EventEmitter } from 'node:events'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { createApiClient, type ApiClient } from '../../src-main/core/api-client'
import { openLocalDb } from '../../src-main/core/cache/local-store'
import type { CoreEvents } from '../../src-main/core/events'
import { createGateway } from '../../src-main/core/sync/gateway'

/** Events nobody listens to: a simulated venue client has no window. */
export function silentEvents(): CoreEvents {
  const emitter = new EventEmitter()
  return { on: () => () => undefined, onAny: () => () => undefined, emit: (e, p) => void emitter.emit(e, p) }
}

/** The real API client of a console signed in with `token`. */
export function realClient(baseUrl: string, token: string): ApiClient {
  return createApiClient({ baseUrl: () => baseUrl, token: () => token, onUnauthenticated: async () => undefined })
}

/** A venue console's offline side on its own cache file, talking through `client`. */
export function venueGateway(file: string, baseUrl: string, client: ApiClient) {
  const db = openLocalDb(file)
  // Never started: nothing runs on its own, the test says when to try the server.
  return { db, gateway: createGateway({ client, db, events: silentEvents(), baseUrl: () => baseUrl }) }
}

export const offline = () => new AppError(ErrorKey.OFFLINE, '无法连接服务器')
