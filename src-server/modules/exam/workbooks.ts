import type { FastifyReply } from 'fastify'
import type { AnswerDetail } from '../../../src-shared/schemas/exam'
import { answerWords } from '../../../src-shared/schemas/question'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { keysetBatches, streamWorkbook, type SheetColumn } from '../../files/xlsx-stream'
import { NUMBER_FORMATS } from '../../files/xlsx'
import { isAbsent } from './status'

const statusText: Record<string, string> = { WAIT: '待考', DONE: '待阅卷', CHECK: '已阅卷' }
const typeText: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '问答题', 5: '填空题' }

/** The score list of an exam (spec 001 §7 downloadScoreList), every round of every candidate. */
export function scoreListDownload(
  db: Db,
  reply: FastifyReply,
  exam: { id: number; title: string; passLine: number; closed: number; startTime: string; endTime: string },
) {
  type Row = {
    id: number; name: string; telephone: string; isMakeUp: number; status: string; attempts: number; score: number | null
    startTime: string | null; endTime: string | null
  }
  const now = nowText()
  const columns: SheetColumn<Row>[] = [
    { header: '姓名', width: 12, value: (r) => r.name },
    { header: '手机号', width: 14, value: (r) => r.telephone },
    { header: '类别', width: 8, value: (r) => (r.isMakeUp ? '补考' : '正考') },
    { header: '状态', width: 10, value: (r) => (isAbsent(exam, r, now) ? '缺考' : (statusText[r.status] ?? '已过期')) },
    { header: '作答次数', width: 10, value: (r) => r.attempts },
    { header: '成绩', width: 8, numFmt: NUMBER_FORMATS.score, value: (r) => r.score },
    { header: '是否及格', width: 10, value: (r) => (r.score === null ? '' : r.score >= exam.passLine ? '及格' : '不及格') },
  ]
  const batches = keysetBatches((afterId, size) =>
    db
      .selectFrom('memberExam as m')
      .innerJoin('member as p', 'p.id', 'm.memberId')
      .select(['m.id', 'p.name', 'p.telephone', 'm.isMakeUp', 'm.status', 'm.attempts', 'm.score', 'm.startTime', 'm.endTime'])
      .where('m.examId', '=', exam.id)
      .where('m.id', '>', afterId)
      .orderBy('m.id')
      .limit(size)
      .execute(),
  )
  return streamWorkbook(reply, `${exam.title}-成绩.xlsx`, '成绩', columns, batches)
}

/** One candidate's paper: question, type, full score, answer, reference answer, score. */
export function answerDetailDownload(reply: FastifyReply, detail: AnswerDetail) {
  type Row = AnswerDetail['answers'][number] & { no: number }
  const columns: SheetColumn<Row>[] = [
    { header: '序号', width: 6, value: (r) => r.no },
    { header: '题型', width: 8, value: (r) => typeText[r.question.type] ?? '' },
    { header: '题目', width: 40, value: (r) => r.question.title },
    { header: '满分', width: 6, numFmt: NUMBER_FORMATS.score, value: (r) => r.questionScore },
    { header: '作答', width: 30, value: (r) => answerWords(r.question.type, r.answer, r.question.stem) },
    { header: '参考答案', width: 30, value: (r) => answerWords(r.question.type, r.question.answer, r.question.stem) },
    { header: '得分', width: 6, numFmt: NUMBER_FORMATS.score, value: (r) => r.score },
  ]
  async function* rows() {
    yield detail.answers.map((a, i) => ({ ...a, no: i + 1 }))
  }
  return streamWorkbook(reply, `${detail.memberName}-${detail.examTitle}-试卷.xlsx`, '试卷', columns, rows())
}
