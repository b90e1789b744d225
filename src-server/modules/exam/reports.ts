import type { FastifyReply } from 'fastify'
import { analysisLabels, type AnalysisRow, type Participant } from '../../../src-shared/schemas/exam-analysis'
import { discriminatesNegatively } from '../../../src-shared/item-statistics'
import { formatDateTime, nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { keysetBatches, streamWorkbook, type SheetColumn } from '../../files/xlsx-stream'
import { NUMBER_FORMATS } from '../../files/xlsx'
import { onePage } from '../../db/paging'

type Status = Participant['status']
const statusText: Record<Status, string> = { WAIT: '待参加', DONE: '已完成', PASS: '已过期' }

/**
 * The people of an exam or questionnaire with their first sitting (spec 001 §3
 * participant record): WAIT while they may still take it, DONE once submitted, PASS
 * when the window closed without them or the exam was closed by hand (nobody may sit a
 * closed exam, so 待参加 would not be true).
 */
function participantQuery(db: Db, exam: { id: number }, status: Status | undefined) {
  const now = nowText()
  let query = db
    .selectFrom('memberExam as m')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .innerJoin('member as p', 'p.id', 'm.memberId')
    .leftJoin('examAttempt as a', (j) => j.onRef('a.memberExamId', '=', 'm.id').on('a.attemptNo', '=', 1))
    .select(['m.id', 'e.title as examName', 'p.name as memberName', 'p.telephone as memberTelephone', 'm.isMakeUp', 'a.startedAt', 'a.submittedAt', 'm.score'])
    .select((eb) => [eb.fn.coalesce('m.endTime', 'e.endTime').as('windowEnd'), 'e.closed'])
    .where('m.examId', '=', exam.id)
  if (status === 'DONE') query = query.where('a.submittedAt', 'is not', null)
  if (status === 'WAIT') query = query.where('a.submittedAt', 'is', null).where('e.closed', '=', 0).where((eb) => eb(eb.fn.coalesce('m.endTime', 'e.endTime'), '>', now))
  if (status === 'PASS') {
    query = query.where('a.submittedAt', 'is', null).where((eb) => eb.or([eb(eb.fn.coalesce('m.endTime', 'e.endTime'), '<=', now), eb('e.closed', '=', 1)]))
  }
  return query
}

type Row = Awaited<ReturnType<ReturnType<typeof participantQuery>['execute']>>[number]

function toParticipant(row: Row, now = nowText()): Participant {
  const done = row.submittedAt !== null
  return {
    id: row.id,
    examName: row.examName,
    memberName: row.memberName,
    memberTelephone: row.memberTelephone,
    isMakeUp: row.isMakeUp,
    status: done ? 'DONE' : String(row.windowEnd) > now && !row.closed ? 'WAIT' : 'PASS',
    startTime: row.startedAt === null ? null : formatDateTime(new Date(Number(row.startedAt))),
    endTime: row.submittedAt === null ? null : formatDateTime(new Date(Number(row.submittedAt))),
    durations: row.startedAt !== null && row.submittedAt !== null ? Math.max(1, Math.round((Number(row.submittedAt) - Number(row.startedAt)) / 60_000)) : null,
    score: row.score,
  }
}

export async function participantPage(db: Db, exam: { id: number }, status: Status | undefined, pageNum: number, pageSize: number) {
  const query = participantQuery(db, exam, status)
  const { records, total } = await onePage(query.orderBy('m.id'), query, { pageNum, pageSize })
  const now = nowText()
  return { records: records.map((r) => toParticipant(r, now)), total }
}

export function participantDownload(db: Db, reply: FastifyReply, exam: { id: number; title: string }) {
  const columns: SheetColumn<Participant>[] = [
    { header: '考试名称', width: 24, value: (r) => r.examName },
    { header: '姓名', width: 12, value: (r) => r.memberName },
    { header: '手机号', width: 14, value: (r) => r.memberTelephone },
    { header: '类别', width: 8, value: (r) => (r.isMakeUp ? '补考' : '正考') },
    { header: '状态', width: 10, value: (r) => statusText[r.status] },
    { header: '开始时间', width: 20, value: (r) => r.startTime },
    { header: '交卷时间', width: 20, value: (r) => r.endTime },
    { header: '用时（分钟）', width: 12, value: (r) => r.durations },
    { header: '成绩', width: 8, numFmt: NUMBER_FORMATS.score, value: (r) => r.score },
  ]
  const now = nowText()
  const batches = keysetBatches(async (afterId, size) =>
    (await participantQuery(db, exam, undefined).where('m.id', '>', afterId).orderBy('m.id').limit(size).execute()).map((r) => toParticipant(r, now)),
  )
  return streamWorkbook(reply, `${exam.title}-参加人员.xlsx`, '参加人员', columns, batches)
}

const typeText: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '问答题', 5: '填空题' }

/** The analysis as a sheet: one row per option (the question's cells repeated), free answers counted. */
export function analysisDownload(reply: FastifyReply, title: string, rows: AnalysisRow[]) {
  type Line = { row: AnalysisRow; option: string; num: number; top: number | null; bottom: number | null }
  const columns: SheetColumn<Line>[] = [
    { header: '题目', width: 40, value: (l) => l.row.title },
    { header: '题型', width: 8, value: (l) => typeText[l.row.questionType] ?? '' },
    { header: '选项', width: 24, value: (l) => l.option },
    { header: '选择人数', width: 10, numFmt: NUMBER_FORMATS.count, value: (l) => l.num },
    { header: '正确答案', width: 12, value: (l) => (l.row.questionType === 3 ? ({ true: '对', false: '错' }[l.row.answer] ?? '') : l.row.answer) },
    { header: analysisLabels.rate, width: 20, numFmt: NUMBER_FORMATS.percent, value: (l) => l.row.per },
    { header: '高分组选择比例', width: 14, numFmt: NUMBER_FORMATS.percent, value: (l) => l.top },
    { header: '低分组选择比例', width: 14, numFmt: NUMBER_FORMATS.percent, value: (l) => l.bottom },
    { header: analysisLabels.facility, width: 16, numFmt: NUMBER_FORMATS.percent, value: (l) => l.row.facility },
    { header: analysisLabels.discrimination, width: 10, numFmt: NUMBER_FORMATS.index, value: (l) => l.row.discrimination },
    { header: '提示', width: 18, value: (l) => (discriminatesNegatively(l.row.discrimination) ? analysisLabels.negative : '') },
  ]
  async function* lines() {
    yield rows.flatMap((row) =>
      row.options.length ? row.options.map((o) => ({ row, option: `${row.questionType === 3 ? '' : `${o.key}. `}${o.text}`, num: o.num, top: o.top, bottom: o.bottom }))
        : [{ row, option: '（主观题）', num: row.num, top: null, bottom: null }],
    )
  }
  return streamWorkbook(reply, `${title}-答题分析.xlsx`, '答题分析', columns, lines())
}
