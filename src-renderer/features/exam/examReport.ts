import { analysisLabels, type AnalysisRow, type Exam, type ScoreSummary } from '../../../src-shared/schemas/exam'
import { CONTENT_W, PagedReport } from '../../app/canvasReport'
import { chartImage } from '../../components/chart/image'
import { answerText, percent, typeText } from './AnalysisTable'
import { minutesOf } from '../../../src-shared/date-text'

const figure = (value: number | null) => (value === null ? '—' : `${value} 分`)

/** Each paper of the exam with its real total and its sittings, e.g. `试卷A《党章卷》满分 56 分（12 人次交卷）`. */
export const variantsText = (summary: ScoreSummary) =>
  summary.variants.map((v) => `${v.label}《${v.title}》满分 ${v.totalScore} 分（${v.sittings} 人次交卷）`).join('；')

/**
 * 考试成绩分析报告 (A4 portrait): the exam, its scores at a glance, the score
 * distribution as bars and the item analysis (question, answer, correct rate).
 */
export async function examReportPdf(exam: Exam, summary: ScoreSummary, rows: readonly AnalysisRow[]): Promise<Uint8Array> {
  const report = new PagedReport()
  report.title(`${exam.title} 成绩分析报告`)
  report.paragraph(`培训班：${exam.trainName} · 考试时间：${minutesOf(exam.startTime)} 至 ${minutesOf(exam.endTime)}`)
  report.paragraph(`试卷：${variantsText(summary)}`)

  report.heading('一、成绩概况')
  const passRate = summary.scored ? percent(summary.passed / summary.scored) : '—'
  report.table(
    [{ title: '项目', share: 0.25 }, { title: '数值', share: 0.25 }, { title: '项目', share: 0.25 }, { title: '数值', share: 0.25 }],
    [
      ['考生人数', `${summary.candidates} 人`, '平均分', figure(summary.average)],
      ['已交卷', `${summary.submitted} 人`, '最高分', figure(summary.highest)],
      ['已评分', `${summary.scored} 人`, '最低分', figure(summary.lowest)],
      ['及格线', `${summary.passLine} 分`, '及格率', `${passRate}（${summary.passed} 人及格）`],
    ],
  )
  report.paragraph('每位考生取各轮（含补考）的最高成绩；及格率 = 及格人数 ÷ 已评分人数。', '#666666')

  report.heading('二、成绩分布')
  if (summary.scored === 0) report.paragraph('暂无已评分的成绩。')
  else {
    const categories = summary.bands.map((b) => `${b.from}–${b.to}分`)
    report.image(await chartImage({ kind: 'bar', categories, series: [{ name: '人数', values: summary.bands.map((b) => b.count) }] }, CONTENT_W / 2, 220))
  }

  report.heading('三、答题分析')
  if (rows.length === 0) report.paragraph('暂无已交卷的答卷。')
  else {
    report.table(
      [{ title: '序号', share: 0.07 }, { title: '题目', share: 0.45 }, { title: '题型', share: 0.1 }, { title: '正确答案', share: 0.13 }, { title: '作答人数', share: 0.1 }, { title: analysisLabels.rate, share: 0.15 }],
      rows.map((row, i) => [String(i + 1), row.title, typeText[row.questionType] ?? '', answerText(row) || '—', String(row.num), row.per === null ? '—' : percent(row.per)]),
    )
    report.paragraph(analysisLabels.rateNote, '#666666')
  }
  return report.pdf()
}
