import { memo, useEffect, useMemo, useRef, type ReactNode } from 'react'
import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components'
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useVirtualizer } from '@tanstack/react-virtual'
import { EmptyState } from '../EmptyState'
import type { Column } from '../ResourceTable'
import type { LazyTree, TreeKey, TreeRow } from './useLazyTree'
import { TruncatedCell, TruncatedText } from '../TruncatedCell'

export interface TreeTableProps<N> {
  /** Accessible name, e.g. 组织列表. */
  label: string
  tree: LazyTree<N>
  /** The first column carries the indentation and the expander. */
  columns: readonly Column<N>[]
  rowActions?(node: N): ReactNode
  /** Width of the 操作 column. */
  actionsWidth?: string
  /** Rows marked as found (search hits). */
  highlighted?: ReadonlySet<TreeKey>
  /** Scrolls this row into view whenever it changes (and once it is listed). */
  scrollTo?: TreeKey | null
  onRowClick?(node: N): void
  /** Without the header row (a picker). */
  headless?: boolean
  /** Height of the scrolling body, e.g. `'480px'` or `'calc(100vh - 320px)'`. */
  height: string
}

const ROW_HEIGHT = 40
const INDENT_PX = 20

const useStyles = makeStyles({
  root: { position: 'relative' },
  scroller: { overflowY: 'auto', position: 'relative' },
  body: { position: 'relative' },
  row: { position: 'absolute', left: 0, right: 0, height: `${ROW_HEIGHT}px` },
  clickable: { cursor: 'pointer' },
  highlighted: { backgroundColor: tokens.colorPaletteYellowBackground2, ':hover': { backgroundColor: tokens.colorPaletteYellowBackground3 } },
  first: { display: 'flex', alignItems: 'center', minWidth: 0, gap: tokens.spacingHorizontalXXS },
  expander: { flexShrink: 0, width: '24px', display: 'inline-flex', justifyContent: 'center' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  topLoading: { padding: tokens.spacingVerticalXL },
})

/** Fixed columns take their width, padding included; the others share the rest, never below 200px. */
function cellStyle(width: string | undefined) {
  return width ? { flex: `0 0 ${width}`, boxSizing: 'border-box' as const } : { flex: '1 1 0', minWidth: '200px' }
}

/**
 * A lazily loaded tree shown as a table: children are fetched when a row is opened
 * (its expander turns into a spinner meanwhile), and only the rows in view are in the
 * DOM, so opening a node with thousands of children stays quick.
 */
export function TreeTable<N>({
  label,
  tree,
  columns,
  rowActions,
  actionsWidth = '200px',
  highlighted,
  scrollTo,
  onRowClick,
  headless,
  height,
}: TreeTableProps<N>) {
  const styles = useStyles()
  const scroller = useRef<HTMLDivElement>(null)
  const { rows } = tree
  // The virtualizer's functions change identity on purpose; the compiler leaves this component unmemoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })

  const targetIndex = scrollTo === undefined || scrollTo === null ? -1 : rows.findIndex((row) => row.key === scrollTo)
  useEffect(() => {
    if (targetIndex >= 0) virtualizer.scrollToIndex(targetIndex, { align: 'center' })
  }, [targetIndex, scrollTo, virtualizer])

  const [first, rest] = useMemo(() => [columns[0], columns.slice(1)] as const, [columns])
  return (
    <div className={styles.root}>
      <Table noNativeElements aria-label={label} role="treegrid">
        {!headless && (
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column.key} style={cellStyle(column.width)}>
                  {column.title}
                </TableHeaderCell>
              ))}
              {rowActions && <TableHeaderCell style={cellStyle(actionsWidth)}>操作</TableHeaderCell>}
            </TableRow>
          </TableHeader>
        )}
        <div ref={scroller} className={styles.scroller} style={{ height }}>
          <TableBody className={styles.body} style={{ height: `${virtualizer.getTotalSize()}px` }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]
              return (
                <TreeRowView
                  key={row.key}
                  row={row}
                  start={item.start}
                  found={highlighted?.has(row.key) ?? false}
                  first={first}
                  rest={rest}
                  rowActions={rowActions}
                  actionsWidth={actionsWidth}
                  onRowClick={onRowClick}
                  toggle={tree.toggle}
                />
              )
            })}
          </TableBody>
          {tree.loadingTop && (
            <div className={styles.topLoading}>
              <Spinner size="small" label="加载中..." />
            </div>
          )}
          {tree.loaded && !tree.loadingTop && rows.length === 0 && <EmptyState />}
        </div>
      </Table>
    </div>
  )
}

interface TreeRowViewProps<N> {
  row: TreeRow<N>
  start: number
  found: boolean
  first: Column<N>
  rest: readonly Column<N>[]
  rowActions?(node: N): ReactNode
  actionsWidth: string
  onRowClick?(node: N): void
  toggle(key: TreeKey): void
}

/**
 * One row of the tree. Memoised: scrolling re-renders the table on every frame, and a
 * row that stays in view (same node, same place) is then left as drawn — only the rows
 * coming into view render (re-rendering all ≈ 40 rows of Fluent cells and buttons per
 * frame held a 5 000-branch node at a sixth of a plain list's frame rate, bench/tree-scroll).
 */
const TreeRowView = memo(function TreeRowView<N>({ row, start, found, first, rest, rowActions, actionsWidth, onRowClick, toggle }: TreeRowViewProps<N>) {
  const styles = useStyles()
  return (
    <TableRow
      className={mergeClasses(styles.row, onRowClick && styles.clickable, found && styles.highlighted)}
      style={{ transform: `translateY(${start}px)` }}
      aria-level={row.depth + 1}
      aria-expanded={row.expandable ? row.expanded : undefined}
      data-found={found || undefined}
      onClick={onRowClick ? () => onRowClick(row.node) : undefined}
    >
      <TableCell style={cellStyle(first.width)}>
        <div className={styles.first} style={{ paddingLeft: `${row.depth * INDENT_PX}px` }}>
          <span className={styles.expander}>
            {row.loading ? (
              <Spinner size="extra-tiny" aria-label="加载中" />
            ) : row.expandable ? (
              <Button
                size="small"
                appearance="transparent"
                icon={row.expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                aria-label={row.expanded ? '收起' : '展开'}
                onClick={(event) => {
                  event.stopPropagation()
                  toggle(row.key)
                }}
              />
            ) : null}
          </span>
          <TruncatedText>{first.render(row.node)}</TruncatedText>
        </div>
      </TableCell>
      {rest.map((column) => (
        <TruncatedCell key={column.key} style={cellStyle(column.width)}>
          {column.render(row.node)}
        </TruncatedCell>
      ))}
      {rowActions && (
        <TableCell style={cellStyle(actionsWidth)}>
          <div className={styles.actions}>{rowActions(row.node)}</div>
        </TableCell>
      )}
    </TableRow>
  )
}) as <N>(props: TreeRowViewProps<N>) => ReactNode
