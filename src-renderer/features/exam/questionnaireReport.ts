import { analysisLabels, type QuestionnaireResult } from '../../../src-shared/schemas/exam-analysis'
import type { DocumentOf, ReportBlock } from '../../../src-shared/schemas/documents'
import { optionLabel, percent, questionLabel } from './AnalysisTable'
import { minutesOf } from '../../../src-shared/date-text'

const MULTIPLE = 2

/**
 * 满意度调查报告 (A4 portrait, drawn by the core as a vector PDF): each question with its
 * chart (a pie, bars for multiple choice whose shares do not add up to one) and figures;
 * free answers as a list.
 */
export function questionnaireReportDocument(result: QuestionnaireResult): DocumentOf<'report'> {
  const blocks: ReportBlock[] = []
  const q = result.questionnaire
  blocks.push({ type: 'paragraph', text: q ? `问卷：${q.title} · 填写时间：${minutesOf(q.startTime)} 至 ${minutesOf(q.endTime)} · 已提交 ${q.respondents} 份` : '尚未设置满意度问卷。' })

  for (const [i, row] of result.rows.entries()) {
    blocks.push({ type: 'heading', text: `${questionLabel(row, i)}（${row.num} 人作答）`, level: 2 })
    if (row.options.length === 0) {
      if (row.answers.length === 0) blocks.push({ type: 'paragraph', text: '暂无回答。' })
      else blocks.push({ type: 'table', columns: [{ title: '姓名', share: 0.2 }, { title: '回答', share: 0.8 }], rows: row.answers.map((a) => [a.member.name, a.answer]) })
      continue
    }
    if (row.options.some((o) => o.num > 0)) {
      blocks.push({ type: 'chart', kind: row.questionType === MULTIPLE ? 'horizontalBar' : 'pie', categories: row.options.map((o) => o.text), values: row.options.map((o) => o.num) })
    }
    blocks.push({
      type: 'table',
      columns: [{ title: '选项', share: 0.6 }, { title: '人数', share: 0.2 }, { title: analysisLabels.share, share: 0.2 }],
      rows: row.options.map((o) => [optionLabel(row, o), String(o.num), percent(o.per)]),
    })
  }
  return { kind: 'report', fileName: `${result.trainName}满意度调查报告`, title: `${result.trainName} 满意度调查报告`, blocks }
}
