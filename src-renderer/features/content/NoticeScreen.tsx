import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { PeopleRegular } from '@fluentui/react-icons'
import { noticeResource, type NoticeMember, type NoticeRow } from '../../../src-shared/schemas/content'
import { call } from '../../app/bridge'
import { FULL_ROW } from '../../components/FormDialog'
import { TextField } from '../../components/FormFields'
import { ResourceTable } from '../../components/ResourceTable'
import { ViewDialog } from '../../components/ViewDialog'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { RichTextField } from '../../components/crud/fields'

/** 通知管理 (spec 001 §2, §7): name (≤ 20) and rich text, enable switch, and the members a notice is addressed to. */
export default function NoticeScreen() {
  const [members, setMembers] = useState<NoticeRow | null>(null)
  return (
    <>
      <CrudScreen
        resource={noticeResource}
        label="通知列表"
        columns={[
          { key: 'name', title: '名称', render: (row) => row.name },
          { key: 'memberCount', title: '发送对象', width: '100px', render: (row) => `${row.memberCount} 人` },
          { key: 'createTime', title: '创建时间', width: '180px', render: (row) => row.createTime },
        ]}
        blank={{ name: '', content: '' }}
        toValues={(row) => ({ name: row.name, content: row.content })}
        dialogLayout="wide"
        actionsWidth="260px"
        fields={({ control }) => (
          <>
            <TextField control={control} name="name" label="名称" required maxLength={20} autoFocus className={FULL_ROW} />
            <RichTextField control={control} name="content" label="内容" required className={FULL_ROW} />
          </>
        )}
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<PeopleRegular />} onClick={() => setMembers(row)}>
            发送对象
          </Button>
        )}
      />
      <ViewDialog open={members !== null} title={`发送对象：${members?.name ?? ''}`} onClose={() => setMembers(null)}>
        {members && (
          <ResourceTable<NoticeMember>
            label="发送对象列表"
            rowKey={(row) => row.id}
            columns={[
              { key: 'name', title: '姓名', render: (row) => row.name },
              { key: 'telephone', title: '手机号', render: (row) => row.telephone },
              { key: 'department', title: '部门', render: (row) => row.department ?? '—' },
            ]}
            load={async ({ pageNum, pageSize }) => {
              const all = await call('notice.members', { id: members.id })
              return { records: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length }
            }}
          />
        )}
      </ViewDialog>
    </>
  )
}
