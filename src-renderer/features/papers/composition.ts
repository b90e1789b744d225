import {
  ChoiceType,
  incompleteTypeMessage,
  NO_TYPE_CHOSEN,
  type ChoiceTypeValue,
  type ManualItem,
  type Paper,
  type PaperCreate,
} from '../../../src-shared/schemas/paper'
import { questionTypes, type QuestionTypeValue } from '../../../src-shared/schemas/question'

/** One question type's inputs: the automatic count, the score, and the manually picked questions. */
export interface TypeRow {
  count: string
  score: string
  ids: number[]
}

export interface SplitRow {
  key: number
  categoryId: number | null
  count: string
}

export interface CompositionDraft {
  mode: ChoiceTypeValue | null
  rows: Record<QuestionTypeValue, TypeRow>
  split: SplitRow[]
}

const emptyRows = () => Object.fromEntries(questionTypes.map((t) => [t, { count: '', score: '', ids: [] }])) as unknown as Record<QuestionTypeValue, TypeRow>

export const emptyComposition = (mode: ChoiceTypeValue | null): CompositionDraft => ({ mode, rows: emptyRows(), split: [] })

/** Whether anything of the composition has been filled in (switching mode would lose it). */
export function hasChoices(d: CompositionDraft): boolean {
  return questionTypes.some((t) => d.rows[t].count !== '' || d.rows[t].score !== '' || d.rows[t].ids.length > 0) || d.split.some((r) => r.categoryId !== null || r.count !== '')
}

/** The composition of a saved paper, to edit it. */
export function compositionOf(paper: Paper): CompositionDraft {
  const draft = emptyComposition(paper.choiceType as ChoiceTypeValue)
  for (const item of paper.questionList) {
    const row = draft.rows[item.questionType as QuestionTypeValue]
    row.score = String(item.questionScore)
    if (item.questionId !== undefined) row.ids.push(item.questionId)
    if (item.questionCount !== undefined) row.count = String(item.questionCount)
  }
  draft.split = paper.categoryList.map((c, i) => ({ key: i, categoryId: c.categoryId, count: String(c.categoryCount) }))
  return draft
}

/**
 * The call's composition, or the first rule it breaks (spec 001 §5). Manual: per type
 * the picked questions and the score come together. Automatic rows go as typed; the
 * shared schema says what is missing.
 */
export function compositionPayload(d: CompositionDraft): { ok: true; value: Omit<PaperCreate, 'title' | 'content'> } | { ok: false; message: string } {
  if (d.mode === null) return { ok: false, message: '请选择组卷方式' }
  if (d.mode === ChoiceType.AUTOMATIC) {
    return {
      ok: true,
      value: {
        choiceType: ChoiceType.AUTOMATIC,
        questionList: questionTypes.map((t) => ({ questionType: t, questionCount: d.rows[t].count, questionScore: d.rows[t].score })),
        categoryList: d.split.map((r) => ({ categoryId: r.categoryId, categoryCount: r.count })),
      },
    }
  }
  const items: ManualItem[] = []
  for (const t of questionTypes) {
    const { ids, score } = d.rows[t]
    if ((ids.length > 0) !== (score !== '')) return { ok: false, message: incompleteTypeMessage(t) }
    for (const questionId of ids) items.push({ questionType: t, questionId, questionScore: score })
  }
  if (items.length === 0) return { ok: false, message: NO_TYPE_CHOSEN }
  return { ok: true, value: { choiceType: ChoiceType.MANUAL, questionList: items } }
}

/** Questions and total score as the form stands (the preview before saving). */
export function totals(d: CompositionDraft): { count: number; score: number } {
  let count = 0
  let score = 0
  for (const t of questionTypes) {
    const row = d.rows[t]
    const n = d.mode === ChoiceType.MANUAL ? row.ids.length : Number(row.count) || 0
    count += n
    score += n * (Number(row.score) || 0)
  }
  return { count, score }
}

/**
 * A questionnaire has no scores: every type with questions (or a count) is sent with a
 * score of 0, so the shared rule "selection and score together" holds without asking.
 */
export function unscored(d: CompositionDraft): CompositionDraft {
  const rows = Object.fromEntries(
    questionTypes.map((t) => {
      const row = d.rows[t]
      return [t, { ...row, score: row.ids.length > 0 || row.count !== '' ? '0' : '' }]
    }),
  ) as unknown as Record<QuestionTypeValue, TypeRow>
  return { ...d, rows }
}
