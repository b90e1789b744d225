import { useRef, useState } from 'react'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import {
  AddRegular,
  ArrowDownloadRegular,
  ArrowUploadRegular,
  ChatRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  DismissCircleRegular,
  EditRegular,
} from '@fluentui/react-icons'
import { genderLabels, type MemberFilter, type MemberListItem } from '../../../src-shared/schemas/member'
import { call } from '../../app/bridge'
import type { FilterField, FilterValues } from '../../components/FilterBar'
import { OrgTreeSelect } from '../../components/org/OrgTreeSelect'
import { ResourceTable, type Column, type ResourceTableHandle, type RowKey } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { useDownloadTask } from '../../components/useDownloadTask'
import type { PageRequest } from '../../components/useResourcePage'
import { SmsDialog } from './SmsDialog'
import { MemberDialog, type MemberDialogTarget, type MemberFormValues } from './MemberDialog'
import { MemberImportDialog } from './MemberImportDialog'

type Filter = 'name' | 'telephone' | 'orgId'

const useStyles = makeStyles({
  selected: { marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  progress: { color: tokens.colorNeutralForeground3 },
})

const filters: readonly FilterField<Filter>[] = [
  { name: 'name', label: '姓名' },
  { name: 'telephone', label: '手机号' },
  {
    name: 'orgId',
    label: '组织',
    width: '280px',
    control: (value, onChange) => (
      <OrgTreeSelect value={value ? Number(value) : null} onChange={(id) => onChange(id ? String(id) : undefined)} placeholder="全部组织" />
    ),
  },
]

const columns: readonly Column<MemberListItem>[] = [
  { key: 'name', title: '姓名', width: '96px', render: (m) => m.name },
  { key: 'gender', title: '性别', width: '60px', render: (m) => (m.gender === 0 || m.gender === 1 ? genderLabels[m.gender] : '') },
  { key: 'telephone', title: '手机号', width: '130px', render: (m) => m.telephone },
  { key: 'orgName', title: '所属组织', render: (m) => m.orgName ?? '' },
  { key: 'topOrgName', title: '单位', render: (m) => m.topOrgName ?? '' },
  {
    key: 'enabled',
    title: '状态',
    width: '80px',
    render: (m) => (
      <Badge appearance="tint" color={m.enabled ? 'success' : 'danger'}>
        {m.enabled ? '启用' : '停用'}
      </Badge>
    ),
  },
]

function memberFilter(values: FilterValues<Filter>): MemberFilter {
  return { name: values.name, telephone: values.telephone, orgId: values.orgId }
}

/**
 * 党员管理 (/organization/member): members of the caller's tree with filters, add, edit,
 * delete, enable/disable, a selection kept across pages (for SMS), import and export.
 */
export default function MemberPage() {
  const styles = useStyles()
  const notify = useNotify()
  const confirmedDelete = useConfirmedDelete()
  const table = useRef<ResourceTableHandle<MemberListItem>>(null)
  // The filters of the list on screen: the export takes the same ones.
  const shownFilters = useRef<MemberFilter>({})
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set())
  const [dialog, setDialog] = useState<MemberDialogTarget | null>(null)
  const [importing, setImporting] = useState(false)
  const [texting, setTexting] = useState<number[] | null>(null)
  const exporter = useDownloadTask()

  const load = ({ pageNum, pageSize, filters: values }: PageRequest<Filter>) => {
    shownFilters.current = memberFilter(values)
    return call('member.list', { pageNum, pageSize, ...shownFilters.current })
  }

  const save = async ({ id: _unused, ...values }: MemberFormValues, target: MemberDialogTarget) => {
    if (target.kind === 'add') {
      // The form's schema has required the password when adding.
      table.current?.showAdded(await call('member.create', { ...values, pwd: values.pwd ?? '' }))
      notify.success(toastMessages.added)
    } else {
      table.current?.follow(target.member.id, await call('member.update', { ...values, id: target.member.id }))
      notify.success(toastMessages.updated)
      table.current?.reload()
    }
  }

  const act = async (work: Promise<unknown>, message: string) => {
    try {
      await work
      notify.success(message)
      table.current?.reload()
    } catch (error) {
      notify.error(error)
    }
  }

  // List rows are summaries: the dialog edits the whole record, read afresh.
  const edit = (id: number) => call('member.get', { id }).then((member) => setDialog({ kind: 'edit', member }), notify.error)

  const remove = (member: MemberListItem) =>
    confirmedDelete(
      '确定要删除当前人员吗?',
      () => call('member.delete', { id: member.id }),
      () => {
        table.current?.follow(member.id, null)
        table.current?.reload()
        setSelected((current) => {
          const next = new Set(current)
          next.delete(member.id)
          return next
        })
      },
    )

  return (
    <>
      <ResourceTable<MemberListItem, Filter>
        ref={table}
        label="党员列表"
        columns={columns}
        rowKey={(m) => m.id}
        load={load}
        filters={filters}
        selection={{ selected, onChange: setSelected }}
        actionsWidth="230px"
        toolbar={
          <>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'add' })}>
              新增
            </Button>
            <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
              导入
            </Button>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={exporter.busy}
              // With a selection only the selected members go out, else the list's filters decide.
              onClick={() => void exporter.run('member.export', selected.size > 0 ? { ids: [...selected].join(',') } : shownFilters.current)}
            >
              {exporter.busy ? '正在导出…' : '导出'}
            </Button>
            <Button
              icon={<ChatRegular />}
              onClick={() => (selected.size === 0 ? notify.warning('未选中任何用户') : setTexting([...selected].map(Number)))}
            >
              发送短信
            </Button>
            {exporter.progress && <Text className={styles.progress}>{exporter.progress}</Text>}
            <span className={styles.selected}>
              <Text role="status">已选择 {selected.size} 人</Text>
              {selected.size > 0 && (
                <Button size="small" appearance="subtle" onClick={() => setSelected(new Set())}>
                  清空选择
                </Button>
              )}
            </span>
          </>
        }
        rowActions={(member) => (
          <>
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => void edit(member.id)}>
              编辑
            </Button>
            {member.enabled ? (
              <Button
                size="small"
                appearance="subtle"
                icon={<DismissCircleRegular />}
                onClick={() => void act(call('member.disable', { id: member.id }), toastMessages.done)}
              >
                停用
              </Button>
            ) : (
              <Button
                size="small"
                appearance="subtle"
                icon={<CheckmarkCircleRegular />}
                onClick={() => void act(call('member.enable', { id: member.id }), toastMessages.done)}
              >
                启用
              </Button>
            )}
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(member)}>
              删除
            </Button>
          </>
        )}
      />
      <MemberDialog target={dialog} onClose={() => setDialog(null)} onSave={save} />
      <SmsDialog memberIds={texting} onClose={() => setTexting(null)} onSent={() => setSelected(new Set())} />
      <MemberImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => table.current?.reload()} />
    </>
  )
}
