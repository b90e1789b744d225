import { useCallback, useEffect, useMemo, useState } from 'react'
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
  Radio,
  RadioGroup,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import {
  ChoiceType,
  choiceTypeLabels,
  PAPER_CONTENT_MAX,
  PAPER_TITLE_MAX,
  PaperCreateSchema,
  PaperHeadSchema,
  type ChoiceTypeValue,
  type Paper,
} from '../../../src-shared/schemas/paper'
import { questionTypeLabels, typesOfUse, UseType, type CategoryOption, type QuestionTypeValue, type UseTypeValue } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { toastMessages, useNotify } from '../../components/toast'
import { DraftNote, useStateDraft } from '../../components/drafts'
import { useGuardedClose, useLeaveGuard } from '../../components/leaveGuard'
import { compositionOf, compositionPayload, emptyComposition, hasChoices, totals, unscored, type CompositionDraft, type TypeRow } from './composition'
import { CategoryDropdown } from '../questions/CategoryDropdown'
import { QuestionPicker } from './QuestionPicker'

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  grid: { display: 'grid', gridTemplateColumns: '90px 1fr 1fr', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  unscored: { display: 'grid', gridTemplateColumns: '90px 1fr', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  split: { display: 'grid', gridTemplateColumns: '1fr 160px 40px', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  heading: { fontWeight: tokens.fontWeightSemibold },
})

/**
 * 添加试卷 / 编辑试卷 (spec 001 §2, §4, §5): first the title and information, then the
 * assembly — manual (per type a score and picked questions) or automatic (per type a
 * count and score, plus a category split) — with a way back. Switching the mode after
 * a choice asks first; cancelling keeps the earlier choice.
 */
export function PaperWizard({ paper, use = UseType.EXAM, onClose, onSaved }: { paper: Paper | null; use?: UseTypeValue; onClose(): void; onSaved(): void }) {
  const styles = useStyles()
  // A questionnaire paper: questions of the questionnaire bank (single, multiple, essay), no scores.
  const survey = use === UseType.QUESTIONNAIRE
  const noun = survey ? '问卷' : '试卷'
  const types = typesOfUse(use)
  const notify = useNotify()
  const [step, setStep] = useState<1 | 2>(1)
  // What the wizard opened with; the draft (issue 32) is kept while the two parts differ from it.
  const [opened] = useState(() => ({
    head: { title: paper?.title ?? '', content: paper?.content ?? '' },
    composition: paper ? compositionOf(paper) : emptyComposition(null),
  }))
  const [head, setHead] = useState(opened.head)
  const [headErrors, setHeadErrors] = useState<Record<string, string>>({})
  const [draft, setDraft] = useState<CompositionDraft>(opened.composition)
  const typed = useMemo(() => ({ head, composition: draft }), [head, draft])
  const restore = useCallback((kept: typeof opened) => {
    setHead(kept.head)
    setDraft(kept.composition)
  }, [])
  const { draft: kept, dirty } = useStateDraft(`paper:${use}:${paper ? paper.id : 'new'}`, typed, opened, restore)
  useLeaveGuard(dirty)
  // Esc, the backdrop and 取消 ask before typed work is dropped.
  const close = useGuardedClose(dirty, onClose, kept)
  const [categories, setCategories] = useState<CategoryOption[]>([])
  const [picking, setPicking] = useState<QuestionTypeValue | null>(null)
  const [saving, setSaving] = useState(false)
  // Why the composition was refused, shown in the step for as long as the composition stays as it was.
  const [refusal, setRefusal] = useState<{ message: string; draft: CompositionDraft } | null>(null)
  const compositionError = refusal?.draft === draft ? refusal.message : undefined

  useEffect(() => {
    call('questionCategory.all', { useType: use }).then(setCategories, (error: unknown) => notify.error(error))
  }, [notify, use])

  const checkHead = () => {
    const parsed = PaperHeadSchema.safeParse(head)
    const errors: Record<string, string> = {}
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message.replace('试卷', noun)
    setHeadErrors(errors)
    return parsed.success
  }

  const run = async (work: () => Promise<unknown>, message: string, onRefused?: (error: unknown) => void) => {
    setSaving(true)
    try {
      await work()
      kept.done()
      notify.success(message)
      onSaved()
      onClose()
    } catch (error) {
      notify.error(error)
      onRefused?.(error)
    } finally {
      setSaving(false)
    }
  }

  const saveHeadOnly = () => paper && checkHead() && void run(() => call('paper.update', { id: paper.id, ...head }), toastMessages.updated)

  const refuse = (message: string) => {
    notify.warning(message)
    setRefusal({ message, draft })
  }

  const save = () => {
    const payload = compositionPayload(survey ? unscored(draft) : draft)
    if (!payload.ok) return refuse(payload.message)
    const body = { ...head, ...payload.value, type: use }
    const parsed = PaperCreateSchema.safeParse(body)
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? '请检查组卷内容')
    void run(
      () => (paper ? call('paper.update', { id: paper.id, ...body }) : call('paper.create', body)),
      paper ? toastMessages.updated : `新增${noun}成功!`,
      // The server's refusal (e.g. too few questions in a category) concerns the composition too.
      (error) => setRefusal({ message: error instanceof Error ? error.message : '保存失败，请检查组卷内容', draft }),
    )
  }

  // A switch that would drop choices waits here for the user's answer.
  const [pendingMode, setPendingMode] = useState<ChoiceTypeValue | null>(null)
  const chooseMode = (mode: ChoiceTypeValue) => {
    if (mode === draft.mode) return
    if (draft.mode !== null && hasChoices(draft)) setPendingMode(mode)
    else setDraft(emptyComposition(mode))
  }
  const answerSwitch = (confirmed: boolean) => {
    if (confirmed && pendingMode !== null) setDraft(emptyComposition(pendingMode))
    else notify.info('已取消')
    setPendingMode(null)
  }

  const setRow = (t: QuestionTypeValue, patch: Partial<TypeRow>) => setDraft((d) => ({ ...d, rows: { ...d.rows, [t]: { ...d.rows[t], ...patch } } }))
  const setSplit = (key: number, patch: { categoryId?: number | null; count?: string }) =>
    setDraft((d) => ({ ...d, split: d.split.map((r) => (r.key === key ? { ...r, ...patch } : r)) }))
  const addSplit = () => setDraft((d) => ({ ...d, split: [...d.split, { key: Math.max(0, ...d.split.map((r) => r.key + 1)), categoryId: null, count: '' }] }))
  const removeSplit = (key: number) => setDraft((d) => ({ ...d, split: d.split.filter((r) => r.key !== key) }))
  const { count, score } = totals(draft)

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !saving && void close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            {paper ? `编辑${noun}` : `添加${noun}`}（第 {step} 步，共 2 步：{step === 1 ? '基本信息' : '组卷'}）
          </DialogTitle>
          <DialogContent className={styles.content}>
            <DraftNote draft={kept} />
            {step === 1 && (
              <>
                <Field label={`${noun}名称`} required validationMessage={headErrors.title} validationState={headErrors.title ? 'error' : 'none'}>
                  <Input maxLength={PAPER_TITLE_MAX} value={head.title} placeholder={`请输入${noun}名称`} onChange={(_, d) => setHead({ ...head, title: d.value })} />
                </Field>
                <Field label={`${noun}信息`} required validationMessage={headErrors.content} validationState={headErrors.content ? 'error' : 'none'}>
                  <Textarea rows={4} maxLength={PAPER_CONTENT_MAX} value={head.content} placeholder={`请输入${noun}信息`} onChange={(_, d) => setHead({ ...head, content: d.value })} />
                </Field>
              </>
            )}
            {step === 2 && (
              <>
                <Field label="组卷方式" required validationMessage={draft.mode === null ? compositionError : undefined} validationState={draft.mode === null && compositionError ? 'error' : 'none'}>
                  <RadioGroup layout="horizontal" value={draft.mode ? String(draft.mode) : ''} onChange={(_, d) => chooseMode(Number(d.value) as ChoiceTypeValue)}>
                    <Radio value={String(ChoiceType.MANUAL)} label={choiceTypeLabels[ChoiceType.MANUAL]} />
                    <Radio value={String(ChoiceType.AUTOMATIC)} label={choiceTypeLabels[ChoiceType.AUTOMATIC]} />
                  </RadioGroup>
                </Field>
                {draft.mode !== null && (
                  <div className={survey ? styles.unscored : styles.grid}>
                    <Text className={styles.heading}>题型</Text>
                    <Text className={styles.heading}>{draft.mode === ChoiceType.MANUAL ? '题目' : '数量'}</Text>
                    {!survey && <Text className={styles.heading}>每题分值</Text>}
                    {types.map((t) => (
                      <TypeInputs key={t} type={t} mode={draft.mode as ChoiceTypeValue} scored={!survey} row={draft.rows[t]} onChange={(patch) => setRow(t, patch)} onPick={() => setPicking(t)} />
                    ))}
                  </div>
                )}
                {draft.mode === ChoiceType.AUTOMATIC && (
                  <>
                    <Text className={styles.heading}>类别分配（选填：从指定类别抽取的题目数量，其余从全部类别抽取）</Text>
                    {draft.split.map((row) => (
                      <div key={row.key} className={styles.split}>
                        <CategoryDropdown
                          categories={categories}
                          value={row.categoryId}
                          onChange={(categoryId) => setSplit(row.key, { categoryId })}
                          taken={(id) => draft.split.some((r) => r.key !== row.key && r.categoryId === id)}
                        />
                        <Input type="number" min={0} step={1} aria-label="类别题目数量" placeholder="数量" value={row.count} onChange={(_, d) => setSplit(row.key, { count: d.value })} />
                        <Button appearance="subtle" icon={<DeleteRegular />} aria-label="删除该类别" onClick={() => removeSplit(row.key)} />
                      </div>
                    ))}
                    <div>
                      <Button icon={<AddRegular />} onClick={addSplit}>
                        添加类别
                      </Button>
                    </div>
                  </>
                )}
                {/* Nested in the wizard so that closing it returns to the wizard. */}
                <Dialog open={pendingMode !== null} onOpenChange={(_, d) => !d.open && answerSwitch(false)}>
                  <DialogSurface>
                    <DialogBody>
                      <DialogTitle>提示</DialogTitle>
                      <DialogContent>切换组卷方式将删除之前的选择，确定切换吗?</DialogContent>
                      <DialogActions>
                        <Button onClick={() => answerSwitch(false)}>取消</Button>
                        <Button appearance="primary" onClick={() => answerSwitch(true)}>
                          确定
                        </Button>
                      </DialogActions>
                    </DialogBody>
                  </DialogSurface>
                </Dialog>
                {draft.mode !== null && (
                  <Field validationMessage={compositionError} validationState={compositionError ? 'error' : 'none'}>
                    <Text aria-label="组卷合计">
                      共 {count} 题{survey ? '' : `，总分 ${score} 分`}
                    </Text>
                  </Field>
                )}
              </>
            )}
            {/* Nested in the wizard so that closing it returns to the wizard. */}
            {picking !== null && (
              <QuestionPicker
                type={picking}
                useType={use}
                categories={categories}
                initial={draft.rows[picking].ids}
                onClose={() => setPicking(null)}
                onPick={(ids) => {
                  setRow(picking, { ids })
                  setPicking(null)
                }}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={saving} onClick={() => void close()}>
              取消
            </Button>
            {step === 1 && paper && (
              <Button disabled={saving} onClick={saveHeadOnly}>
                仅保存基本信息
              </Button>
            )}
            {step === 1 && (
              <Button appearance="primary" onClick={() => checkHead() && setStep(2)}>
                下一步
              </Button>
            )}
            {step === 2 && (
              <Button disabled={saving} onClick={() => setStep(1)}>
                上一步
              </Button>
            )}
            {step === 2 && (
              <Button appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={save}>
                保存
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** One type's row: the picked questions (manual) or the count (automatic), and the score per question. */
function TypeInputs({ type, mode, scored, row, onChange, onPick }: { type: QuestionTypeValue; mode: ChoiceTypeValue; scored: boolean; row: TypeRow; onChange(patch: Partial<TypeRow>): void; onPick(): void }) {
  const label = questionTypeLabels[type]
  return (
    <>
      <Text>{label}</Text>
      {mode === ChoiceType.MANUAL ? (
        <Button onClick={onPick} aria-label={`选择${label}`}>
          选择题目（已选 {row.ids.length} 道）
        </Button>
      ) : (
        <Input type="number" min={0} step={1} aria-label={`${label}数量`} placeholder="数量" value={row.count} onChange={(_, d) => onChange({ count: d.value })} />
      )}
      {scored && <Input type="number" min={0} step={0.5} aria-label={`${label}分值`} placeholder="分值" value={row.score} onChange={(_, d) => onChange({ score: d.value })} />}
    </>
  )
}
