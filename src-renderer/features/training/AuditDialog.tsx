import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { call } from '../../lib/bridge'
import { toastMessages, useNotify } from '../../components/toast'
import { NoticeView } from './NoticeView'

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '90vw' },
  content: { maxHeight: '65vh', overflowY: 'auto' },
})

/**
 * 审核: the training as its notice, then 通过并发布 (30) or 驳回 (-1). A refusal from
 * the server is shown, unlike the old console (docs/decisions.md).
 */
export function AuditDialog({ trainId, onClose, onAudited }: { trainId: number | null; onClose(): void; onAudited(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [detail, setDetail] = useState<TrainDetail | null>(null)
  const [busy, setBusy] = useState(false)

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
    setBusy(true)
    try {
      await call('train.audit', { id: trainId, status })
      notify.success(toastMessages.done)
      onAudited()
      onClose()
    } catch (error) {
      notify.error(error)
    } finally {
      setBusy(false)
    }
  }

  const shown = detail?.id === trainId ? detail : null
  return (
    <Dialog open={trainId !== null} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>审核</DialogTitle>
          <DialogContent className={styles.content}>{shown ? <NoticeView detail={shown} /> : <Spinner label="加载中..." />}</DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={onClose}>
              取消
            </Button>
            <Button disabled={busy || !shown} onClick={() => void audit(-1)}>
              驳回
            </Button>
            <Button appearance="primary" disabled={busy || !shown} onClick={() => void audit(30)}>
              通过并发布
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
