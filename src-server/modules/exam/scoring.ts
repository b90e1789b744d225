/**
 * Marking on submit. Single, multiple (all letters and only those; no part marks)
 * and true/false are scored at once; a fill-in answer equal to the suggested answer
 * (ignoring surrounding spaces) gets full marks, any other waits for a marker like an
 * essay. An unanswered question scores 0 and waits for nobody.
 */
export type Marked = { status: 'SUCCESS'; score: number } | { status: 'IGNORE'; score: null }

export const QuestionType = { SINGLE: 1, MULTIPLE: 2, TRUE_FALSE: 3, ESSAY: 4, FILL_IN: 5 } as const

/** Multiple-choice answers are sorted comma-joined letters (spec 001 §3). */
export function normaliseChoice(answer: string): string {
  return [...new Set(answer.split(',').map((l) => l.trim().toUpperCase()).filter(Boolean))].sort().join(',')
}

export function markAnswer(type: number, key: string, given: string | null, full: number): Marked {
  const answer = given?.trim() ?? ''
  if (answer === '') return { status: 'SUCCESS', score: 0 }
  const right = (ok: boolean): Marked => ({ status: 'SUCCESS', score: ok ? full : 0 })
  switch (type) {
    case QuestionType.SINGLE:
      return right(answer.toUpperCase() === key.trim().toUpperCase())
    case QuestionType.MULTIPLE:
      return right(normaliseChoice(answer) === normaliseChoice(key))
    case QuestionType.TRUE_FALSE:
      return right(answer === key.trim())
    case QuestionType.FILL_IN:
      return answer === key.trim() ? right(true) : { status: 'IGNORE', score: null }
    default:
      return { status: 'IGNORE', score: null }
  }
}

/** Whether a question type shows options (and so has them shuffled). */
export const hasOptions = (type: number) => type === QuestionType.SINGLE || type === QuestionType.MULTIPLE
