import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { AutoRule, Composition, ManualRule, SplitRule } from '../../../src-shared/schemas/paper'
import { QuestionStatus, questionTypeLabels, type QuestionTypeValue } from '../../../src-shared/schemas/question'
import type { PaperQuestionTable } from '../../db/question-tables'
import type { Db } from '../../db/types'
import { allocate, type Availability } from './allocate'

/** A question as it goes into a paper: the copy and its score (a paper_question row before it has a paper and a place). */
export type PaperEntry = Omit<PaperQuestionTable, 'id' | 'paperId' | 'sortOrder'>

const LOOKUP_CHUNK = 500
const label = (t: number) => questionTypeLabels[t as QuestionTypeValue] ?? `题型${t}`
const refuse = (message: string) => new AppError(ErrorKey.VALIDATION, message, [{ path: 'questionList', message }])

/** Full rows of the given questions with their category names, in chunks. */
async function questionsByIds(db: Db, ids: readonly number[]) {
  const rows = []
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('question')
        .innerJoin('questionCategory as c', 'c.id', 'question.categoryId')
        .select(['question.id', 'question.type', 'question.useType', 'question.status', 'question.categoryId', 'c.name as categoryName'])
        .select(['question.title', 'question.stem', 'question.answer', 'question.analysis', 'question.imagePath'])
        .where('question.id', 'in', ids.slice(i, i + LOOKUP_CHUNK))
        .execute()),
    )
  }
  return new Map(rows.map((r) => [r.id, r]))
}

type QuestionRow = NonNullable<Awaited<ReturnType<typeof questionsByIds>> extends Map<number, infer R> ? R : never>

function entryOf(q: QuestionRow, score: number): PaperEntry {
  return {
    questionId: q.id,
    questionType: q.type,
    categoryId: q.categoryId,
    categoryName: q.categoryName,
    title: q.title,
    stem: q.stem,
    answer: q.answer,
    analysis: q.analysis,
    imagePath: q.imagePath,
    questionScore: score,
  }
}

/** Manual assembly: every picked question exists, is of its row's type and use, and has passed review. */
async function manualEntries(db: Db, items: readonly ManualRule[], useType: number): Promise<PaperEntry[]> {
  const found = await questionsByIds(db, items.map((i) => i.questionId))
  return items.map((item) => {
    const q = found.get(item.questionId)
    if (!q || q.useType !== useType) throw refuse(`所选题目（编号 ${item.questionId}）不存在，请重新选择`)
    if (q.type !== item.questionType) throw refuse(`题目「${q.title}」不是${label(item.questionType)}`)
    if (q.status !== QuestionStatus.PASSED) throw refuse(`题目「${q.title}」未通过审核，不能组卷`)
    return entryOf(q, item.questionScore)
  })
}

/** `k` distinct items of `pool`, uniformly at random (a partial Fisher–Yates shuffle). */
function sample<T>(pool: T[], wanted: number): T[] {
  const k = Math.min(wanted, pool.length)
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(pool.length - i)
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  return pool.slice(0, k)
}

/** Reviewed questions per category and type, for the categories of the split. */
async function availability(db: Db, split: readonly SplitRule[], types: number[]): Promise<Availability> {
  const counts: Availability = new Map()
  if (split.length === 0) return counts
  const rows = await db
    .selectFrom('question')
    .select(['categoryId', 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('categoryId', 'in', split.map((s) => s.categoryId))
    .where('type', 'in', types)
    .where('status', '=', QuestionStatus.PASSED)
    .groupBy(['categoryId', 'type'])
    .execute()
  for (const r of rows) {
    const byType = counts.get(r.categoryId) ?? new Map<number, number>()
    byType.set(r.type, Number(r.n))
    counts.set(r.categoryId, byType)
  }
  return counts
}

/**
 * Reviewed questions of each rule's type in the whole bank of the use, counted only as
 * far as the rule and the choice of drawing need: a count below that is exact (and
 * named in a refusal), and a bank of 100 000 is not counted whole for every paper.
 */
async function bankCounts(db: Db, useType: number, rules: readonly AutoRule[]): Promise<Map<number, number>> {
  const counts = await Promise.all(
    rules.map(async (r) => {
      const pool = { useType, type: r.questionType, size: 0 }
      const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from question q where ${poolCondition(pool)} limit ${Math.max(r.questionCount, READ_WHOLE_POOL + 1)}) t`.execute(db)
      return [r.questionType, Number(rows[0]?.n ?? 0)] as const
    }),
  )
  return new Map(counts)
}

/** Reviewed questions of one type, in one category or in the whole bank of a use; `size` of them exist. */
interface Pool {
  useType: number
  type: number
  categoryId?: number
  size: number
}

/** Below this many, a pool's ids are read whole; above it, drawn by index seeks. */
const READ_WHOLE_POOL = 2000
const SEEK_ROUNDS = 4

function poolCondition(pool: Pool) {
  // A category belongs to one use, so its index (category, type, status, id) alone serves.
  return pool.categoryId !== undefined
    ? sql`q.category_id = ${pool.categoryId} and q.type = ${pool.type} and q.status = ${QuestionStatus.PASSED}`
    : sql`q.use_type = ${pool.useType} and q.type = ${pool.type} and q.status = ${QuestionStatus.PASSED}`
}

/**
 * `k` random questions of the pool that are not in `taken`. A small pool is read whole
 * and sampled. A large one (the whole bank) is drawn by seeking: random ids between
 * the pool's lowest and highest, each taking the first pool question at or after it,
 * all in one statement, so a draw costs a few index seeks instead of reading
 * thousands of ids. What the seeks do not find is sampled from the whole pool.
 */
async function draw(db: Db, pool: Pool, k: number, taken: ReadonlySet<number>): Promise<number[]> {
  const picked = new Set<number>()
  const fresh = (id: number | null): id is number => id !== null && !taken.has(id) && !picked.has(id)
  if (pool.size > READ_WHOLE_POOL) {
    const bounds = await sql<{ low: number | null; high: number | null }>`select min(q.id) as low, max(q.id) as high from question q where ${poolCondition(pool)}`.execute(db)
    const { low, high } = bounds.rows[0] ?? { low: null, high: null }
    for (let round = 0; round < SEEK_ROUNDS && picked.size < k && low !== null && high !== null; round++) {
      const starts = Array.from({ length: (k - picked.size) * 2 + 4 }, () => randomInt(Number(low), Number(high) + 1))
      const found = await sql<{ id: number | null }>`
        with r(x) as (values ${sql.join(starts.map((start) => sql`(cast(${start} as integer))`))})
        select (select q.id from question q where ${poolCondition(pool)} and q.id >= r.x order by q.id limit 1) as id from r`.execute(db)
      for (const { id } of found.rows) if (picked.size < k && fresh(id === null ? null : Number(id))) picked.add(Number(id))
    }
  }
  if (picked.size < k) {
    const all = await sql<{ id: number }>`select q.id from question q where ${poolCondition(pool)}`.execute(db)
    for (const id of sample(all.rows.map((r) => Number(r.id)).filter(fresh), k - picked.size)) picked.add(id)
  }
  return [...picked]
}

/**
 * Automatic assembly. Feasibility first: the bank must hold enough reviewed questions
 * of each type, and the split's categories enough of the types they are to give; the
 * refusal names what is short (类别「…」的多选题只有 3 道，需要 5 道). Then the draw: the
 * split's share from its categories, the rest of each type from the whole bank of the use.
 */
async function automaticEntries(db: Db, rules: readonly AutoRule[], split: readonly SplitRule[], useType: number): Promise<PaperEntry[]> {
  const types = rules.map((r) => r.questionType)
  const categories = split.length === 0 ? [] : await db.selectFrom('questionCategory').select(['id', 'name', 'useType']).where('id', 'in', split.map((s) => s.categoryId)).execute()
  const nameOf = new Map(categories.filter((c) => c.useType === useType).map((c) => [c.id, c.name]))
  for (const s of split) if (!nameOf.has(s.categoryId)) throw refuse('所选题目类别不存在，请重新选择')

  const [inBank, available] = await Promise.all([bankCounts(db, useType, rules), availability(db, split, types)])
  for (const r of rules) {
    const have = inBank.get(r.questionType) ?? 0
    if (have < r.questionCount) throw refuse(`题库中已审核的${label(r.questionType)}只有 ${have} 道，需要 ${r.questionCount} 道`)
  }
  const allocated = allocate(rules, split, available)
  if (!allocated.ok) {
    const { categoryId, types: short, have, need } = allocated.shortage
    throw refuse(`类别「${nameOf.get(categoryId) ?? ''}」的${short.map(label).join('、')}只有 ${have} 道，需要 ${need} 道`)
  }

  // Split cells are disjoint pools, and so are the remainders of different types: each
  // phase draws its pools at once (in parallel on PostgreSQL's pool of connections).
  const chosen = new Set<number>()
  const cells = rules.flatMap((rule) =>
    split.flatMap((s) => {
      const k = allocated.allocation.get(s.categoryId)?.get(rule.questionType) ?? 0
      return k === 0 ? [] : [{ pool: { useType, type: rule.questionType, categoryId: s.categoryId, size: available.get(s.categoryId)?.get(rule.questionType) ?? 0 }, k }]
    }),
  )
  for (const ids of await Promise.all(cells.map((c) => draw(db, c.pool, c.k, chosen)))) for (const id of ids) chosen.add(id)
  const rests = rules.flatMap((rule) => {
    const rest = rule.questionCount - cells.filter((c) => c.pool.type === rule.questionType).reduce((sum, c) => sum + c.k, 0)
    return rest > 0 ? [{ pool: { useType, type: rule.questionType, size: inBank.get(rule.questionType) ?? 0 }, k: rest }] : []
  })
  for (const ids of await Promise.all(rests.map((r) => draw(db, r.pool, r.k, chosen)))) for (const id of ids) chosen.add(id)

  const found = await questionsByIds(db, [...chosen])
  if (chosen.size !== rules.reduce((sum, r) => sum + r.questionCount, 0) || found.size !== chosen.size) throw new AppError(ErrorKey.CONFLICT, '组卷期间题库发生了变化，请重试')
  const scoreOf = new Map(rules.map((r) => [r.questionType, r.questionScore]))
  // Questions in type order; within a type, the order they were drawn in.
  return [...chosen]
    .map((id) => found.get(id) as QuestionRow)
    .sort((a, b) => a.type - b.type)
    .map((q) => entryOf(q, scoreOf.get(q.type) ?? 0))
}

/** The questions and scores of a paper for its composition; refuses what cannot be assembled. */
export async function assemble(db: Db, composition: Composition): Promise<PaperEntry[]> {
  return composition.choiceType === 1
    ? manualEntries(db, composition.questionList, composition.type)
    : automaticEntries(db, composition.questionList, composition.categoryList, composition.type)
}
