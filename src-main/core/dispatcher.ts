import type { z } from 'zod'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { ForwardedRouteName } from '../../src-shared/api'
import { coreMethods, isRpcName, rpcInputSchema, type RpcName, type RpcResult } from '../../src-shared/ipc'
import type { ApiClient } from './api-client'
import { parseOrThrow } from './validation'

type CoreMethods = typeof coreMethods
type CoreMethodName = keyof CoreMethods

/** The core's own implementation of each core method, given its parsed input. */
export type CoreHandlers = {
  [K in CoreMethodName]: (input: z.output<CoreMethods[K]['input']>) => Promise<z.input<CoreMethods[K]['output']>>
}

export type Dispatch = (method: unknown, input: unknown) => Promise<RpcResult<unknown>>

function isCoreMethod(name: RpcName): name is CoreMethodName {
  return Object.hasOwn(coreMethods, name)
}

/**
 * The one entry point of the bridge. Only listed methods run, every input is checked
 * with the method's schema, and nothing is thrown across: failures come back as
 * data, and an unexpected error says no more than that the server side failed.
 */
export function createDispatcher(deps: {
  client: ApiClient
  handlers: CoreHandlers
  log: (message: string, error: unknown) => void
  /** Calls a forwarded route: the offline gateway (cache, outbox); the API client itself when absent. */
  forward?: (method: ForwardedRouteName, input: unknown) => Promise<unknown>
}): Dispatch {
  async function run(method: unknown, input: unknown): Promise<unknown> {
    if (!isRpcName(method)) throw new AppError(ErrorKey.NOT_FOUND, '不支持的操作')
    const parsed = parseOrThrow(rpcInputSchema(method), input)
    if (!isCoreMethod(method)) return deps.forward ? deps.forward(method, input) : deps.client.callRoute(method, input)
    const handler = deps.handlers[method] as (input: unknown) => Promise<unknown>
    return handler(parsed)
  }

  return async (method, input) => {
    try {
      return { ok: true, data: await run(method, input) }
    } catch (err) {
      if (err instanceof AppError) {
        const error = { key: err.key, message: err.message, ...(err.issues ? { issues: err.issues } : {}) }
        return { ok: false, error }
      }
      deps.log(`处理 ${String(method)} 时出错`, err)
      return { ok: false, error: { key: ErrorKey.INTERNAL, message: '操作失败，请稍后重试' } }
    }
  }
}
