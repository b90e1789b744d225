import { useCallback, useEffect, useState } from 'react'
import { AppError, ErrorKey } from '../../src-shared/errors'

/**
 * A page's record named by its address (`trainEdit?trainId=`, `viewPeople?id=` …):
 * loading, found, missing (no such record, one outside the caller's tree, or an address
 * that names none — the server answers those alike), or failed for another reason (the
 * server unreachable …), which a retry may cure. Never loading for ever.
 */
export type RecordState<T> =
  | { status: 'loading' }
  | { status: 'found'; record: T }
  | { status: 'missing' }
  | { status: 'failed'; message: string }

/** `?name=` of the address as a record id: a positive whole number, else null. */
export function idParamOf(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name)
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

const missingKeys: readonly ErrorKey[] = [ErrorKey.NOT_FOUND, ErrorKey.VALIDATION, ErrorKey.FORBIDDEN]

type Settled<T> = Exclude<RecordState<T>, { status: 'loading' }>

export function useRecordById<T>(id: number | null, load: (id: number) => Promise<T>) {
  // What the last load for an id came to; another id is loading until its own arrives.
  const [settled, setSettled] = useState<{ id: number; state: Settled<T> } | null>(null)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (id === null) return
    let current = true
    load(id).then(
      (record) => current && setSettled({ id, state: { status: 'found', record } }),
      (error: unknown) => {
        if (!current) return
        const missing = error instanceof AppError && missingKeys.includes(error.key)
        const message = error instanceof Error ? error.message : String(error)
        setSettled({ id, state: missing ? { status: 'missing' } : { status: 'failed', message } })
      },
    )
    return () => {
      current = false
    }
  }, [id, load, version])

  const state: RecordState<T> = id === null ? { status: 'missing' } : settled?.id === id ? settled.state : { status: 'loading' }
  /** Loads the record again (after a failure, or when something else changed it); what is shown stays until then. */
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  /** Replaces the loaded record with a newer copy the page already has. */
  const replace = useCallback((record: T) => id !== null && setSettled({ id, state: { status: 'found', record } }), [id])
  return { state, reload, replace }
}
