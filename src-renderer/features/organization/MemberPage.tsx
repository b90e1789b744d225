import { useRef, useState } from 'react'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowUploadRegular, ChatRegular, CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons'
import { memberResource } from '../../../src-shared/schemas/member'
import { call } from '../../lib/bridge'
import { CrudScreen, type CrudScreenHandle } from '../../components/crud/CrudScreen'
import { KeptPasswordField } from '../../components/crud/fields'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormField } from '../../components/FormFields'
import { OrgField } from '../../components/org/OrgField'
import { orgFilter } from '../../components/org/orgFilter'
import type { RowKey } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { useDownloadTask } from '../../components/useDownloadTask'
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
        cells={{
          enabled: {
            render: (m) => (
              <Badge appearance="tint" color={m.enabled ? 'success' : 'danger'}>
                {m.enabled ? '启用' : '停用'}
              </Badge>
            ),
          },
        }}
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
        dialogLayout="wide"
        controls={{
          orgId: ({ control }, member, decl) => <OrgField control={control} name="orgId" label={decl.label} required valueName={member?.orgName} />,
          pwd: ({ control }, member, decl) => (
            <KeptPasswordField control={control} name="pwd" decl={decl} editing={!!member} hint={member ? '留空则不修改密码' : '至少 6 位'} />
          ),
          tenureTime: ({ control }, _, decl) => (
            <FormField control={control} name="tenureTime" label={decl.label}>
              {(field) => <DateTimeInput monthOnly value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
            </FormField>
          ),
        }}
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
