import type { ApiEnvelope, ApiFailure } from '../../src-shared/errors'
import { dataOf } from '../support/envelope'
import { login } from '../support/login'
import { call } from './harness'

type Query = Record<string, string | number | boolean>

export interface Answer<T> {
  status: number
  body: ApiEnvelope<T>
}

/** The API as one signed-in account calls it. */
export interface ApiAs {
  token: string
  get<T = unknown>(path: string, query?: Query): Promise<Answer<T>>
  post<T = unknown>(path: string, body?: unknown): Promise<Answer<T>>
  patch<T = unknown>(path: string, body: unknown): Promise<Answer<T>>
  del<T = unknown>(path: string): Promise<Answer<T>>
  /** The data of a successful GET; throws with the server's message otherwise. */
  data<T>(path: string, query?: Query): Promise<T>
}

export async function signInAs(baseUrl: string, account: { username: string; password: string }): Promise<ApiAs> {
  const token = await login(baseUrl, account.username, account.password)
  const stringify = (q?: Query) => (q ? Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) : undefined)
  const api: ApiAs = {
    token,
    get: (path, query) => call(baseUrl, 'GET', path, { token, query: stringify(query) }),
    post: (path, body) => call(baseUrl, 'POST', path, { token, body: body ?? {} }),
    patch: (path, body) => call(baseUrl, 'PATCH', path, { token, body }),
    del: (path) => call(baseUrl, 'DELETE', path, { token }),
    data: async (path, query) => dataOf((await api.get(path, query)).body as never),
  }
  return api
}

/** The failure of an answer (fails the test when it succeeded). */
export function failureOf(answer: Answer<unknown>): ApiFailure & { status: number } {
  if (answer.body.code === 0) throw new Error(`expected a failure, got success: ${JSON.stringify(answer.body.data)}`)
  return { ...(answer.body as ApiFailure), status: answer.status }
}

/** Messages of the field issues of a VALIDATION failure, by field. */
export function issuesOf(answer: Answer<unknown>): Record<string, string> {
  const failure = failureOf(answer)
  return Object.fromEntries((failure.data?.issues ?? []).map((i) => [i.path, i.message]))
}
