import { useEffect, useState } from 'react'
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  FieldContextProvider,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, SubtractRegular } from '@fluentui/react-icons'
import {
  ANALYSIS_MAX,
  answerLetters,
  INITIAL_OPTIONS,
  JUDGE_FALSE,
  JUDGE_TRUE,
  MAX_OPTIONS,
  OPTION_LETTERS,
  QuestionCreateSchema,
  QuestionType,
  questionTypeLabels,
  REQUIRED_OPTIONS,
  stemOptions,
  TITLE_MAX,
  TOO_MANY_OPTIONS,
  typesOfUse,
  UseType,
  useTypeLabels,
  type CategoryOption,
  type Question,
  type UseTypeValue,
} from '../../../src-shared/schemas/question'
import { AppError } from '../../../src-shared/errors'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { ImageUpload } from '../../components/upload/ImageUpload'
import { DraftNote, useStateDraft } from '../../components/drafts'
import { useGuardedClose, useLeaveGuard } from '../../components/leaveGuard'
import { CategoryDropdown } from './CategoryDropdown'

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  option: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  optionInput: { flexGrow: 1 },
  optionActions: { display: 'flex', gap: tokens.spacingHorizontalS },
  choice: { minWidth: 0, width: '100%' },
})

interface Draft {
  useType: UseTypeValue
  type: number | null
  categoryId: number | null
  title: string
  options: string[]
  /** Letters of a choice question. */
  letters: string[]
  /** Answer text of true/false ('true'/'false'), fill-in and essay. */
  text: string
  analysis: string
  imagePath: string | null
}

const emptyOptions = () => Array<string>(INITIAL_OPTIONS).fill('')

function draftOf(question: Question | null, useType: UseTypeValue, categoryId: number | null): Draft {
  if (!question) return { useType, type: null, categoryId, title: '', options: emptyOptions(), letters: [], text: '', analysis: '', imagePath: null }
  const options = stemOptions(question.stem).map((o) => o.text)
  const isChoice = question.type === QuestionType.SINGLE || question.type === QuestionType.MULTIPLE
  return {
    useType: question.useType as UseTypeValue,
    type: question.type,
    categoryId: question.categoryId,
    title: question.title,
    options: options.length > 0 ? options : emptyOptions(),
    letters: isChoice ? answerLetters(question.answer) : [],
    text: isChoice ? '' : (question.answer ?? ''),
    analysis: question.analysis ?? '',
    imagePath: question.imagePath,
  }
}

/** The form as the server takes it (spec 001 §3 encoding is done by the shared schema). */
function formOf(d: Draft) {
  const isChoice = d.type === QuestionType.SINGLE || d.type === QuestionType.MULTIPLE
  return {
    useType: d.useType,
    type: d.type ?? undefined,
    categoryId: d.categoryId ?? undefined,
    title: d.title,
    stem: isChoice ? Object.fromEntries(d.options.map((text, i) => [OPTION_LETTERS[i], text])) : null,
    answer: isChoice ? d.letters.join(',') : d.text,
    analysis: d.analysis,
    imagePath: d.imagePath,
  }
}

/** Field messages by path (`title`, `stem.B`, `answer` …). */
type Errors = Record<string, string>

/**
 * Add or edit a question (spec 001 §4, §5): use and type fixed when editing; a
 * questionnaire allows single, multiple and essay only; changing the type clears the
 * title and answer; options start A–D and grow one at a time (single to F, multiple
 * to J); removing the last option removes it from the answer. Drawn while open
 * (CrudScreen's own dialog, which says what was saved), so each opening starts from
 * the question given (or an empty form).
 */
export function QuestionDialog({
  question,
  useType,
  categoryId,
  onClose,
  onSaved,
}: {
  question: Question | null
  useType: UseTypeValue
  categoryId: number | null
  onClose(): void
  onSaved(saved: Question): void
}) {
  const styles = useStyles()
  const notify = useNotify()
  const [opened] = useState(() => draftOf(question, useType, categoryId))
  const [draft, setDraft] = useState<Draft>(opened)
  // Kept as typed (issue 32) and offered back after a reload; Esc, the backdrop and 取消 ask first.
  const { draft: kept, dirty } = useStateDraft(`question:${question ? question.id : 'new'}`, draft, opened, setDraft)
  useLeaveGuard(dirty)
  const close = useGuardedClose(dirty, onClose, kept)
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const [categories, setCategories] = useState<CategoryOption[]>([])
  const editing = question !== null

  useEffect(() => {
    call('questionCategory.all', { useType: draft.useType }).then(setCategories, (error: unknown) => notify.error(error))
  }, [draft.useType, notify])

  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const isChoice = draft.type === QuestionType.SINGLE || draft.type === QuestionType.MULTIPLE
  const isExam = draft.useType === UseType.EXAM
  const maxOptions = draft.type === QuestionType.SINGLE ? MAX_OPTIONS[1] : MAX_OPTIONS[2]

  const changeUse = (next: UseTypeValue) =>
    // A type the new use does not offer is cleared, and so is the category of the other use.
    update({ useType: next, categoryId: null, type: draft.type !== null && typesOfUse(next).includes(draft.type as never) ? draft.type : null })

  const changeType = (next: number) =>
    update({ type: next, title: '', letters: [], text: '', options: next === QuestionType.SINGLE ? draft.options.slice(0, MAX_OPTIONS[1]) : draft.options })

  const addOption = () => {
    if (draft.options.length >= maxOptions) {
      notify.warning(draft.type === QuestionType.SINGLE ? '单选题至多设置六个选项（A–F）' : TOO_MANY_OPTIONS)
      return
    }
    update({ options: [...draft.options, ''] })
  }
  const removeOption = () => {
    const removed = OPTION_LETTERS[draft.options.length - 1]
    update({ options: draft.options.slice(0, -1), letters: draft.letters.filter((l) => l !== removed) })
  }

  const save = async () => {
    const parsed = QuestionCreateSchema.safeParse(formOf(draft))
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    setSaving(true)
    // Valid now: type and category are chosen.
    const form = { ...formOf(draft), type: draft.type ?? 0, categoryId: draft.categoryId ?? 0 }
    try {
      const saved = question ? await call('question.update', { id: question.id, ...form }) : await call('question.create', form)
      kept.done()
      onSaved(saved)
      onClose()
    } catch (error) {
      if (error instanceof AppError && error.issues?.length) setErrors(Object.fromEntries(error.issues.map((i) => [i.path, i.message])))
      else notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  const state = (path: string) => (errors[path] ? { validationState: 'error' as const, validationMessage: errors[path] } : {})
  const typeOptions = typesOfUse(draft.useType)

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !saving && void close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{editing ? '编辑题目' : '添加题目'}</DialogTitle>
          <DialogContent className={styles.content}>
            <DraftNote draft={kept} />
            <div className={styles.row}>
              <Field label="题目用途" required {...state('useType')}>
                <Dropdown
                  className={styles.choice}
                  disabled={editing}
                  value={useTypeLabels[draft.useType]}
                  selectedOptions={[String(draft.useType)]}
                  onOptionSelect={(_, data) => changeUse(Number(data.optionValue) as UseTypeValue)}
                >
                  <Option value={String(UseType.EXAM)}>{useTypeLabels[UseType.EXAM]}</Option>
                  <Option value={String(UseType.QUESTIONNAIRE)}>{useTypeLabels[UseType.QUESTIONNAIRE]}</Option>
                </Dropdown>
              </Field>
              <Field label="题目类型" required {...state('type')}>
                <Dropdown
                  className={styles.choice}
                  aria-label="题目类型"
                  placeholder="请选择题目类型"
                  disabled={editing}
                  value={draft.type ? questionTypeLabels[draft.type as keyof typeof questionTypeLabels] : ''}
                  selectedOptions={draft.type ? [String(draft.type)] : []}
                  onOptionSelect={(_, data) => changeType(Number(data.optionValue))}
                >
                  {typeOptions.map((t) => (
                    <Option key={t} value={String(t)}>
                      {questionTypeLabels[t]}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label="题目类别" required {...state('categoryId')}>
                <CategoryDropdown categories={categories} value={draft.categoryId} onChange={(categoryId) => update({ categoryId })} />
              </Field>
            </div>
            <Field label="题目名称" required {...state('title')}>
              <Textarea rows={2} maxLength={TITLE_MAX} value={draft.title} placeholder="请输入题目名称" onChange={(_, data) => update({ title: data.value })} />
            </Field>
            <Field label="题目图片">
              <ImageUpload value={draft.imagePath} onChange={(path) => update({ imagePath: path })} label="上传图片" />
            </Field>
            {isChoice &&
              draft.options.map((text, i) => {
                const letter = OPTION_LETTERS[i]
                return (
                  <Field key={letter} label={`选项${letter}`} required={i < REQUIRED_OPTIONS || i > REQUIRED_OPTIONS} {...state(`stem.${letter}`)}>
                    <Input
                      className={styles.optionInput}
                      value={text}
                      placeholder={`请输入选项${letter}`}
                      onChange={(_, data) => update({ options: draft.options.map((o, j) => (j === i ? data.value : o)) })}
                    />
                  </Field>
                )
              })}
            {isChoice && (
              <div className={styles.optionActions}>
                <Button icon={<AddRegular />} onClick={addOption}>
                  添加选项
                </Button>
                <Button icon={<SubtractRegular />} disabled={draft.options.length <= REQUIRED_OPTIONS} onClick={removeOption}>
                  删除最后一个选项
                </Button>
              </div>
            )}
            {isExam && draft.type === QuestionType.SINGLE && (
              <Field label="答案" required {...state('answer')}>
                <RadioGroup layout="horizontal" value={draft.letters[0] ?? ''} onChange={(_, data) => update({ letters: [data.value] })}>
                  {draft.options.map((_, i) => (
                    <Radio key={i} value={OPTION_LETTERS[i]} label={OPTION_LETTERS[i]} />
                  ))}
                </RadioGroup>
              </Field>
            )}
            {isExam && draft.type === QuestionType.MULTIPLE && (
              <Field label="答案" required hint="至少选择两个" {...state('answer')}>
                {/* Each checkbox is its own control: without this they would all take the field's one id. */}
                <FieldContextProvider value={undefined}>
                <div className={styles.option} role="group" aria-label="答案">
                  {draft.options.map((_, i) => {
                    const letter = OPTION_LETTERS[i]
                    return (
                      <Checkbox
                        key={letter}
                        label={letter}
                        checked={draft.letters.includes(letter)}
                        onChange={(_, data) =>
                          update({ letters: data.checked ? answerLetters([...draft.letters, letter]) : draft.letters.filter((l) => l !== letter) })
                        }
                      />
                    )
                  })}
                </div>
                </FieldContextProvider>
              </Field>
            )}
            {isExam && draft.type === QuestionType.JUDGE && (
              <Field label="答案" required {...state('answer')}>
                <RadioGroup layout="horizontal" value={draft.text} onChange={(_, data) => update({ text: data.value })}>
                  <Radio value={JUDGE_TRUE} label="对" />
                  <Radio value={JUDGE_FALSE} label="错" />
                </RadioGroup>
              </Field>
            )}
            {isExam && (draft.type === QuestionType.FILL || draft.type === QuestionType.ESSAY) && (
              <Field label={draft.type === QuestionType.FILL ? '建议答案' : '参考答案'} required={draft.type === QuestionType.FILL} {...state('answer')}>
                <Textarea rows={3} value={draft.text} placeholder={draft.type === QuestionType.FILL ? '请输入建议答案' : '选填'} onChange={(_, data) => update({ text: data.value })} />
              </Field>
            )}
            {isExam && (
              <Field label="解析" {...state('analysis')}>
                <Textarea rows={3} maxLength={ANALYSIS_MAX} value={draft.analysis} onChange={(_, data) => update({ analysis: data.value })} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={saving} onClick={() => void close()}>
              取消
            </Button>
            <Button appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={() => void save()}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
