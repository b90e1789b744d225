import { useEffect, useState } from 'react'
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import type { QuestionnaireResult } from '../../../src-shared/schemas/exam-analysis'
import { call } from '../../lib/bridge'
import { EmptyState } from '../../components/EmptyState'
import { useNotify } from '../../components/toast'
import { ViewDialog } from '../../components/ViewDialog'
import { QuestionResult } from '../exam/QuestionResult'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  meta: { color: tokens.colorNeutralForeground3 },
})

/** One training's questionnaire results, fetched when the dialog opens for it. */
function SatisfactionBody({ trainId }: { trainId: number }) {
  const styles = useStyles()
  const notify = useNotify()
  const [result, setResult] = useState<QuestionnaireResult | null>(null)
  useEffect(() => {
    let current = true
    call('questionnaire.result', { trainId }).then(
      (answer) => current && setResult(answer),
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
    }
  }, [trainId, notify])

  if (!result) return <Spinner label="加载中..." />
  const { questionnaire } = result
  if (!questionnaire) return <EmptyState text="尚未设置满意度问卷" />
  return (
    <div className={styles.body}>
      <Text className={styles.meta}>
        {questionnaire.title} · {minutesOf(questionnaire.startTime)} 至 {minutesOf(questionnaire.endTime)} · 已提交 {questionnaire.respondents} 份
      </Text>
      {result.rows.length === 0 ? <EmptyState /> : result.rows.map((row, i) => <QuestionResult key={row.id} row={row} index={i} />)}
    </div>
  )
}

/** The dashboard's 满意度 view: a training's satisfaction questionnaire, question by question (spec 000 §2). */
export function SatisfactionDialog({ training, onClose }: { training: { id: number; name: string } | null; onClose(): void }) {
  return (
    <ViewDialog open={training !== null} title={training ? `满意度反馈：${training.name}` : ''} onClose={onClose} width="wide">
      {training && <SatisfactionBody key={training.id} trainId={training.id} />}
    </ViewDialog>
  )
}
