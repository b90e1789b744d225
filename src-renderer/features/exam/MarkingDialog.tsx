import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle,
  Dropdown, Field, Input, makeStyles, Option, Spinner, Text, tokens,
} from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import type { Marking } from '../../../src-shared/schemas/exam'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'

const useStyles = makeStyles({
  surface: { maxWidth: '980px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  reference: { color: tokens.colorNeutralForeground3, whiteSpace: 'pre-wrap' },
  answer: {
    whiteSpace: 'pre-wrap', minHeight: '160px', maxHeight: '40vh', overflowY: 'auto', padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2,
  },
  score: { width: '140px' },
  keys: { color: tokens.colorNeutralForeground3 },
})

type Entry = Marking['answers'][number]

/** Where to start: the first answer still waiting, else the first. */
const firstWaiting = (answers: readonly Entry[]) => Math.max(0, answers.findIndex((a) => a.score === null))

/**
 * 按题阅卷 (issue 27): one question across every candidate, from the keyboard. The score
 * field keeps the focus; Enter saves the score and moves to the next candidate (an answer
 * already marked just moves on); PageDown / Alt+→ and PageUp / Alt+← go to the next and
 * previous candidate.
 */
export function MarkingDialog({ examId, onClose }: { examId: number; onClose(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [marking, setMarking] = useState<Marking | null>(null)
  const [index, setIndex] = useState(0)
  // What the marker typed per answer, until saved.
  const [drafts, setDrafts] = useState<Record<number, string>>({})
  const [saving, setSaving] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const load = useCallback(
    (questionId?: number) =>
      call('exam.marking', { examId, questionId }).then(
        (loaded) => {
          setMarking(loaded)
          setIndex(firstWaiting(loaded.answers))
        },
        (error: unknown) => notify.error(error),
      ),
    [examId, notify],
  )

  useEffect(() => {
    void load()
  }, [load])

  const current = marking?.answers[index] ?? null
  const value = current === null ? '' : (drafts[current.answerId] ?? (current.score === null ? '' : String(current.score)))
  // Each candidate shown puts the focus back in the score field.
  useEffect(() => input.current?.focus(), [current])

  const count = marking?.answers.length ?? 0
  const go = (to: number) => setIndex(Math.min(Math.max(to, 0), Math.max(count - 1, 0)))

  const save = async () => {
    if (!current || !marking || saving) return
    if (current.score !== null) return go(index + 1)
    const text = value.trim()
    const score = Number(text)
    if (text === '' || !/^\d+$/.test(text)) return notify.warning('请输入 0 至满分的整数分')
    if (score > current.questionScore) return notify.warning(`分数不能超过该题满分 ${current.questionScore}`)
    setSaving(true)
    try {
      await call('memberExam.gradeOne', { memberExamId: current.memberExamId, answerId: current.answerId, score })
      const answers = marking.answers.map((a) => (a.answerId === current.answerId ? { ...a, score } : a))
      const questions = marking.questions.map((q) => (q.questionId === marking.question?.questionId ? { ...q, waiting: Math.max(0, q.waiting - 1) } : q))
      setMarking({ ...marking, answers, questions })
      if (index + 1 < count) setIndex(index + 1)
      else notify.success('本题已评阅至最后一位考生')
    } catch (error) {
      notify.error(error)
    } finally {
      setSaving(false)
      input.current?.focus()
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const next = e.key === 'PageDown' || (e.altKey && e.key === 'ArrowRight')
    const previous = e.key === 'PageUp' || (e.altKey && e.key === 'ArrowLeft')
    if (e.key === 'Enter') void save()
    else if (next) go(index + 1)
    else if (previous) go(index - 1)
    else return
    e.preventDefault()
  }

  const waitingTotal = marking?.answers.filter((a) => a.score === null).length ?? 0
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label="按题阅卷">
        <DialogBody>
          <DialogTitle>按题阅卷</DialogTitle>
          <DialogContent className={styles.content}>
            {!marking && <Spinner size="small" label="加载中..." />}
            {marking && !marking.question && <Text>本考试没有需要人工评分的题目</Text>}
            {marking?.question && (
              <>
                <Field label="题目">
                  <Dropdown
                    aria-label="选择题目"
                    value={marking.question.title}
                    selectedOptions={[String(marking.question.questionId)]}
                    onOptionSelect={(_, data) => data.optionValue && void load(Number(data.optionValue))}
                  >
                    {marking.questions.map((q, i) => (
                      <Option key={q.questionId} value={String(q.questionId)} text={q.title}>
                        {`${i + 1}. ${q.title}（待评 ${q.waiting} / ${q.answers}）`}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
                <Text className={styles.reference}>参考答案 / 解析：{marking.question.answer || marking.question.analysis || '无'}</Text>
                {current && (
                  <>
                    <div className={styles.row}>
                      <Text weight="semibold" className={styles.grow} aria-label="当前考生">
                        考生 {index + 1} / {count}：{current.memberName}
                        {current.isMakeUp ? '（补考）' : ''}
                        {current.attemptNo > 1 ? `（第 ${current.attemptNo} 次作答）` : ''}
                      </Text>
                      {current.score === null ? <Badge appearance="tint" color="warning">待评分</Badge> : <Badge appearance="tint" color="success">已评 {current.score} 分</Badge>}
                      <Text>本题还有 {waitingTotal} 份待评</Text>
                    </div>
                    <div className={styles.answer} aria-label="考生作答">{current.answer || '（未作答）'}</div>
                    <div className={styles.row}>
                      <Field label={`得分（满分 ${current.questionScore}）`}>
                        <Input
                          ref={input}
                          className={styles.score}
                          aria-label="得分"
                          value={value}
                          readOnly={current.score !== null}
                          onChange={(_, data) => current && setDrafts((d) => ({ ...d, [current.answerId]: data.value }))}
                          onKeyDown={onKeyDown}
                          autoFocus
                        />
                      </Field>
                      <Button icon={<ChevronLeftRegular />} disabled={index === 0} onClick={() => go(index - 1)}>上一个</Button>
                      <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={index >= count - 1} onClick={() => go(index + 1)}>下一个</Button>
                      <Button appearance="primary" disabled={saving || current.score !== null} onClick={() => void save()}>保存并下一个</Button>
                    </div>
                    <Text size={200} className={styles.keys}>键盘：Enter 保存并到下一位 · PageDown 或 Alt+→ 下一位 · PageUp 或 Alt+← 上一位；光标始终在得分框内</Text>
                  </>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>关闭</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
