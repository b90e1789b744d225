import type { z } from 'zod'
import type { RpcName } from '../../../src-shared/ipc'
import type { ResourceDescriptor } from '../../../src-shared/resource'
import type { Page } from '../../../src-shared/schemas/common'
import { call } from '../../lib/bridge'

/** A list row of a descriptor (every one has `id` and, with `status`, its state). */
export type RowOf<D extends ResourceDescriptor> = z.output<D['row']> & { id: number; status?: number }
export type Numbered<Row> = Row & { index: number }

/** Every record of a resource by its name (its generated `all` route): a reference's choices. */
export function allOf(name: string): Promise<Record<string, unknown>[]> {
  return (call as (name: RpcName, input: unknown) => Promise<Record<string, unknown>[]>)(`${name}.all` as RpcName, undefined)
}

/**
 * The generated routes of a descriptor, called through the bridge. The route names are
 * built from the descriptor, so their types are the descriptor's row; the inputs are
 * checked by the same schemas on the server.
 */
export function resourceCall<D extends ResourceDescriptor>(d: D) {
  type Row = RowOf<D>
  const route = (op: string) => `${d.name}.${op}` as RpcName
  const invoke = <T>(op: string, input: unknown) => (call as (name: RpcName, input: unknown) => Promise<unknown>)(route(op), input) as Promise<T>
  return {
    list: (input: Record<string, unknown>) => invoke<Page<Row>>('list', input),
    all: () => invoke<Row[]>('all', undefined),
    create: (values: unknown) => invoke<Row>('create', values),
    update: (values: unknown) => invoke<Row>('update', values),
    /** Its input is `{ id }`, or the hand-declared route's own (`ids`). */
    remove: (input: Record<string, unknown>) => invoke<unknown>('delete', input),
    updateStatus: (id: number, status: 1 | -1) => invoke<null>('updateStatus', { id, status }),
  }
}
