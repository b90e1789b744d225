import { Fragment, useImperativeHandle, useState, type ReactNode, type Ref } from 'react'
import {
  Button,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  tokens,
} from '@fluentui/react-components'
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useLocation } from 'react-router-dom'
import type { ListSort } from '../../src-shared/list-sort'
import { DEFAULT_PAGE_SIZE } from '../../src-shared/schemas/common'
import { EmptyState } from './EmptyState'
import { FilterBar, type FilterField } from './FilterBar'
import { PAGE_SIZES, Pager } from './Pager'
import { PrintViewButton } from './PrintViewButton'
import { TableSettings } from './TableSettings'
import { TruncatedCell } from './TruncatedCell'
import { useResourcePage, type LoadPage } from './useResourcePage'
import { useTableSettings } from './useTableSettings'

export interface Column<Row> {
  key: string
  title: string
  render(row: Row): ReactNode
  /** CSS width, e.g. `'120px'`; columns without one share the rest. */
  width?: string
  /** Let the text wrap onto more lines instead of cutting it short (long names, two-line spans). */
  wrap?: boolean
  /** The cell's text when printed (打印), where what `render` draws has none of its own (a switch); false leaves the column off paper (a picture). */
  text?: ((row: Row) => string) | false
}

export type RowKey = string | number

/** Selected rows by key, kept while the user moves between pages. */
export interface RowSelection {
  selected: ReadonlySet<RowKey>
  onChange(next: ReadonlySet<RowKey>): void
}

export interface ResourceTableHandle<Row = unknown> {
  /** Fetches the current page again, e.g. after an add or a delete. */
  reload(): void
  /**
   * Shows a record just added, so the user sees what was saved: marked where the page
   * shows it, and first on any page that does not, until the user searches. Reloads.
   */
  showAdded(row: Row): void
  /** The marked record changed (an edit, the enable switch) or was deleted (null): the mark follows it. */
  follow(key: RowKey, row: Row | null): void
}

/**
 * Router state of a page that returns to a list after adding a record elsewhere (the
 * training wizard): `navigate(list, { state: addedState(row) })` and the list marks it.
 */
export function addedState<Row>(row: Row): { added: Row } {
  return { added: row }
}

export interface ResourceTableProps<Row, F extends string> {
  /** Accessible name of the table, e.g. 党员列表. */
  label: string
  columns: readonly Column<Row>[]
  rowKey(row: Row): RowKey
  load: LoadPage<Row, F>
  filters?: readonly FilterField<F>[]
  /** Buttons above the table (添加, 批量删除 …). */
  toolbar?: ReactNode
  /** The 操作 cell of a row. */
  rowActions?(row: Row): ReactNode
  /** CSS width of the 操作 column, so its buttons stay on one line. */
  actionsWidth?: string
  selection?: RowSelection
  /** Details shown under a row the user expands (a chevron before the row). */
  expand?(row: Row): ReactNode
  /** Least time the loading indicator shows (spec 000 §9: 300 ms). */
  minLoadingMs?: number
  /** CSS max-height of the rows (e.g. following the window); they scroll inside it, the pager stays below. */
  bodyMaxHeight?: string
  /** Page sizes offered, the first the default (spec 000 §9: 10); one size offers no choice. */
  pageSizes?: readonly number[]
  /** Draws each row as a card in a grid instead of a table row (teachers); `actions` are its buttons. */
  card?(row: Row, actions: ReactNode): ReactNode
  /**
   * Keys of the columns the server sorts the list by: what the list route declares
   * (`sortableColumns` of its query). Their headers sort on click; `load` gets the sort.
   */
  sortable?: readonly string[]
  ref?: Ref<ResourceTableHandle<NoInfer<Row>>>
}

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
  body: { position: 'relative', minHeight: '120px', overflowX: 'auto' },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(255, 255, 255, 0.6)',
    zIndex: 1,
  },
  // Row buttons are short words (编辑, 删除, 满意度): as wide as their text, not Fluent's 64px minimum each.
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap', '& .fui-Button': { minWidth: 'auto' } },
  expandCell: { width: '44px' },
  highlighted: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  highlightedCard: { outline: `2px solid ${tokens.colorBrandStroke1}`, borderRadius: tokens.borderRadiusMedium },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  details: { backgroundColor: tokens.colorNeutralBackground2, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
})

/** The narrowest a column without a width may get: a name still reads as words, not a column of single characters. */
const FLEXIBLE_MIN_WIDTH = 140

/** Fluent's cells pad their content by 8px on each side, outside the width a column names. */
const CELL_PADDING = 16

/**
 * The table's minimum width: the fixed widths in px plus a readable minimum for each
 * flexible column, so a narrow panel scrolls sideways instead of squeezing names away.
 */
function tableMinWidth(widths: readonly (string | undefined)[]): number {
  return widths.reduce((sum, width) => sum + CELL_PADDING + (width === undefined ? FLEXIBLE_MIN_WIDTH : Number.parseFloat(width) || 0), 0)
}

/** A header's next sort on a click: ascending, then descending, then the list's own order again. */
function nextSort(current: ListSort | undefined, key: string): ListSort | undefined {
  if (current?.orderBy !== key) return { orderBy: key, order: 'asc' }
  return current.order === 'asc' ? { orderBy: key, order: 'desc' } : undefined
}

/** A paged, filterable list fetched through `load`; columns and actions are declared by the screen. */
export function ResourceTable<Row, F extends string = never>({
  label,
  columns: allColumns,
  rowKey,
  load,
  filters,
  toolbar,
  rowActions,
  actionsWidth,
  selection,
  expand,
  minLoadingMs = 300,
  bodyMaxHeight,
  pageSizes = PAGE_SIZES,
  card,
  sortable = [],
  ref,
}: ResourceTableProps<Row, F>) {
  const styles = useStyles()
  // Cards have no headers to sort by.
  const sortableKeys = card ? [] : sortable
  const [settings, setSettings] = useTableSettings(label, allColumns.map((c) => c.key), sortableKeys)
  const columns = allColumns.filter((c) => !settings.hidden.includes(c.key))
  const [expanded, setExpanded] = useState<ReadonlySet<RowKey>>(new Set())
  const toggleExpanded = (key: RowKey) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const columnCount = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0) + (expand ? 1 : 0)
  const { request, page, loading, loaded, reload, goTo, search, sortBy } = useResourcePage(load, pageSizes[0] ?? DEFAULT_PAGE_SIZE, minLoadingMs, settings.sort)
  const toggleSort = (key: string) => {
    const sort = nextSort(settings.sort, key)
    setSettings({ ...settings, sort })
    sortBy(sort)
  }
  // What the page was opened with (a record added on the page before) until one is added here.
  const opened = useLocation().state as { added?: Row } | null
  const [highlighted, setHighlighted] = useState<Row | null>(opened?.added ?? null)
  useImperativeHandle(ref, () => ({
    reload,
    showAdded(row) {
      setHighlighted(row)
      reload()
    },
    follow(key, row) {
      setHighlighted((current) => (current !== null && rowKey(current) === key ? row : current))
    },
  }))

  const highlightedKey = highlighted ? rowKey(highlighted) : undefined
  const rows = highlighted && !page.records.some((row) => rowKey(row) === highlightedKey) ? [highlighted, ...page.records] : page.records
  const pageKeys = rows.map(rowKey)
  const selectedOnPage = selection ? pageKeys.filter((key) => selection.selected.has(key)).length : 0
  const allOnPage = selectedOnPage > 0 && selectedOnPage === pageKeys.length

  const toggleRow = (key: RowKey) => {
    if (!selection) return
    const next = new Set(selection.selected)
    if (!next.delete(key)) next.add(key)
    selection.onChange(next)
  }
  const togglePage = () => {
    if (!selection) return
    const next = new Set(selection.selected)
    for (const key of pageKeys) {
      if (allOnPage) next.delete(key)
      else next.add(key)
    }
    selection.onChange(next)
  }

  return (
    <section aria-label={label}>
      {filters && filters.length > 0 && (
        <FilterBar
          fields={filters}
          onSearch={(values) => {
            // A search asks for other rows: the one just added is no longer put before them.
            setHighlighted(null)
            search(values)
          }}
        />
      )}
      <div className={styles.toolbar}>
        {toolbar}
        <TableSettings columns={card ? [] : allColumns} settings={settings} onChange={setSettings} onRefresh={reload}>
          {!card && <PrintViewButton title={label} columns={columns} filters={filters ?? []} view={request} load={load} total={page.total} capped={page.totalCapped} />}
        </TableSettings>
      </div>
      <div className={styles.body} aria-busy={loading} style={bodyMaxHeight ? { maxHeight: bodyMaxHeight, overflowY: 'auto' } : undefined}>
        {card ? (
          <div className={styles.cards} role="list" aria-label={label}>
            {rows.map((row, index) => (
              <div
                role="listitem"
                key={pageKeys[index]}
                className={pageKeys[index] === highlightedKey ? styles.highlightedCard : undefined}
                data-highlighted={pageKeys[index] === highlightedKey || undefined}
              >
                {card(row, rowActions?.(row))}
              </div>
            ))}
          </div>
        ) : (
          <Table
            aria-label={label}
            size={settings.density}
            style={{
              minWidth: tableMinWidth([
                ...(expand ? ['44px'] : []),
                ...(selection ? ['44px'] : []),
                ...columns.map((c) => c.width),
                ...(rowActions ? [actionsWidth ?? '0px'] : []),
              ]),
            }}
          >
            <TableHeader>
              <TableRow>
                {expand && <TableHeaderCell className={styles.expandCell} aria-label="展开" />}
                {selection && (
                  <TableSelectionCell
                    checked={allOnPage ? true : selectedOnPage > 0 ? 'mixed' : false}
                    onClick={togglePage}
                    checkboxIndicator={{ 'aria-label': '选择本页全部' }}
                  />
                )}
                {columns.map((column) => {
                  const sorts = sortableKeys.includes(column.key)
                  const direction = settings.sort?.orderBy === column.key ? settings.sort.order : undefined
                  return (
                    <TableHeaderCell
                      key={column.key}
                      style={column.width ? { width: column.width } : undefined}
                      sortable={sorts}
                      sortDirection={direction && (direction === 'asc' ? 'ascending' : 'descending')}
                      onClick={sorts ? () => toggleSort(column.key) : undefined}
                    >
                      {column.title}
                    </TableHeaderCell>
                  )
                })}
                {rowActions && <TableHeaderCell style={actionsWidth ? { width: actionsWidth } : undefined}>操作</TableHeaderCell>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => {
                const key = pageKeys[index]
                const selected = selection?.selected.has(key) ?? false
                const open = expanded.has(key)
                return (
                  <Fragment key={key}>
                    <TableRow
                      aria-selected={selection ? selected : undefined}
                      className={key === highlightedKey ? styles.highlighted : undefined}
                      data-highlighted={key === highlightedKey || undefined}
                    >
                      {expand && (
                        <TableCell className={styles.expandCell}>
                          <Button
                            appearance="transparent"
                            size="small"
                            aria-expanded={open}
                            aria-label={open ? '收起详情' : '展开详情'}
                            icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
                            onClick={() => toggleExpanded(key)}
                          />
                        </TableCell>
                      )}
                      {selection && (
                        <TableSelectionCell
                          checked={selected}
                          onClick={() => toggleRow(key)}
                          checkboxIndicator={{ 'aria-label': '选择此行' }}
                        />
                      )}
                      {columns.map((column) => (
                        <TruncatedCell key={column.key} wrap={column.wrap}>
                          {column.render(row)}
                        </TruncatedCell>
                      ))}
                      {rowActions && (
                        <TableCell>
                          <div className={styles.actions}>{rowActions(row)}</div>
                        </TableCell>
                      )}
                    </TableRow>
                    {expand && open && (
                      <TableRow>
                        <TableCell colSpan={columnCount} className={styles.details}>
                          {expand(row)}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                )
              })}
            </TableBody>
          </Table>
        )}
        {loaded && !loading && rows.length === 0 && <EmptyState />}
        {loading && (
          <div className={styles.overlay}>
            <Spinner size="small" label="加载中..." />
          </div>
        )}
      </div>
      {/* One size offered (a preview of six): nothing to choose. */}
      <Pager total={page.total} totalCapped={page.totalCapped} pageNum={request.pageNum} pageSize={request.pageSize} onChange={goTo} sizes={pageSizes} fixedSize={pageSizes.length === 1} />
    </section>
  )
}
