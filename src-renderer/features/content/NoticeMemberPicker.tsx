import { Button, Text } from '@fluentui/react-components'
import { call } from '../../lib/bridge'
import { PickDialog } from '../../components/PickDialog'
import type { PickedMember } from '../../components/UserSelector'

/**
 * 选择发送对象: the members of the caller's tree, searched by 姓名 and 手机号 (prefix, as
 * the member list); ticks are kept across pages and searches until 确定 hands them over.
 */
export function NoticeMemberPicker({ initial, onClose, onPick }: { initial: readonly number[]; onClose(): void; onPick(ids: number[]): void }) {
  return (
    <PickDialog<PickedMember, 'name' | 'telephone'>
      title={() => '选择发送对象'}
      initial={initial}
      onClose={onClose}
      onPick={onPick}
      label="党员列表"
      rowKey={(row) => row.id}
      columns={[
        { key: 'name', title: '姓名', width: '120px', render: (row) => row.name },
        { key: 'telephone', title: '手机号', width: '140px', render: (row) => row.telephone },
        { key: 'orgName', title: '所属组织', render: (row) => row.orgName ?? '—' },
      ]}
      filters={[
        { name: 'name', label: '姓名' },
        { name: 'telephone', label: '手机号' },
      ]}
      toolbar={({ count, clear }) => (
        <>
          <Text role="status">已选择 {count} 人</Text>
          {count > 0 && (
            <Button size="small" appearance="subtle" onClick={clear}>
              清空选择
            </Button>
          )}
        </>
      )}
      load={async ({ pageNum, pageSize, filters }) => {
        const page = await call('member.list', { pageNum, pageSize, name: filters.name, telephone: filters.telephone })
        return { ...page, records: page.records.map(({ id, name, telephone, orgName }) => ({ id, name, telephone, orgName })) }
      }}
    />
  )
}
