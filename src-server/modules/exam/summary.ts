import { sql } from 'kysely'
import { examPaperFields, type Exam } from '../../../src-shared/schemas/exam'
import { type ScoreSummary } from '../../../src-shared/schemas/exam-analysis'
import type { Db } from '../../db/types'
import { paperTotals } from './paper-source'

/** Lower bounds of the score bands, in percent of the full score. */
const BAND_PERCENTS = [0, 60, 70, 80, 90]

/**
 * The exam report's figures (ScoreSummarySchema), counted in the database: one row per
 * member with the best score of their rounds, then counts, average, extremes and a
 * count per band, so the rows read stay few whatever the number of candidates.
 */
type Variants = Pick<Exam, 'id' | (typeof examPaperFields)[number][0]>

/**
 * The papers of an exam as sat (issue 27: the report said 满分 100 while every sitting was
 * on a 56-point paper): each named paper's total is what its sittings were scored
 * against (the sitting's own total), else the paper's real total.
 */
async function variantsOf(db: Db, exam: Variants): Promise<ScoreSummary['variants']> {
  const named = examPaperFields.flatMap(([field, label]) => (exam[field] ? [{ label, paperId: exam[field] }] : []))
  const [papers, sat] = await Promise.all([
    paperTotals(db, named.map((v) => v.paperId)),
    db
      .selectFrom('examAttempt as a')
      .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
      .select(['a.paperId', (eb) => eb.fn.max('a.totalScore').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('m.examId', '=', exam.id)
      .where('a.submittedAt', 'is not', null)
      .groupBy('a.paperId')
      .execute(),
  ])
  return named.map(({ label, paperId }) => {
    const sittings = sat.find((s) => s.paperId === paperId)
    const paper = papers.get(paperId)
    return { label, title: paper?.title ?? '（已删除）', totalScore: Number(sittings?.total ?? paper?.total ?? 0), sittings: Number(sittings?.n ?? 0) }
  })
}

export async function scoreSummary(db: Db, exam: { passLine: number } & Variants): Promise<ScoreSummary> {
  const variants = await variantsOf(db, exam)
  const sat = variants.filter((v) => v.sittings > 0)
  const fullScore = Math.max(0, ...(sat.length ? sat : variants).map((v) => v.totalScore))
  const froms = BAND_PERCENTS.map((p) => Math.ceil((p * fullScore) / 100))
  const best = db
    .selectFrom('memberExam')
    .select((eb) => [
      eb.fn.max('score').as('score'),
      eb.fn.max(eb.case().when('status', '=', 'WAIT').then(0).else(1).end()).as('submitted'),
    ])
    .where('examId', '=', exam.id)
    .groupBy('memberId')
    .as('b')
  // The band of a score: the highest lower bound it reaches. Integer literals, not
  // parameters: PostgreSQL matches the GROUP BY expression to the selected one by its text.
  const band = sql<number>`case ${sql.join(froms.map((from, i) => sql`when ${sql.ref('b.score')} >= ${sql.lit(from)} then ${sql.lit(i)}`).reverse(), sql` `)} else 0 end`
  const [totals, bands] = await Promise.all([
    db
      .selectFrom(best)
      .select((eb) => [
        eb.fn.countAll<number>().as('candidates'),
        eb.fn.sum<number>('b.submitted').as('submitted'),
        eb.fn.count<number>('b.score').as('scored'),
        eb.fn.sum<number>(eb.case().when('b.score', '>=', exam.passLine).then(1).else(0).end()).as('passed'),
        eb.fn.avg<number>('b.score').as('average'),
        eb.fn.max('b.score').as('highest'),
        eb.fn.min('b.score').as('lowest'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom(best).select([band.as('band'), (eb) => eb.fn.countAll<number>().as('n')]).where('b.score', 'is not', null).groupBy(band).execute(),
  ])
  const nullable = (v: number | string | null) => (v === null ? null : Number(v))
  const average = nullable(totals.average)
  return {
    candidates: Number(totals.candidates),
    submitted: Number(totals.submitted ?? 0),
    scored: Number(totals.scored),
    passed: Number(totals.passed ?? 0),
    passLine: exam.passLine,
    fullScore,
    variants,
    average: average === null ? null : Math.round(average * 10) / 10,
    highest: nullable(totals.highest),
    lowest: nullable(totals.lowest),
    bands: froms.map((from, i) => ({
      from,
      to: i + 1 < froms.length ? froms[i + 1] - 1 : fullScore,
      count: Number(bands.find((b) => Number(b.band) === i)?.n ?? 0),
    })),
  }
}
