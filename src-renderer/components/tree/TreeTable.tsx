import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react'
import { makeStyles, Spinner, Table, TableBody, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { EmptyState } from '../EmptyState'
import type { Column } from '../ResourceTable'
import type { LazyTree, TreeKey, TreeRow } from './useLazyTree'
import { forgetWholeText, wholeTextOnHover } from '../TruncatedCell'
import { ROW_HEIGHT, useRowClasses, type ButtonClasses, type RowClasses } from './rowClasses'
import { useRowWindow, useScrollToRow } from './rowWindow'
import { useHoverPausedWhileScrolling } from './hoverPause'

/** One button of a row's 操作 cell. */
export interface TreeRowAction {
  label: string
  icon: ReactElement
  onClick(): void
}

export interface TreeTableProps<N> {
  /** Accessible name, e.g. 组织列表. */
  label: string
  tree: LazyTree<N>
  /** The first column carries the indentation and the expander. */
  columns: readonly Column<N>[]
  /** The buttons of a row's 操作 cell, drawn by the tree (see TreeRowView). */
  rowActions?(node: N): readonly TreeRowAction[]
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

const INDENT_PX = 20

const useStyles = makeStyles({
  root: { position: 'relative' },
  // Opaque (the content area's colour, Shell), so that Chromium scrolls it on the
  // compositor: a transparent scroller is repainted and its layers rebuilt every frame.
  scroller: {
    overflowY: 'auto',
    position: 'relative',
    backgroundColor: tokens.colorNeutralBackground2,
    // The rows take no pointer while the tree scrolls (useHoverPausedWhileScrolling); the wheel still reaches the scroller.
    '&[data-scrolling] > *': { pointerEvents: 'none' },
  },
  body: { position: 'relative' },
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
  const classes = useRowClasses(onRowClick !== undefined)
  // State, not a ref: the rows' window, inside it, subscribes once the element is there.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const { rows } = tree
  const targetIndex = scrollTo === undefined || scrollTo === null ? -1 : rows.findIndex((row) => row.key === scrollTo)
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
        <div ref={setScroller} className={styles.scroller} style={{ height }}>
          <TableBody className={styles.body} style={{ height: `${rows.length * ROW_HEIGHT}px` }}>
            <RowWindow scroller={scroller} count={rows.length} target={targetIndex} targetKey={scrollTo}>
              {(from, to, span) =>
                rows.slice(from, to).map((row, i) => (
                  <TreeRowView
                    key={(from + i) % span}
                    row={row}
                    start={(from + i) * ROW_HEIGHT}
                    found={highlighted?.has(row.key) ?? false}
                    first={first}
                    rest={rest}
                    rowActions={rowActions}
                    actionsWidth={actionsWidth}
                    onRowClick={onRowClick}
                    toggle={tree.toggle}
                    classes={classes}
                  />
                ))
              }
            </RowWindow>
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

interface RowWindowProps {
  scroller: HTMLDivElement | null
  count: number
  /** The row to scroll to the middle (-1: none), again whenever `targetKey` changes. */
  target: number
  targetKey: TreeKey | null | undefined
  /** The rows from `from` to `to` (exclusive); row `i` is drawn by the element numbered `i % span`. */
  children(from: number, to: number, span: number): ReactNode
}

/**
 * Which rows are in the page. The window lives here, apart from the table, and moves by
 * whole blocks (rowWindow); a row scrolled out gives its elements to the row scrolled in
 * (TreeRowView). A frame of a scroll thus costs nothing here but, once a block, the new
 * rows' text and place — not mounting cells and buttons (a table re-rendered per frame,
 * its rows mounted as they came, held a 5 000-branch node at a third of a plain list's
 * frame rate, bench/tree-scroll).
 */
function RowWindow({ scroller, count, target, targetKey, children }: RowWindowProps) {
  const { from, span } = useRowWindow(scroller)
  useHoverPausedWhileScrolling(scroller)
  useScrollToRow(scroller, target, targetKey)
  return children(from, Math.min(count, from + span), span)
}

interface TreeRowViewProps<N> {
  row: TreeRow<N>
  start: number
  found: boolean
  first: Column<N>
  rest: readonly Column<N>[]
  rowActions?(node: N): readonly TreeRowAction[]
  actionsWidth: string
  onRowClick?(node: N): void
  toggle(key: TreeKey): void
  classes: RowClasses
}

/**
 * One row of the tree, drawn with plain elements wearing classes computed once per table
 * (rowClasses): a row re-rendered for another node costs its elements' props, not a
 * dozen Fluent components' hooks and styles. Memoised: when the window moves, the rows
 * still in view (same node, same place) are left as drawn. Its elements outlive the node
 * they show: given another node, it drops what the old one left — focus inside it, a
 * tooltip — as a row taken out of the page would.
 */
const TreeRowView = memo(function TreeRowView<N>({ row, start, found, first, rest, rowActions, actionsWidth, onRowClick, toggle, classes }: TreeRowViewProps<N>) {
  const element = useRef<HTMLDivElement>(null)
  const shown = useRef(row.key)
  useLayoutEffect(() => {
    if (shown.current === row.key || !element.current) return
    shown.current = row.key
    const focused = document.activeElement
    if (focused instanceof HTMLElement && element.current.contains(focused)) focused.blur()
    forgetWholeText(element.current)
  }, [row.key])
  return (
    <div
      ref={element}
      role="row"
      className={found ? classes.foundRow : classes.row}
      style={{ transform: `translateY(${start}px)` }}
      aria-level={row.depth + 1}
      aria-expanded={row.expandable ? row.expanded : undefined}
      data-found={found || undefined}
      onClick={onRowClick ? () => onRowClick(row.node) : undefined}
    >
      <div role="gridcell" className={classes.cell} style={cellStyle(first.width)}>
        <div className={classes.first} style={{ paddingLeft: `${row.depth * INDENT_PX}px` }}>
          <span className={classes.expanderBox}>
            {row.loading ? (
              <Spinner size="extra-tiny" aria-label="加载中" />
            ) : row.expandable ? (
              <RowButton
                look={classes.expander}
                icon={row.expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                aria-label={row.expanded ? '收起' : '展开'}
                onClick={() => toggle(row.key)}
              />
            ) : null}
          </span>
          <span className={classes.text} onPointerEnter={wholeTextOnHover}>
            {first.render(row.node)}
          </span>
        </div>
      </div>
      {rest.map((column) => (
        <div key={column.key} role="gridcell" className={classes.cell} style={cellStyle(column.width)} onPointerEnter={wholeTextOnHover}>
          <span className={classes.text}>{column.render(row.node)}</span>
        </div>
      ))}
      {rowActions && (
        <div role="gridcell" className={classes.cell} style={cellStyle(actionsWidth)}>
          <div className={classes.actions}>
            {rowActions(row.node).map((action) => (
              <RowButton key={action.label} look={classes.action} icon={action.icon} onClick={action.onClick}>
                {action.label}
              </RowButton>
            ))}
          </div>
        </div>
      )}
    </div>
  )
}) as <N>(props: TreeRowViewProps<N>) => ReactNode

interface RowButtonProps {
  look: ButtonClasses
  icon: ReactElement
  onClick(): void
  'aria-label'?: string
  children?: ReactNode
}

/** A button of a row, drawn as Fluent's small Button draws itself. Its click is the button's, not the row's. */
function RowButton({ look, icon, onClick, 'aria-label': ariaLabel, children }: RowButtonProps) {
  return (
    <button
      type="button"
      className={look.root}
      aria-label={ariaLabel}
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
    >
      <span className={look.icon}>{icon}</span>
      {children}
    </button>
  )
}
