import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text } from '@fluentui/react-components'
import { call } from '../../lib/bridge'
import { ResourceTable, type RowKey } from '../../components/ResourceTable'
import type { PickedMember } from '../../components/UserSelector'

const useStyles = makeStyles({ surface: { maxWidth: '900px', width: '92vw' } })

/**
 * 选择发送对象: the members of the caller's tree, searched by 姓名 and 手机号 (prefix, as
 * the member list); ticks are kept across pages and searches until 确定 hands them over.
 */
export function NoticeMemberPicker({ initial, onClose, onPick }: { initial: readonly number[]; onClose(): void; onPick(ids: number[]): void }) {
  const styles = useStyles()
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(() => new Set(initial))
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>选择发送对象</DialogTitle>
          <DialogContent>
            <ResourceTable<PickedMember, 'name' | 'telephone'>
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
              selection={{ selected, onChange: setSelected }}
              toolbar={
                <>
                  <Text role="status">已选择 {selected.size} 人</Text>
                  {selected.size > 0 && (
                    <Button size="small" appearance="subtle" onClick={() => setSelected(new Set())}>
                      清空选择
                    </Button>
                  )}
                </>
              }
              load={async ({ pageNum, pageSize, filters }) => {
                const page = await call('member.list', { pageNum, pageSize, name: filters.name, telephone: filters.telephone })
                return { ...page, records: page.records.map(({ id, name, telephone, orgName }) => ({ id, name, telephone, orgName })) }
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>取消</Button>
            <Button appearance="primary" onClick={() => onPick([...selected].map(Number))}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
