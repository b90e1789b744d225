import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import type { ListSort } from '../../src-shared/list-sort'
import type { Page } from '../../src-shared/schemas/common'
import type { FilterValues } from './FilterBar'
import { useNotify } from './toast'
import { useMinimumLoading } from './useMinimumLoading'

export interface PageRequest<F extends string> {
  pageNum: number
  pageSize: number
  filters: FilterValues<F>
  /** The server's sort (list-sort.ts `sortFields` makes it the call's fields); none: the list's own order. */
  sort?: ListSort
}

/** A page of rows; `totalCapped`: the server stopped counting at `total` (there are more). */
export type LoadedPage<Row> = Page<Row> & { totalCapped?: boolean }

export type LoadPage<Row, F extends string> = (request: PageRequest<F>) => Promise<LoadedPage<Row>>

/**
 * The paging state of a list: which page, size and filters are asked for, the last
 * answer, and a loading flag held for at least `minLoadingMs`. Answers to requests
 * that have since been superseded are dropped.
 */
export function useResourcePage<Row, F extends string>(load: LoadPage<Row, F>, pageSize: number, minLoadingMs: number, sort?: ListSort) {
  // A new object for every fetch, reloads included: the effect below runs once per request.
  const [request, setRequest] = useState<PageRequest<F>>({ pageNum: 1, pageSize, filters: {}, sort })
  const [page, setPage] = useState<LoadedPage<Row>>({ records: [], total: 0 })
  const [loaded, setLoaded] = useState(false)
  const { loading, track } = useMinimumLoading(minLoadingMs)
  const notify = useNotify()
  // The screen may pass a new `load` on every render; only a new request fetches.
  const loadLatest = useEffectEvent((current: PageRequest<F>) => load(current))

  useEffect(() => {
    let current = true
    track(loadLatest(request))
      .then((answer) => {
        if (!current) return
        const lastPage = Math.max(1, Math.ceil(answer.total / request.pageSize))
        // After deleting the last rows of the last page, show the page that now is last.
        if (answer.records.length === 0 && request.pageNum > lastPage) setRequest({ ...request, pageNum: lastPage })
        else setPage(answer)
      })
      .catch((error: unknown) => current && notify.error(error))
      .finally(() => current && setLoaded(true))
    return () => {
      current = false
    }
  }, [request, track, notify])

  const reload = useCallback(() => setRequest((current) => ({ ...current })), [])
  const goTo = useCallback(
    (pageNum: number, size: number) => setRequest((current) => ({ ...current, pageNum, pageSize: size })),
    [],
  )
  const search = useCallback((filters: FilterValues<F>) => setRequest((current) => ({ ...current, pageNum: 1, filters })), [])
  // Another order starts from its first page.
  const sortBy = useCallback((next: ListSort | undefined) => setRequest((current) => ({ ...current, pageNum: 1, sort: next })), [])

  return { request, page, loading, loaded, reload, goTo, search, sortBy }
}

/** A page's rows with their number across pages (the 序号 column). */
export function numbered<Row>(page: Page<Row>, pageNum: number, pageSize: number): Page<Row & { index: number }> {
  return { ...page, records: page.records.map((row, i) => ({ ...row, index: (pageNum - 1) * pageSize + i + 1 })) }
}

/** What 序号 shows: the row's number, or 新增 for a record just added (index 0, shown apart from the page). */
export function indexLabel(index: number): number | string {
  return index > 0 ? index : '新增'
}
