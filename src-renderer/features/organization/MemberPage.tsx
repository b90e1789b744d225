import { useRef, useState } from 'react'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowUploadRegular, ChatRegular, CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons'
import { genderLabels, memberResource } from '../../../src-shared/schemas/member'
import { call } from '../../lib/bridge'
import { CrudScreen, type CrudScreenHandle } from '../../components/crud/CrudScreen'
import { orgFilter } from '../../components/org/orgFilter'
import type { RowKey } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { useDownloadTask } from '../../components/useDownloadTask'
import { blankMember, MemberEditSchema, MemberFields, memberValues } from './MemberFields'
import { MemberImportDialog } from './MemberImportDialog'
import { SmsDialog } from './SmsDialog'

const useStyles = makeStyles({
  selected: { marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  progress: { color: tokens.colorNeutralForeground3 },
})

/**
 * 党员管理 (/organization/member): members of the caller's tree with filters, add, edit,
 * delete, enable/disable, a selection kept across pages (for SMS and export), import and export.
 */
export default function MemberPage() {
  const styles = useStyles()
  const notify = useNotify()
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set())
  const [importing, setImporting] = useState(false)
  const [texting, setTexting] = useState<number[] | null>(null)
  const exporter = useDownloadTask()
  const screen = useRef<CrudScreenHandle>(null)

  return (
    <>
      <CrudScreen
        ref={screen}
        resource={memberResource}
        label="党员列表"
        columns={[
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
        ]}
        filterControls={{
          orgId: {
            width: '280px',
            ...orgFilter(),
          },
        }}
        selection={{ selected, onChange: setSelected }}
        addLabel="新增"
        // List rows are summaries: the dialog edits the whole record, read afresh.
        loadForEdit={(row) => call('member.get', { id: row.id })}
        blank={blankMember}
        toValues={memberValues}
        editSchema={MemberEditSchema}
        dialogLayout="wide"
        fields={(form, member) => <MemberFields form={form} member={member} />}
        deleteMessage="确定要删除当前人员吗?"
        actionsWidth="230px"
        rowActions={(member, reload) => {
          const [route, text, icon] = member.enabled
            ? (['member.disable', '停用', <DismissCircleRegular />] as const)
            : (['member.enable', '启用', <CheckmarkCircleRegular />] as const)
          const toggle = () =>
            call(route, { id: member.id }).then(() => {
              notify.success(toastMessages.done)
              reload()
            }, notify.error)
          return (
            <Button size="small" appearance="subtle" icon={icon} onClick={() => void toggle()}>
              {text}
            </Button>
          )
        }}
        toolbar={(filters) => (
          <>
            <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
              导入
            </Button>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={exporter.busy}
              // With a selection only the selected members go out, else the list's filters decide.
              onClick={() => void exporter.run('member.export', selected.size > 0 ? { ids: [...selected].join(',') } : filters)}
            >
              {exporter.busy ? '正在导出…' : '导出'}
            </Button>
            <Button icon={<ChatRegular />} onClick={() => (selected.size === 0 ? notify.warning('未选中任何用户') : setTexting([...selected].map(Number)))}>
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
        )}
      />
      <SmsDialog memberIds={texting} onClose={() => setTexting(null)} onSent={() => setSelected(new Set())} />
      <MemberImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => screen.current?.reload()} />
    </>
  )
}
