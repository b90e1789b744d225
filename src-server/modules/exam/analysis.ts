import { sql } from 'kysely'
import type { QuestionSnapshot } from '../../../src-shared/schemas/exam'
import type { AnalysisRow } from '../../../src-shared/schemas/exam-analysis'
import { discriminationIndex, facilityIndex, thirdSize, type ItemSums } from '../../../src-shared/item-statistics'
import type { Db } from '../../db/types'
import { hasOptions, normaliseChoice, QuestionType } from './scoring'

const FREE_ANSWERS = 200

const letters = (answer: string | null, type: number) => (type === QuestionType.MULTIPLE ? normaliseChoice(answer ?? '').split(',') : [(answer ?? '').trim()]).filter(Boolean)

/**
 * Answer analysis of an exam or the results of a questionnaire (spec 001 §2, §3):
 * per question of the submitted sittings, how many answered, how many chose each
 * option (a multiple choice counts every letter ticked), the reference answer and the
 * average share of the marks among the marked answers (正确率); free answers are listed with the member's name. Counted in
 * the database by (question, answer), so the rows read stay few whatever the number
 * of candidates.
 */
export async function analysisOf(db: Db, examId: number, scored: boolean): Promise<AnalysisRow[]> {
  const exam = await db.selectFrom('exam').select('anonymous').where('id', '=', examId).executeTakeFirst()
  return rowsOf(exam?.anonymous ? anonymousSource(db, examId) : sittingSource(db, examId), scored)
}

/** Where the answers of an analysis come from: grouped counts, one snapshot per question, and the free answers of a question. */
interface AnswerSource {
  /** Counts per (question, answer); `top` and `bottom`: how many of them are in the top and bottom thirds of the sittings. */
  groups(): Promise<{ questionId: number; answer: string | null; n: number | string; got: number | string | null; worth: number | string | null; top: number | string; bottom: number | string }[]>
  /** The size of a third of the sittings and Moodle's sums per question (none for anonymous answers: nothing is marked). */
  statistics(): Promise<{ third: number; sums: Map<number, ItemSums> }>
  questions(): Promise<{ questionId: number; questionType: number; snapshot: QuestionSnapshot }[]>
  free(questionId: number): Promise<{ name: string; answer: string | null }[]>
}

/** The questions as they were shown, by answer id: the copy stored on each of the given answers. */
export async function snapshotsOf(db: Db, table: 'examAnswer' | 'surveyAnswer', answerIds: readonly number[]): Promise<Map<number, QuestionSnapshot>> {
  const samples = answerIds.length ? await db.selectFrom(table as 'examAnswer').select(['id', 'question']).where('id', 'in', answerIds).execute() : []
  return new Map(samples.map((s) => [s.id, JSON.parse(s.question) as QuestionSnapshot]))
}

/** Each question with the snapshot stored on one of its answers (`sampleId`): the question as it was shown. */
async function withSnapshots(db: Db, table: 'examAnswer' | 'surveyAnswer', questions: { questionId: number; questionType: number; sampleId: unknown }[]) {
  const snapshotOf = await snapshotsOf(db, table, questions.map((q) => Number(q.sampleId)))
  return questions.map((q) => ({ questionId: q.questionId, questionType: q.questionType, snapshot: snapshotOf.get(Number(q.sampleId))! }))
}

/** The answers (x) of an exam's submitted sittings (a), with the candidate's round (m): what the item statistics and marking by question read. */
export function submittedAnswers(db: Db, examId: number) {
  return db
    .selectFrom('examAnswer as x')
    .innerJoin('examAttempt as a', 'a.id', 'x.attemptId')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .where('m.examId', '=', examId)
    .where('a.submittedAt', 'is not', null)
}

/** The answers of submitted sittings, with the member who gave each. */
function sittingSource(db: Db, examId: number): AnswerSource {
  const submitted = submittedAnswers(db, examId)
  // Each submitted sitting with its total and its rank (highest first, the earlier sitting first on a tie): the thirds of src-shared/item-statistics.ts.
  const ranked = db
    .with('s', () =>
      submitted
        .select('a.id as sid')
        .select((eb) => eb.fn.sum<number>(eb.fn.coalesce('x.score', eb.lit(0))).as('total'))
        .groupBy('a.id'),
    )
    .with('r', (qc) =>
      qc.selectFrom('s').select(['s.sid', 's.total']).select((eb) => eb.fn.agg<number>('row_number').over((ob) => ob.orderBy('s.total', 'desc').orderBy('s.sid')).as('rk')),
    )
  const sittings = (async () => Number((await submitted.select((eb) => eb.fn.count<number>('a.id').distinct().as('n')).executeTakeFirstOrThrow()).n))()
  return {
    groups: async () => {
      const all = await sittings
      const third = thirdSize(all)
      return ranked
        .selectFrom('examAnswer as x')
        .innerJoin('r', 'r.sid', 'x.attemptId')
        .select(['x.questionId', 'x.answer'])
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(eb.case().when('x.score', 'is not', null).then(eb.ref('x.score')).else(0).end()).as('got'),
          eb.fn.sum<number>(eb.case().when('x.score', 'is not', null).then(eb.ref('x.questionScore')).else(0).end()).as('worth'),
          eb.fn.sum<number>(eb.case().when('r.rk', '<=', third).then(1).else(0).end()).as('top'),
          eb.fn.sum<number>(eb.case().when('r.rk', '>', all - third).then(1).else(0).end()).as('bottom'),
        ])
        .groupBy(['x.questionId', 'x.answer'])
        .execute()
    },
    statistics: async () => {
      // Moodle's sums per question over the marked answers: x the score, y the rest of the sitting.
      const sums = await ranked
        .selectFrom('examAnswer as x')
        .innerJoin('r', 'r.sid', 'x.attemptId')
        .where('x.score', 'is not', null)
        .select('x.questionId')
        .select((eb) => {
          const x = eb.ref('x.score')
          // Parenthesised: Kysely writes binary operations bare, and y·y must not read r.total − x·r.total − x.
          const y = eb.parens('r.total', '-', x)
          return [
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number>(x).as('got'),
            eb.fn.sum<number>('x.questionScore').as('worth'),
            eb.fn.sum<number>(eb(x, '*', x)).as('xx'),
            eb.fn.sum<number>(y).as('rest'),
            eb.fn.sum<number>(eb(y, '*', y)).as('yy'),
            eb.fn.sum<number>(eb(x, '*', y)).as('xy'),
          ]
        })
        .groupBy('x.questionId')
        .execute()
      return {
        third: thirdSize(await sittings),
        sums: new Map(
          sums.map((r): [number, ItemSums] => [r.questionId, { n: Number(r.n), got: Number(r.got), worth: Number(r.worth), xx: Number(r.xx), rest: Number(r.rest), yy: Number(r.yy), xy: Number(r.xy) }]),
        ),
      }
    },
    questions: async () => {
      const questions = await submitted
        .select(['x.questionId', 'x.questionType'])
        .select((eb) => eb.fn.min('x.id').as('sampleId'))
        .groupBy(['x.questionId', 'x.questionType'])
        .orderBy('x.questionId')
        .execute()
      return withSnapshots(db, 'examAnswer', questions)
    },
    free: (questionId) =>
      submitted
        .innerJoin('member as p', 'p.id', 'm.memberId')
        .select(['p.name', 'x.answer'])
        .where('x.questionId', '=', questionId)
        .where('x.answer', 'is not', null)
        .where('x.answer', '!=', '')
        .orderBy('x.savedAt', 'desc')
        .limit(FREE_ANSWERS)
        .execute(),
  }
}

/** The answers of an anonymous questionnaire (survey_answer): nobody's name, nothing marked. */
function anonymousSource(db: Db, examId: number): AnswerSource {
  const answers = db.selectFrom('surveyAnswer as x').where('x.examId', '=', examId)
  return {
    groups: () =>
      answers
        .select(['x.questionId', 'x.answer'])
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`0`.as('got'), sql<number>`0`.as('worth'), sql<number>`0`.as('top'), sql<number>`0`.as('bottom')])
        .groupBy(['x.questionId', 'x.answer'])
        .execute(),
    statistics: async () => ({ third: 0, sums: new Map() }),
    questions: async () => {
      const questions = await answers
        .select(['x.questionId', 'x.questionType'])
        .select((eb) => eb.fn.min('x.id').as('sampleId'))
        .groupBy(['x.questionId', 'x.questionType'])
        .orderBy('x.questionId')
        .execute()
      return withSnapshots(db, 'surveyAnswer', questions)
    },
    free: async (questionId) =>
      (
        await answers
          .select('x.answer')
          .where('x.questionId', '=', questionId)
          .where('x.answer', 'is not', null)
          .where('x.answer', '!=', '')
          .orderBy('x.id', 'desc')
          .limit(FREE_ANSWERS)
          .execute()
      ).map((a) => ({ name: ANONYMOUS, answer: a.answer })),
  }
}

/** How a free answer of an anonymous questionnaire is signed. */
export const ANONYMOUS = '匿名'

async function rowsOf(source: AnswerSource, scored: boolean): Promise<AnalysisRow[]> {
  const [groups, questions, { third, sums: sumsOf }] = await Promise.all([source.groups(), source.questions(), source.statistics()])
  const rows: AnalysisRow[] = []
  for (const q of questions) {
    const question = q.snapshot
    const mine = groups.filter((g) => g.questionId === q.questionId)
    const answered = mine.filter((g) => (g.answer ?? '').trim() !== '')
    const num = answered.reduce((sum, g) => sum + Number(g.n), 0)
    // One base for every percentage of a question: those who answered it. Essays (and
    // fill-ins a marker scored) count by the share of their marks, as Moodle's facility index does.
    const got = answered.reduce((sum, g) => sum + Number(g.got ?? 0), 0)
    const worth = answered.reduce((sum, g) => sum + Number(g.worth ?? 0), 0)
    const item = sumsOf.get(q.questionId)
    let options: AnalysisRow['options'] = []
    if (hasOptions(q.questionType) || q.questionType === QuestionType.TRUE_FALSE) {
      const stem: Record<string, string> = q.questionType === QuestionType.TRUE_FALSE ? { true: '对', false: '错' } : JSON.parse(question.stem || '{}')
      const counts = new Map<string, number>()
      const inTop = new Map<string, number>()
      const inBottom = new Map<string, number>()
      const add = (into: Map<string, number>, key: string, n: number) => into.set(key, (into.get(key) ?? 0) + n)
      for (const g of answered) {
        for (const l of letters(g.answer, q.questionType)) {
          add(counts, l, Number(g.n))
          add(inTop, l, Number(g.top))
          add(inBottom, l, Number(g.bottom))
        }
      }
      const shareOf = (into: Map<string, number>, key: string) => (scored && third > 0 ? (into.get(key) ?? 0) / third : null)
      options = Object.keys(stem)
        .sort()
        .map((key) => ({ key, text: stem[key], num: counts.get(key) ?? 0, per: num ? (counts.get(key) ?? 0) / num : 0, top: shareOf(inTop, key), bottom: shareOf(inBottom, key) }))
    }
    const free = hasOptions(q.questionType) || q.questionType === QuestionType.TRUE_FALSE ? [] : await source.free(q.questionId)
    rows.push({
      id: q.questionId,
      questionType: q.questionType,
      title: question.title,
      stem: question.stem,
      answer: scored ? question.answer : '',
      num,
      per: scored && worth > 0 ? got / worth : null,
      facility: scored && item ? facilityIndex(item) : null,
      discrimination: scored && item ? discriminationIndex(item) : null,
      third: scored ? third : 0,
      options,
      answers: free.map((f) => ({ member: { name: f.name }, answer: f.answer ?? '' })),
    })
  }
  return rows
}
