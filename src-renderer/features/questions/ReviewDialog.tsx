import { useEffect, useState } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { questionStatusLabels, type Question } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { QuestionView } from './QuestionView'

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } })

/** 审核 (spec 001 §2, §4): looks up the creator first, then passes (题目已通过审核) or rejects (题目已驳回). */
export function ReviewDialog({ question, onClose, onReviewed }: { question: Question | null; onClose(): void; onReviewed(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [creator, setCreator] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!question) return
    let current = true
    call('question.creator', { id: question.id }).then(
      (r) => current && setCreator(r.createName),
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
      setCreator(undefined)
    }
  }, [question, notify])

  const review = async (status: 1 | -1) => {
    if (!question) return
    setBusy(true)
    try {
      await call('question.audit', { id: question.id, status })
      notify.success(status === 1 ? '题目已通过审核' : '题目已驳回')
      onReviewed()
      onClose()
    } catch (error) {
      notify.error(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={question !== null} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>审核题目</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>创建人：{creator === undefined ? <Spinner size="extra-tiny" as="span" /> : (creator ?? '未知')}</Text>
            {question && <Text>当前状态：{questionStatusLabels[question.status]}</Text>}
            {question && <QuestionView question={question} />}
          </DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={onClose}>
              取消
            </Button>
            <Button disabled={busy} onClick={() => void review(-1)}>
              驳回
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void review(1)}>
              通过
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
