import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components'
import { PersonSearchRegular } from '@fluentui/react-icons'
import { call } from '../../lib/bridge'
import { useGuardedClose, useLeaveGuard } from '../../components/leaveGuard'
import { toastMessages, useNotify } from '../../components/toast'
import { UserSelector, type PickedMember } from '../../components/UserSelector'

const useStyles = makeStyles({
  picked: { display: 'flex', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1 },
})

/**
 * 添加报名人员: choose one party member of the caller's scope (the user selector) and add
 * them; the sign-up record takes the member's own details, which 修改 can complete.
 * An administrator may add outside the sign-up period, never beyond the maximum.
 */
export function AddSignUpDialog({ trainId, open, onClose, onAdded }: { trainId: number; open: boolean; onClose(): void; onAdded(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [picked, setPicked] = useState<PickedMember | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [saving, setSaving] = useState(false)

  const close = () => {
    setPicked(null)
    onClose()
  }
  // A member picked but not yet added: Esc, the backdrop, 取消, a reload ask before dropping the choice.
  const changed = picked !== null
  useLeaveGuard(open && changed)
  const guardedClose = useGuardedClose(changed, close)

  const add = async () => {
    if (!picked) {
      notify.warning('请先选择用户')
      return
    }
    setSaving(true)
    try {
      await call('signup.create', { memberId: picked.id, trainId })
      notify.success(toastMessages.added)
      setPicked(null)
      onAdded()
    } catch (error) {
      notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !saving && void guardedClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>添加报名人员</DialogTitle>
          <DialogContent>
            <Field label="党员" required hint="按姓名、手机号或单位查找本单位范围内的党员">
              <div className={styles.picked}>
                <Input
                  className={styles.name}
                  readOnly
                  placeholder="未选择"
                  value={picked ? `${picked.name}（${picked.telephone}）${picked.orgName ? ` · ${picked.orgName}` : ''}` : ''}
                />
                <Button icon={<PersonSearchRegular />} onClick={() => setChoosing(true)}>
                  选择用户
                </Button>
              </div>
            </Field>
            {/* Inside this dialog's tree, so a click in the selector is not a click outside this dialog. */}
            <UserSelector
              open={choosing}
              onClose={() => setChoosing(false)}
              onSelect={(member) => {
                setPicked(member)
                setChoosing(false)
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button disabled={saving} onClick={() => void guardedClose()}>
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
