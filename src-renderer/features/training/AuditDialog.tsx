import { useEffect, useState } from 'react'
import {
  Button,
  Field,
  Textarea,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components'
import { call } from '../../lib/bridge'
import { REJECT_REASON_MAX, type TrainDetail } from '../../../src-shared/schemas/training'
import { useConfirm } from '../../components/confirm'
import { useGuardedClose, useLeaveGuard } from '../../components/leaveGuard'
import { toastMessages, useNotify } from '../../components/toast'
import { NoticeView } from './NoticeView'

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '90vw' },
  content: { maxHeight: '65vh', overflowY: 'auto' },
})

/**
 * 审核: the training as its notice, then 通过并发布 (30) or 驳回 (-1). A refusal from
 * the server is shown, unlike the old console (docs/decisions.md). 驳回 asks for its
 * reason (required, shown to the host unit on the list and in the editor) and for a
 * confirmation before anything changes (issue 32).
 */
export function AuditDialog({ trainId, onClose, onAudited }: { trainId: number | null; onClose(): void; onAudited(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [detail, setDetail] = useState<TrainDetail | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = useConfirm()
  // null until 驳回 is chosen; then the reason being typed.
  const [reason, setReason] = useState<string | null>(null)
  const [reasonError, setReasonError] = useState('')
  const close = () => {
    setReason(null)
    setReasonError('')
    onClose()
  }
  // A reason being typed is work: Esc, the backdrop, 取消, a reload ask before dropping it.
  const changed = Boolean(reason?.trim())
  useLeaveGuard(changed)
  const guardedClose = useGuardedClose(changed, close)

  useEffect(() => {
    if (trainId === null) return
    let current = true
    call('train.get', { id: trainId })
      .then((loaded) => current && setDetail(loaded))
      .catch((error: unknown) => {
        if (!current) return
        notify.error(error)
        onClose()
      })
    return () => {
      current = false
    }
  }, [trainId, notify, onClose])

  const audit = async (status: 30 | -1) => {
    if (trainId === null) return
    if (status === -1) {
      const text = reason?.trim() ?? ''
      if (!text) return setReasonError('请输入驳回原因')
      if (!(await confirm({ message: `确定要驳回培训班“${shown?.name ?? ''}”吗？`, detail: `驳回原因：${text}`, confirmText: '驳回', cancelledText: '已取消' }))) return
    }
    setBusy(true)
    try {
      await call('train.audit', status === -1 ? { id: trainId, status, reason: reason ?? '' } : { id: trainId, status })
      notify.success(toastMessages.done)
      onAudited()
      close()
    } catch (error) {
      notify.error(error)
    } finally {
      setBusy(false)
    }
  }

  const shown = detail?.id === trainId ? detail : null
  return (
    <Dialog open={trainId !== null} onOpenChange={(_, data) => !data.open && !busy && void guardedClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>审核</DialogTitle>
          <DialogContent className={styles.content}>{shown ? <NoticeView detail={shown} /> : <Spinner label="加载中..." />}</DialogContent>
          {reason !== null && (
            <Field label="驳回原因" required validationMessage={reasonError || undefined} hint={`${reason.length} / ${REJECT_REASON_MAX}`}>
              <Textarea
                value={reason}
                maxLength={REJECT_REASON_MAX}
                rows={3}
                autoFocus
                placeholder="请写明需要主办单位修改的内容"
                onChange={(_, data) => {
                  setReason(data.value)
                  setReasonError('')
                }}
              />
            </Field>
          )}
          <DialogActions>
            <Button disabled={busy} onClick={() => void guardedClose()}>
              取消
            </Button>
            {reason === null ? (
              <Button disabled={busy || !shown} onClick={() => setReason('')}>
                驳回
              </Button>
            ) : (
              <Button disabled={busy || !shown} onClick={() => void audit(-1)}>
                确认驳回
              </Button>
            )}
            <Button appearance="primary" disabled={busy || !shown || reason !== null} onClick={() => void audit(30)}>
              通过并发布
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
