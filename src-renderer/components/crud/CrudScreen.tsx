import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react'
import { Button, makeStyles, Switch, Text, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { routes } from '../../../src-shared/api'
import type { RouteDef } from '../../../src-shared/contract'
import { sortableColumns, sortFields } from '../../../src-shared/list-sort'
import { screenByKey } from '../../../src-shared/permissions'
import { filterLabel, type ResourceDescriptor } from '../../../src-shared/resource'
import type { FilterField, FilterValues } from '../FilterBar'
import { FormDialog } from '../FormDialog'
import { ResourceTable, type Column, type ResourceTableHandle, type RowSelection } from '../ResourceTable'
import { toastMessages, useNotify } from '../toast'
import { useConfirmedDelete } from '../useConfirmedDelete'
import { indexLabel, numbered } from '../useResourcePage'
import { declaredColumns } from './columns'
import { blankOf, DeclaredFields, valuesOf } from './fields'
import { resourceCall, type Numbered, type RowOf } from './resource-call'
import { deletableTableOf } from '../../../src-shared/references'
import { editSchemaOf, type FieldDecl } from '../../../src-shared/fields'

/** What a screen may ask of its list from outside it (an import dialog). */
export interface CrudScreenHandle {
  /** Fetches the current page again. */
  reload(): void
}

/** A filter drawn by the screen's own control (an organisation tree …) instead of a text box. */
export type FilterControl = Pick<FilterField, 'control' | 'width' | 'summary'>

/**
 * `E` is the record the dialog edits: the list row, or what `loadForEdit` reads when
 * the rows are summaries.
 */
export interface CrudScreenProps<D extends ResourceDescriptor, E extends RowOf<D> = RowOf<D>> {
  resource: D
  /** Accessible name of the table, e.g. 新闻列表. */
  label: string
  /**
   * Columns besides 序号 and (for a resource with `status`) the enable switch: those the
   * descriptor declares (`columns`), unless it declares none.
   */
  columns?: readonly Column<Numbered<RowOf<D>>>[]
  /** Cells of declared columns the screen draws its own way, by key. */
  cells?: Partial<Record<string, Partial<Column<Numbered<RowOf<D>>>>>>
  /**
   * The record 编辑 opens, read afresh (list rows that are summaries: the whole record);
   * the row itself unless given. A failure is an error toast and no dialog.
   */
  loadForEdit?(row: RowOf<D>): Promise<E>
  /**
   * The dialog's fields, bound to the form (the descriptor's `fields` schema validates
   * them): those the descriptor declares (`form`), unless it declares none.
   */
  fields?(form: UseFormReturn<FieldValues>, editing: E | null): ReactNode
  /** Declared fields the screen draws itself (`own` ones, or one drawn its own way), by name; `decl` gives its label and whether it is required. */
  controls?: Record<string, (form: UseFormReturn<FieldValues>, editing: E | null, decl: FieldDecl) => ReactNode>
  /** Values a new record's dialog opens with; each declared field's initial or empty value unless given. */
  blank?: FieldValues
  /** Values a record's dialog opens with; its declared fields (or the record itself) unless given. */
  toValues?(record: E): FieldValues
  /** Options of choice filters, by filter name. */
  filterOptions?: Record<string, readonly { value: string; label: string }[]>
  /** Filters drawn by a control of the screen's own, by filter name (an `equals` filter shows only with options or one). */
  filterControls?: Record<string, FilterControl>
  /** Rows ticked by the user, kept across pages and searches; a deleted record leaves it. */
  selection?: RowSelection
  /** Row buttons before 编辑 / 删除. */
  rowActions?(row: RowOf<D>, reload: () => void): ReactNode
  /** Why a record cannot be edited or deleted (its buttons are disabled and say so), if it cannot. */
  locked?(row: RowOf<D>): string | undefined
  /** The add button's text, 添加 unless given; the add dialog's title is it and the noun (新增 → 新增党员). */
  addLabel?: string
  /** Buttons and status after the add button, given the filters of the list on screen as last searched (an export takes the same ones). */
  toolbar?(filters: FilterValues): ReactNode
  expand?(row: RowOf<D>): ReactNode
  dialogLayout?: 'narrow' | 'wide'
  actionsWidth?: string
  /** The enable switch's label (启用 unless given). */
  statusLabel?: string
  /** The delete confirmation; 确定要删除当前<noun>吗? unless given. */
  deleteMessage?: string | ((row: RowOf<D>) => string)
  /** The schema an edit is checked with: the declared fields' edit schemas (an account's password may stay empty) unless given. */
  editSchema?: z.ZodObject
  /** Page sizes offered, the first the default. */
  pageSizes?: readonly number[]
  /** Draws each record as a card of a grid instead of a table row. */
  card?(row: Numbered<RowOf<D>>, actions: ReactNode): ReactNode
  /** Values every call carries (a course's resources: its `courseId`). */
  fixed?: Record<string, unknown>
  /** A list inside another screen (a course's resources in its expanded row): no page heading of its own. */
  embedded?: boolean
  /** Said under the heading, above the list (e.g. that SMS will not go out). */
  notice?: ReactNode
  ref?: Ref<CrudScreenHandle>
  /** Keeps drafts of the add/edit dialog under this name (`news` → `news:new`, `news:12`; drafts.tsx). */
  draft?: string
}

// The heading as the other list screens draw theirs (报名统计).
const useStyles = makeStyles({
  title: { display: 'block', paddingBottom: tokens.spacingVerticalL },
  notice: { paddingBottom: tokens.spacingVerticalM },
})

/**
 * A standard resource's screen drawn from its descriptor: filters, table with 序号,
 * pager, 添加 / 编辑 in a dialog validated by the descriptor's schema, 删除 after
 * 确定要删除当前<noun>吗?, the enable switch, and the spec's toasts. A record just added
 * is shown at the top of the list, marked, whatever page is on screen, until the next search.
 * The page heading is the screen's name in the navigation (the resource's permission).
 */
export function CrudScreen<D extends ResourceDescriptor, E extends RowOf<D> = RowOf<D>>({
  draft,
  resource,
  label,
  columns = [],
  cells = {},
  loadForEdit = (row) => Promise.resolve(row as E),
  fields,
  controls = {},
  blank = resource.form ? blankOf(resource.form) : {},
  toValues = (record) => (resource.form ? valuesOf(resource.form, record) : (record as FieldValues)),
  filterOptions = {},
  filterControls = {},
  selection,
  rowActions,
  locked = () => undefined,
  addLabel = '添加',
  toolbar,
  expand,
  dialogLayout = resource.form && Object.values(resource.form).some((decl) => decl.kind === 'richText') ? 'wide' : undefined,
  actionsWidth,
  statusLabel = '启用',
  fixed = {},
  embedded = false,
  notice,
  pageSizes,
  card,
  deleteMessage = `确定要删除当前${resource.noun}吗?`,
  editSchema = resource.form ? editSchemaOf(resource.form) : resource.fields,
  ref,
}: CrudScreenProps<D, E>) {
  type Row = Numbered<RowOf<D>>
  const styles = useStyles()
  const table = useRef<ResourceTableHandle<Row>>(null)
  const [searched, setSearched] = useState<FilterValues>({})
  const notify = useNotify()
  const confirmedDelete = useConfirmedDelete()
  const [dialog, setDialog] = useState<{ row: E | null } | null>(null)
  const reload = () => table.current?.reload()
  useImperativeHandle(ref, () => ({ reload: () => table.current?.reload() }), [])
  const api = resourceCall(resource)
  // The marked new row is a copy: it follows what happens to the record afterwards.
  const follow = (id: number, next: Row | null) => table.current?.follow(id, next)
  const edit = (row: RowOf<D>) => loadForEdit(row).then((record) => setDialog({ row: record }), notify.error)

  const statusColumn: Column<Row>[] = resource.status
    ? [
        {
          key: 'status',
          title: statusLabel,
          width: '90px',
          text: (row) => (row.status === 1 ? '是' : '否'),
          render: (row) => (
            <Switch
              checked={row.status === 1}
              aria-label={`${statusLabel}${resource.noun}`}
              onChange={(_, data) =>
                void api.updateStatus(row.id, data.checked ? 1 : -1).then(() => {
                  notify.success(toastMessages.done)
                  follow(row.id, { ...row, status: data.checked ? 1 : -1 })
                  reload()
                }, notify.error)
              }
            />
          ),
        },
      ]
    : []
  const allColumns: Column<Row>[] = [
    { key: 'index', title: '序号', width: '70px', render: (row) => indexLabel(row.index) },
    ...(resource.columns ? declaredColumns<Row>(resource.columns, resource.form ?? {}, cells) : columns),
    ...statusColumn,
  ]

  return (
    <>
      {!embedded && (
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {screenByKey.get(resource.access)?.title}
        </Text>
      )}
      {notice && <div className={styles.notice}>{notice}</div>}
      <ResourceTable<Row, string>
        ref={table}
        label={label}
        columns={allColumns}
        rowKey={(row) => row.id}
        filters={Object.entries(resource.filters)
          .filter(([name, filter]) => filter.match !== 'equals' || filterOptions[name] || filter.options || filterControls[name])
          .map(([name, filter]) => ({ name, label: filterLabel(resource, name), options: filterOptions[name] ?? filter.options, ...filterControls[name] }))}
        sortable={sortableColumns((routes[`${resource.name}.list` as keyof typeof routes] as RouteDef | undefined)?.query)}
        load={async ({ pageNum, pageSize, filters, sort }) => {
          // An export takes the list's order too.
          setSearched({ ...filters, ...sortFields(sort) })
          return numbered(await api.list({ ...fixed, pageNum, pageSize, ...filters, ...sortFields(sort) }), pageNum, pageSize)
        }}
        selection={selection}
        toolbar={
          <>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ row: null })}>
              {addLabel}
            </Button>
            {toolbar?.(searched)}
          </>
        }
        rowActions={(row) => (
          <>
            {rowActions?.(row, reload)}
            <Button size="small" appearance="subtle" icon={<EditRegular />} disabled={!!locked(row)} title={locked(row)} onClick={() => void edit(row)}>
              编辑
            </Button>
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={!!locked(row)}
              title={locked(row)}
              onClick={() =>
                void confirmedDelete(
                  typeof deleteMessage === 'function' ? deleteMessage(row) : deleteMessage,
                  () => api.remove(row.id),
                  () => {
                    follow(row.id, null)
                    reload()
                    if (selection?.selected.has(row.id)) selection.onChange(new Set([...selection.selected].filter((key) => key !== row.id)))
                  },
                  { table: deletableTableOf(resource.table), ids: [row.id] },
                )
              }
            >
              删除
            </Button>
          </>
        )}
        actionsWidth={actionsWidth}
        expand={expand}
        pageSizes={pageSizes}
        card={card}
      />
      <FormDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`${dialog?.row ? '编辑' : addLabel}${resource.noun}`}
        schema={dialog?.row ? editSchema : resource.fields}
        defaultValues={dialog?.row ? toValues(dialog.row) : { ...blank, ...fixed }}
        layout={dialogLayout}
        draftKey={draft && `${draft}:${dialog?.row ? dialog.row.id : 'new'}`}
        onSubmit={async (values) => {
          const editing = dialog?.row
          if (editing) {
            follow(editing.id, { ...(await api.update({ ...values, id: editing.id })), index: 0 })
            notify.success(toastMessages.updated)
            reload()
          } else {
            table.current?.showAdded({ ...(await api.create(values)), index: 0 })
            notify.success(toastMessages.added)
          }
        }}
      >
        {(form) => {
          const bound = form as unknown as UseFormReturn<FieldValues>
          const editing = dialog?.row ?? null
          if (!resource.form) return fields?.(bound, editing)
          const declared = resource.form
          const own = Object.fromEntries(Object.entries(controls).map(([name, draw]) => [name, () => draw(bound, editing, declared[name])]))
          return <DeclaredFields form={declared} control={bound.control} controls={own} />
        }}
      </FormDialog>
    </>
  )
}
