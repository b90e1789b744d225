import { useEffect, useState } from 'react'
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle,
  Field, Input, makeStyles, Radio, RadioGroup, Spinner, Text, Textarea, tokens,
} from '@fluentui/react-components'
import type { AnswerDetail, AnswerItem } from '../../../src-shared/schemas/exam'
import { stemOptions } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { useGuardedClose, useLeaveGuard } from '../../components/leaveGuard'
import { useNotify } from '../../components/toast'

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxHeight: '65vh', overflowY: 'auto' },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  pending: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  reference: { color: tokens.colorNeutralForeground3 },
  score: { width: '120px' },
})

/** The member's answer shown with the control of its type (spec 001 §4), read-only. */
function AnswerControl({ item }: { item: AnswerItem }) {
  const answer = item.answer ?? ''
  switch (item.question.type) {
    case 1:
      return (
        <RadioGroup value={answer} disabled aria-label="考生作答">
          {stemOptions(item.question.stem).map(({ letter, text }) => <Radio key={letter} value={letter} label={`${letter}. ${text}`} />)}
        </RadioGroup>
      )
    case 2:
      return <div>{stemOptions(item.question.stem).map(({ letter, text }) => <Checkbox key={letter} disabled checked={answer.split(',').includes(letter)} label={`${letter}. ${text}`} />)}</div>
    case 3:
      return (
        <RadioGroup value={answer} disabled layout="horizontal" aria-label="考生作答">
          <Radio value="true" label="对" />
          <Radio value="false" label="错" />
        </RadioGroup>
      )
    default:
      return <Textarea readOnly rows={4} value={answer} aria-label="考生作答" />
  }
}

const referenceOf = (item: AnswerItem) => {
  const { type, answer, analysis } = item.question
  if (type === 4) return `解析：${analysis || '无'}`
  if (type === 3) return `参考答案：${answer === 'true' ? '对' : '错'}`
  return `参考答案：${answer || '无'}`
}

/**
 * 阅卷 (spec 001 §4): every answered question with its full score; waiting (IGNORE)
 * ones are marked in red and take a whole-number score up to the full score; the
 * others show their score. Submitting needs a score for every waiting question.
 */
export function GradeDialog({ memberExamId, onClose, onGraded }: { memberExamId: number | null; onClose(): void; onGraded(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [detail, setDetail] = useState<AnswerDetail | null>(null)
  const [scores, setScores] = useState<Record<number, string>>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (memberExamId === null) return
    let current = true
    call('memberExam.answers', { memberExamId }).then(
      (found) => current && setDetail(found),
      (error: unknown) => notify.error(error),
    )
    return () => {
      current = false
    }
  }, [memberExamId, notify])

  const close = () => {
    // Closing clears the list (spec 001 §4).
    setDetail(null)
    setScores({})
    onClose()
  }
  // Scores typed are work: Esc, the backdrop, 取消, a reload ask before dropping them.
  const changed = Object.values(scores).some((score) => score.trim() !== '')
  useLeaveGuard(changed)
  const guardedClose = useGuardedClose(changed, close)

  const waiting = detail?.answers.filter((a) => a.status === 'IGNORE') ?? []
  const invalid = (item: AnswerItem) => {
    const text = scores[item.id]?.trim() ?? ''
    if (text === '') return null
    return /^\d+$/.test(text) && Number(text) <= item.questionScore ? null : `请输入 0 到 ${item.questionScore} 的整数`
  }

  const submit = async () => {
    if (waiting.some((a) => (scores[a.id]?.trim() ?? '') === '')) return notify.warning('您还有未评分的题目！')
    if (waiting.some((a) => invalid(a))) return notify.warning('请检查分数')
    setSaving(true)
    try {
      await call('memberExam.grade', { memberExamId: memberExamId!, answers: waiting.map((a) => ({ id: a.id, score: Number(scores[a.id]), status: 'SUCCESS' as const })) })
      notify.success('提交成功！')
      onGraded()
      close()
    } catch (error) {
      notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={memberExamId !== null} onOpenChange={(_, data) => !data.open && !saving && void guardedClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>阅卷{detail ? ` - ${detail.memberName}${detail.systemSubmitted ? '（系统交卷）' : ''}` : ''}</DialogTitle>
          <DialogContent className={styles.list}>
            {!detail ? (
              <Spinner label="正在加载答卷…" />
            ) : detail.answers.length === 0 ? (
              <Text>该考生尚未交卷</Text>
            ) : (
              detail.answers.map((item, i) => (
                <section key={item.id} className={styles.item} aria-label={`第${i + 1}题`}>
                  <div className={styles.head}>
                    <Text weight="semibold">{i + 1}. {item.question.title}（{item.questionScore}分）</Text>
                    {item.status === 'IGNORE' && <Badge color="danger" appearance="tint">待评分</Badge>}
                  </div>
                  <AnswerControl item={item} />
                  <Text className={styles.reference}>{referenceOf(item)}</Text>
                  {item.status === 'IGNORE' ? (
                    <Field label="得分" validationMessage={invalid(item)} validationState={invalid(item) ? 'error' : 'none'}>
                      <Input
                        className={styles.score}
                        type="number"
                        min={0}
                        max={item.questionScore}
                        step={1}
                        value={scores[item.id] ?? ''}
                        onChange={(_, data) => setScores((s) => ({ ...s, [item.id]: data.value }))}
                        aria-label={`第${i + 1}题得分`}
                      />
                    </Field>
                  ) : (
                    <Text>本题得分：{item.score ?? 0}</Text>
                  )}
                </section>
              ))
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={saving} onClick={() => void guardedClose()}>取消</Button>
            <Button appearance="primary" disabled={saving || waiting.length === 0} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={() => void submit()}>
              提交
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
