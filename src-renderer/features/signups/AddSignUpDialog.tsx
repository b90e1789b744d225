import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components'
import type { Member } from '../../../src-shared/schemas/member'
import { genderLabel } from '../../../src-shared/schemas/training-codes'
import { call } from '../../app/bridge'
import { ResourceTable, type Column, type RowKey } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'

const columns: readonly Column<Member>[] = [
  { key: 'name', title: '姓名', render: (m) => m.name, width: '110px' },
  { key: 'telephone', title: '手机号', render: (m) => m.telephone, width: '130px' },
  { key: 'gender', title: '性别', render: (m) => genderLabel(m.gender), width: '60px' },
  { key: 'org', title: '所在组织', render: (m) => m.orgName ?? '' },
  { key: 'jobs', title: '职务', render: (m) => m.jobs ?? '' },
]

const filters = [
  { name: 'name', label: '姓名' },
  { name: 'telephone', label: '手机号' },
] as const

/**
 * 添加报名人员: pick one party member of the caller's scope (search by name or phone);
 * the sign-up record takes the member's own details, which the edit dialog can complete.
 */
export function AddSignUpDialog({
  trainId,
  open,
  onClose,
  onAdded,
}: {
  trainId: number
  open: boolean
  onClose(): void
  onAdded(): void
}) {
  const notify = useNotify()
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set())
  const [saving, setSaving] = useState(false)

  const close = () => {
    setSelected(new Set())
    onClose()
  }

  const add = async () => {
    const [memberId] = [...selected]
    if (memberId === undefined) {
      notify.warning('请先选择用户')
      return
    }
    setSaving(true)
    try {
      await call('signup.create', { memberId: Number(memberId), trainId })
      notify.success(toastMessages.added)
      setSelected(new Set())
      onAdded()
    } catch (error) {
      notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !saving && close()}>
      <DialogSurface style={{ width: '880px', maxWidth: '95vw' }}>
        <DialogBody>
          <DialogTitle>添加报名人员</DialogTitle>
          <DialogContent>
            {open && (
              <ResourceTable<Member, (typeof filters)[number]['name']>
                label="党员列表"
                columns={columns}
                rowKey={(m) => m.id}
                filters={filters}
                selection={{ selected, onChange: setSelected, single: true }}
                load={({ pageNum, pageSize, filters: values }) => call('member.list', { pageNum, pageSize, ...values, enabled: true })}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={saving} onClick={close}>
              取消
            </Button>
            <Button appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={() => void add()}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
