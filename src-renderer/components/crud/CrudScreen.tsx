import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react'
import { Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Switch, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { routes } from '../../../src-shared/api'
import type { RouteDef } from '../../../src-shared/contract'
import { sortableColumns, sortFields } from '../../../src-shared/list-sort'
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
  /**
   * Deletes these records as a row's 删除 does (confirmation, what goes with them, toast,
   * the selection and the list follow): a batch delete of the selection, given a
   * `deleteInput` that takes several.
   */
  remove(ids: readonly number[], message: string): Promise<void>
}

/** What a screen's own add/edit dialog is given (CrudScreen draws it while it is open). */
export interface OwnDialogProps<Row, E = Row> {
  /** The record being edited (what `loadForEdit` read), null to add. */
  editing: E | null
  close(): void
  /** The record as the server saved it: the toast, and the list follows it (an added one shown at the top, marked). */
  saved(record: Row): void
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
  /** Row actions under 更多 (a menu of `MenuItem`s, after the row buttons), so that a row of many actions fits a 1440 px window. */
  menuActions?(row: RowOf<D>, reload: () => void): ReactNode
  /** Where 删除 is: a row button, or the last item under 更多. */
  deleteIn?: 'row' | 'menu'
  /**
   * The delete route's input for these records: `{ id }` of the one unless given (a route
   * taking `ids`, one or several comma-joined, deletes a selection in one request).
   */
  deleteInput?(ids: readonly number[]): Record<string, unknown>
  /**
   * The screen's own add/edit dialog instead of the declared form (a dialog of rules and
   * lookups of its own). CrudScreen still opens it (添加, 编辑 after `loadForEdit`), says
   * what was saved and shows it in the list.
   */
  dialog?(props: OwnDialogProps<RowOf<D>, E>): ReactNode
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
  /** Said under the heading, above the list (e.g. that SMS will not go out). */
  notice?: ReactNode
  ref?: Ref<CrudScreenHandle>
  /** Keeps drafts of the add/edit dialog under this name (`news` → `news:new`, `news:12`; drafts.tsx). */
  draft?: string
}

/** A screen's own dialog, drawn by its render prop as an element of its own (its callbacks are called later, not while drawing). */
function OwnDialog<Row, E>({ draw, ...props }: OwnDialogProps<Row, E> & { draw(props: OwnDialogProps<Row, E>): ReactNode }) {
  return draw(props)
}

/**
 * The standard delete's input: one `{ id }`. Several ids need a route that takes them
 * (`deleteInput`); deleting only the first while the list drops them all would say what
 * did not happen.
 */
function oneId(ids: readonly number[]): Record<string, unknown> {
  if (ids.length !== 1) throw new Error(`this resource's delete takes one id, not ${ids.length}: give CrudScreen a deleteInput`)
  return { id: ids[0] }
}

/** How the 更多 menu names its row to a screen reader: the row's title or name (an exam, a training). */
function nameOf(row: { id: number; title?: unknown; name?: unknown }): string {
  return String(row.title ?? row.name ?? row.id)
}

const useStyles = makeStyles({
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
  menuActions,
  deleteIn = 'row',
  deleteInput = oneId,
  dialog,
  locked = () => undefined,
  addLabel = '添加',
  toolbar,
  expand,
  dialogLayout = resource.form && Object.values(resource.form).some((decl) => decl.kind === 'richText') ? 'wide' : undefined,
  actionsWidth,
  statusLabel = '启用',
  fixed = {},
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
  const [editor, setEditor] = useState<{ row: E | null } | null>(null)
  const reload = () => table.current?.reload()
  const api = resourceCall(resource)
  // The marked new row is a copy: it follows what happens to the record afterwards.
  const follow = (id: number, next: Row | null) => table.current?.follow(id, next)
  const edit = (row: RowOf<D>) => loadForEdit(row).then((record) => setEditor({ row: record }), notify.error)
  const saved = (editing: E | null, record: RowOf<D>) => {
    const row: Row = { ...record, index: 0 }
    if (editing) {
      follow(editing.id, row)
      notify.success(toastMessages.updated)
      reload()
    } else {
      table.current?.showAdded(row)
      notify.success(toastMessages.added)
    }
  }
  const remove = (ids: readonly number[], message: string) =>
    confirmedDelete(
      message,
      () => api.remove(deleteInput(ids)),
      () => {
        for (const id of ids) follow(id, null)
        reload()
        if (selection && ids.some((id) => selection.selected.has(id))) selection.onChange(new Set([...selection.selected].filter((key) => !ids.includes(key as number))))
      },
      { table: deletableTableOf(resource.table), ids },
    )
  useImperativeHandle(ref, () => ({ reload, remove }))
  const removeRow = (row: RowOf<D>) => void remove([row.id], typeof deleteMessage === 'function' ? deleteMessage(row) : deleteMessage)

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
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditor({ row: null })}>
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
            {deleteIn === 'row' && (
              <Button size="small" appearance="subtle" icon={<DeleteRegular />} disabled={!!locked(row)} title={locked(row)} onClick={() => removeRow(row)}>
                删除
              </Button>
            )}
            {(menuActions || deleteIn === 'menu') && (
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`更多操作：${nameOf(row)}`} title="更多操作" />
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {menuActions?.(row, reload)}
                    {deleteIn === 'menu' && (
                      <MenuItem icon={<DeleteRegular />} disabled={!!locked(row)} onClick={() => removeRow(row)}>
                        删除
                      </MenuItem>
                    )}
                  </MenuList>
                </MenuPopover>
              </Menu>
            )}
          </>
        )}
        actionsWidth={actionsWidth}
        expand={expand}
        pageSizes={pageSizes}
        card={card}
      />
      {dialog ? (
        editor && <OwnDialog draw={dialog} editing={editor.row} close={() => setEditor(null)} saved={(record) => saved(editor.row, record)} />
      ) : (
        <FormDialog
          open={editor !== null}
          onOpenChange={(open) => !open && setEditor(null)}
          title={`${editor?.row ? '编辑' : addLabel}${resource.noun}`}
          schema={editor?.row ? editSchema : resource.fields}
          defaultValues={editor?.row ? toValues(editor.row) : { ...blank, ...fixed }}
          layout={dialogLayout}
          draftKey={draft && `${draft}:${editor?.row ? editor.row.id : 'new'}`}
          onSubmit={async (values) => {
            const editing = editor?.row ?? null
            saved(editing, editing ? await api.update({ ...values, id: editing.id }) : await api.create(values))
          }}
        >
          {(form) => {
            const bound = form as unknown as UseFormReturn<FieldValues>
            const editing = editor?.row ?? null
            if (!resource.form) return fields?.(bound, editing)
            const declared = resource.form
            const own = Object.fromEntries(Object.entries(controls).map(([name, draw]) => [name, () => draw(bound, editing, declared[name])]))
            return <DeclaredFields form={declared} control={bound.control} controls={own} />
          }}
        </FormDialog>
      )}
    </>
  )
}
