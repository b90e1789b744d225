import { type Exam } from '../../../src-shared/schemas/exam'
import { analysisLabels, type AnalysisRow, type ScoreSummary } from '../../../src-shared/schemas/exam-analysis'
import type { DocumentOf, ReportBlock } from '../../../src-shared/schemas/documents'
import { discriminatesNegatively } from '../../../src-shared/item-statistics'
import { answerText, discriminationText, percent, shareText, typeText } from './AnalysisTable'
import { minutesOf } from '../../../src-shared/date-text'

const figure = (value: number | null) => (value === null ? '—' : `${value} 分`)

/** Each paper of the exam with its real total and its sittings, e.g. `试卷A《党章卷》满分 56 分（12 人次交卷）`. */
export const variantsText = (summary: ScoreSummary) =>
  summary.variants.map((v) => `${v.label}《${v.title}》满分 ${v.totalScore} 分（${v.sittings} 人次交卷）`).join('；')

/**
 * 考试成绩分析报告 (A4 portrait, drawn by the core as a vector PDF): the exam, its scores
 * at a glance, the score distribution as bars and the item analysis (question, answer,
 * correct rate).
 */
export function examReportDocument(exam: Exam, summary: ScoreSummary, rows: readonly AnalysisRow[]): DocumentOf<'report'> {
  const blocks: ReportBlock[] = [
    { type: 'paragraph', text: `培训班：${exam.trainName} · 考试时间：${minutesOf(exam.startTime)} 至 ${minutesOf(exam.endTime)}` },
    { type: 'paragraph', text: `试卷：${variantsText(summary)}` },
    { type: 'heading', text: '一、成绩概况', level: 1 },
  ]
  const passRate = summary.scored ? percent(summary.passed / summary.scored) : '—'
  blocks.push(
    {
      type: 'table',
      columns: [{ title: '项目', share: 0.25 }, { title: '数值', share: 0.25 }, { title: '项目', share: 0.25 }, { title: '数值', share: 0.25 }],
      rows: [
        ['考生人数', `${summary.candidates} 人`, '平均分', figure(summary.average)],
        ['已交卷', `${summary.submitted} 人`, '最高分', figure(summary.highest)],
        ['已评分', `${summary.scored} 人`, '最低分', figure(summary.lowest)],
        ['及格线', `${summary.passLine} 分`, '及格率', `${passRate}（${summary.passed} 人及格）`],
      ],
    },
    { type: 'paragraph', text: '每位考生取各轮（含补考）的最高成绩；及格率 = 及格人数 ÷ 已评分人数。', muted: true },
    { type: 'heading', text: '二、成绩分布', level: 1 },
  )
  if (summary.scored === 0) blocks.push({ type: 'paragraph', text: '暂无已评分的成绩。' })
  else blocks.push({ type: 'chart', kind: 'bar', categories: summary.bands.map((b) => `${b.from}–${b.to}分`), values: summary.bands.map((b) => b.count) })

  blocks.push({ type: 'heading', text: '三、答题分析', level: 1 })
  if (rows.length === 0) blocks.push({ type: 'paragraph', text: '暂无已交卷的答卷。' })
  else {
    blocks.push(
      {
        type: 'table',
        columns: [
          { title: '序号', share: 0.06 },
          { title: '题目', share: 0.34 },
          { title: '题型', share: 0.08 },
          { title: '正确答案', share: 0.1 },
          { title: '作答人数', share: 0.08 },
          { title: analysisLabels.rate, share: 0.12 },
          { title: analysisLabels.facility, share: 0.1 },
          { title: analysisLabels.discrimination, share: 0.12 },
        ],
        rows: rows.map((row, i) => [
          String(i + 1),
          row.title,
          typeText[row.questionType] ?? '',
          answerText(row) || '—',
          String(row.num),
          row.per === null ? '—' : percent(row.per),
          shareText(row.facility),
          `${discriminationText(row.discrimination)}${discriminatesNegatively(row.discrimination) ? '（负，请检查）' : ''}`,
        ]),
      },
      { type: 'paragraph', text: analysisLabels.rateNote, muted: true },
      { type: 'paragraph', text: analysisLabels.statisticsNote, muted: true },
    )
    const flagged = rows.flatMap((row, i) => (discriminatesNegatively(row.discrimination) ? [`第 ${i + 1} 题`] : []))
    if (flagged.length > 0) blocks.push({ type: 'paragraph', text: `区分度为负的题目：${flagged.join('、')}。高分考生反而答得差，请检查题目与答案。` })
  }
  return { kind: 'report', fileName: `${exam.title}成绩分析报告`, title: `${exam.title} 成绩分析报告`, blocks }
}
