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
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components'
import type { PaperDetail } from '../../../src-shared/schemas/paper'
import { UseType } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { QuestionView } from '../questions/QuestionView'

const useStyles = makeStyles({
  surface: { maxWidth: '820px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxHeight: '70vh', overflowY: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * 预览: the paper's questions as assembled, each with its score, and the total (a
 * questionnaire has no scores). A paper used by an exam is shown read-only with the
 * server's reason and 复制为新试卷 (`onCopy`).
 */
export function PreviewDialog({ paperId, onClose, onCopy }: { paperId: number; onClose(): void; onCopy?(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [paper, setPaper] = useState<PaperDetail | null>(null)
  useEffect(() => {
    call('paper.get', { id: paperId }).then(setPaper, (error: unknown) => notify.error(error))
  }, [paperId, notify])
  const survey = paper?.type === UseType.QUESTIONNAIRE
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{paper ? paper.title : '试卷预览'}</DialogTitle>
          <DialogContent className={styles.content}>
            {!paper && <Spinner size="small" label="加载中..." />}
            {paper?.readOnly && (
              <MessageBar intent="warning" aria-label="只读试卷">
                <MessageBarBody>{paper.readOnly}</MessageBarBody>
              </MessageBar>
            )}
            {paper && (
              <Text weight="semibold" aria-label="试卷总分">
                {survey ? `共 ${paper.questions.length} 题` : `总分：${paper.totalScore} 分，共 ${paper.questions.length} 题`}
              </Text>
            )}
            {paper && <Text className={styles.muted}>{paper.content}</Text>}
            {paper?.questions.map((q, i) => <QuestionView key={q.id} question={{ ...q, type: q.questionType }} number={i + 1} score={survey ? undefined : q.questionScore} />)}
          </DialogContent>
          <DialogActions>
            {paper?.readOnly && onCopy && <Button onClick={onCopy}>复制为新试卷</Button>}
            <Button appearance="primary" onClick={onClose}>
              关闭
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
