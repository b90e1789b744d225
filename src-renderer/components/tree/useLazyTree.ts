import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

export type TreeKey = string | number

/** Where a lazy tree's nodes come from. A new source (other filters) starts the tree afresh. */
export interface LazyTreeSource<N> {
  key(node: N): TreeKey
  /** False for a leaf: no expander is shown. */
  hasChildren(node: N): boolean
  /** Every child of `parent` (null: the top level), in display order. */
  loadChildren(parent: TreeKey | null): Promise<N[]>
}

/** One visible row of the flattened tree. */
export interface TreeRow<N> {
  key: TreeKey
  node: N
  /** 0 for the top level. */
  depth: number
  expandable: boolean
  expanded: boolean
  loading: boolean
}

export interface LazyTree<N> {
  rows: readonly TreeRow<N>[]
  /** The top level is being fetched. */
  loadingTop: boolean
  /** The top level has been fetched at least once (for the empty state). */
  loaded: boolean
  toggle(key: TreeKey): void
  /** Opens the given nodes (ancestors of something to show), loading them all at once. */
  reveal(keys: readonly TreeKey[]): Promise<void>
  /** Fetches the children of `parent` (null: the top) again, e.g. after an add, edit or delete. */
  refresh(parent: TreeKey | null): Promise<void>
}

const TOP = Symbol('top')
type Slot = TreeKey | typeof TOP

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The state of a tree whose children are fetched when a node is first opened. Each
 * fetch keeps its node's loading indicator up at least `minLoadingMs` (spec 000 §9:
 * 1000 ms for the department tree). Only the visible rows are listed, so a node with
 * thousands of children costs what a virtualized table renders, not more.
 */
export function useLazyTree<N>(
  source: LazyTreeSource<N>,
  { minLoadingMs = 0, onError }: { minLoadingMs?: number; onError(error: unknown): void },
): LazyTree<N> {
  const [data, setData] = useState<TreeData<N>>(emptyData)
  const [expanded, setExpanded] = useState<ReadonlySet<TreeKey>>(new Set())
  const [loading, setLoading] = useState<ReadonlySet<Slot>>(new Set())
  const [loaded, setLoaded] = useState(false)
  // Fetches under way and levels fetched, for the callbacks (never read while rendering).
  const pending = useRef(new Map<Slot, Promise<void>>())
  const fetched = useRef(new Set<Slot>())
  // Answers for a source that has since been replaced are dropped.
  const generation = useRef(0)

  // A new source starts afresh: what is open, loaded and loading belongs to the old one.
  const [shownSource, setShownSource] = useState(source)
  if (shownSource !== source) {
    setShownSource(source)
    setData(emptyData)
    setExpanded(new Set())
    setLoading(new Set())
    setLoaded(false)
  }

  const fetchChildren = useCallback(
    (slot: Slot): Promise<void> => {
      const running = pending.current.get(slot)
      if (running) return running
      const started = generation.current
      setLoading((current) => new Set(current).add(slot))
      const work = Promise.all([source.loadChildren(slot === TOP ? null : slot), wait(minLoadingMs)])
        .then(([list]) => {
          if (started !== generation.current) return
          fetched.current.add(slot)
          setData((current) => {
            const nodes = new Map(current.nodes)
            for (const node of list) nodes.set(source.key(node), node)
            const children = new Map(current.children).set(
              slot,
              list.map((node) => source.key(node)),
            )
            return { nodes, children }
          })
        })
        .finally(() => {
          if (started !== generation.current) return
          pending.current.delete(slot)
          setLoading((current) => {
            const next = new Set(current)
            next.delete(slot)
            return next
          })
          if (slot === TOP) setLoaded(true)
        })
      pending.current.set(slot, work)
      return work
    },
    [source, minLoadingMs],
  )

  useEffect(() => {
    generation.current += 1
    pending.current = new Map()
    fetched.current = new Set()
    fetchChildren(TOP).catch(onError)
  }, [fetchChildren, onError])

  const collapse = useCallback((key: TreeKey) => {
    setExpanded((current) => {
      const next = new Set(current)
      next.delete(key)
      return next
    })
  }, [])

  const toggle = useCallback(
    (key: TreeKey) => {
      if (expanded.has(key)) return collapse(key)
      setExpanded((current) => new Set(current).add(key))
      if (!fetched.current.has(key)) {
        fetchChildren(key).catch((error: unknown) => {
          collapse(key)
          onError(error)
        })
      }
    },
    [expanded, collapse, fetchChildren, onError],
  )

  const reveal = useCallback(
    async (keys: readonly TreeKey[]) => {
      setExpanded((current) => new Set([...current, ...keys]))
      await Promise.all(keys.filter((key) => !fetched.current.has(key)).map((key) => fetchChildren(key)))
    },
    [fetchChildren],
  )

  const refresh = useCallback(
    async (parent: TreeKey | null) => {
      const slot = parent ?? TOP
      await pending.current.get(slot)?.catch(() => undefined)
      fetched.current.delete(slot)
      await fetchChildren(slot)
    },
    [fetchChildren],
  )

  const rows = useMemo(() => flatten(source, data, expanded, loading), [source, data, expanded, loading])

  return { rows, loadingTop: loading.has(TOP), loaded, toggle, reveal, refresh }
}

interface TreeData<N> {
  nodes: ReadonlyMap<TreeKey, N>
  children: ReadonlyMap<Slot, readonly TreeKey[]>
}

const emptyData = <N,>(): TreeData<N> => ({ nodes: new Map(), children: new Map() })

/** The visible rows: every top-level node and, under each open node, its children. */
function flatten<N>(
  source: LazyTreeSource<N>,
  { nodes, children }: TreeData<N>,
  expanded: ReadonlySet<TreeKey>,
  loading: ReadonlySet<Slot>,
): TreeRow<N>[] {
  const list: TreeRow<N>[] = []
  const visit = (slot: Slot, depth: number) => {
    for (const key of children.get(slot) ?? []) {
      const node = nodes.get(key) as N
      const open = expanded.has(key)
      // A former leaf that has just been given children (an add) opens too.
      const expandable = source.hasChildren(node) || (children.get(key)?.length ?? 0) > 0
      list.push({ key, node, depth, expandable, expanded: open, loading: loading.has(key) })
      if (open) visit(key, depth + 1)
    }
  }
  visit(TOP, 0)
  return list
}
