import type { ApiEnvelope, ApiSuccess } from '../../src-shared/errors'

/** The data of a success envelope (typed as the contract has it, or as a plain fetch reads it); throws with the server's message on a failure. */
export function dataOf<T>(envelope: ApiEnvelope<T> | { code: number; message: string; data: T }): T {
  if (envelope.code !== 0) throw new Error(`API failure ${envelope.code}: ${envelope.message}`)
  return (envelope as ApiSuccess<T>).data
}
