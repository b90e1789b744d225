import { useState } from 'react'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { PeopleRegular, SendRegular } from '@fluentui/react-icons'
import { noticeResource, type NoticeMember, type NoticeRow } from '../../../src-shared/schemas/content'
import { call } from '../../lib/bridge'
import { useConfirm } from '../../components/confirm'
import { FormField } from '../../components/FormFields'
import { FULL_ROW } from '../../components/FormDialog'
import { ResourceTable } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { ViewDialog } from '../../components/ViewDialog'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { reportQueued } from '../organization/SmsDialog'
import { SmsServiceWarning, useSmsStatus } from '../organization/SmsServiceWarning'
import { NoticeMemberPicker } from './NoticeMemberPicker'
import { MAX_PAGE_SIZE } from '../../../src-shared/schemas/common'

const useStyles = makeStyles({ members: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM } })

/** The members a notice goes to, as ids; undefined (an edit that leaves them) shows the stored count. */
function MemberIdsInput({ value, onChange, notice }: { value: number[] | undefined; onChange(ids: number[]): void; notice: NoticeRow | null }) {
  const styles = useStyles()
  const notify = useNotify()
  const [picking, setPicking] = useState<number[] | null>(null)
  const count = value?.length ?? notice?.memberCount ?? 0
  const pick = () => {
    if (value || !notice) setPicking(value ?? [])
    // Every member it goes to in one page: a notice names at most 5000, a page holds MAX_PAGE_SIZE.
    else call('notice.members', { id: notice.id, pageSize: MAX_PAGE_SIZE }).then((page) => setPicking(page.records.map((m) => m.id)), notify.error)
  }
  return (
    <div className={styles.members}>
      <Text>{count === 0 ? '未选择' : `已选择 ${count} 人`}</Text>
      <Button icon={<PeopleRegular />} onClick={pick}>
        选择发送对象
      </Button>
      {picking && (
        <NoticeMemberPicker
          initial={picking}
          onClose={() => setPicking(null)}
          onPick={(ids) => {
            onChange(ids)
            setPicking(null)
          }}
        />
      )}
    </div>
  )
}

/** 通知管理 (spec 001 §2, §7): name (≤ 20) and rich text, enable switch, the members it goes to, and 发送短信 to them. */
export default function NoticePage() {
  const notify = useNotify()
  const confirm = useConfirm()
  const [members, setMembers] = useState<NoticeRow | null>(null)
  const smsStatus = useSmsStatus()

  const send = async (row: NoticeRow) => {
    if (row.memberCount === 0) return notify.warning('未选中任何用户')
    // Asked again at the moment of sending: the settings may have changed since the screen opened.
    const { configured } = await call('sms.status')
    const question = `确定要把通知“${row.name}”以短信发送给 ${row.memberCount} 名党员吗?`
    const message = configured ? question : `未配置短信服务，短信不会发出，只记为“未发送”。${question}`
    if (!(await confirm({ message, confirmText: '发送', cancelledText: '已取消' }))) return
    await call('homeNotice.send', { id: row.id }).then((result) => reportQueued(notify, result), notify.error)
  }

  return (
    <>
      <CrudScreen
        draft="notice"
        resource={noticeResource}
        notice={<SmsServiceWarning status={smsStatus} />}
        label="通知列表"
        cells={{ memberCount: { render: (row) => `${row.memberCount} 人` } }}
        actionsWidth="360px"
        controls={{
          memberIdList: ({ control }, editing) => (
            <FormField control={control} name="memberIdList" label={noticeResource.form.memberIdList.label} className={FULL_ROW}>
              {(field) => <MemberIdsInput value={field.value as number[] | undefined} onChange={field.onChange} notice={editing} />}
            </FormField>
          ),
        }}
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<PeopleRegular />} onClick={() => setMembers(row)}>
              发送对象
            </Button>
            <Button size="small" appearance="subtle" icon={<SendRegular />} onClick={() => void send(row)}>
              发送短信
            </Button>
          </>
        )}
      />
      <ViewDialog open={members !== null} title={`发送对象：${members?.name ?? ''}`} onClose={() => setMembers(null)}>
        {members && (
          <ResourceTable<NoticeMember, 'name'>
            label="发送对象列表"
            rowKey={(row) => row.id}
            columns={[
              { key: 'name', title: '姓名', render: (row) => row.name },
              { key: 'telephone', title: '手机号', render: (row) => row.telephone },
              { key: 'department', title: '部门', render: (row) => row.department ?? '—' },
            ]}
            filters={[{ name: 'name', label: '姓名' }]}
            load={({ pageNum, pageSize, filters }) => call('notice.members', { id: members.id, name: filters.name, pageNum, pageSize })}
          />
        )}
      </ViewDialog>
    </>
  )
}
