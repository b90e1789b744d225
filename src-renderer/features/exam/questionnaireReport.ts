import { analysisLabels, type QuestionnaireResult } from '../../../src-shared/schemas/exam'
import { CONTENT_W, PagedReport } from '../../app/canvasReport'
import { chartImage } from '../../components/chart/image'
import { hasData, type ChartData } from '../../components/chart/options'
import { optionLabel, percent, questionLabel } from './AnalysisTable'
import { minutesOf } from '../../../src-shared/date-text'

const MULTIPLE = 2

/**
 * 满意度调查报告 (A4 portrait): each question with its chart (a pie, bars for multiple
 * choice whose shares do not add up to one) and figures; free answers as a list.
 */
export async function questionnaireReportPdf(result: QuestionnaireResult): Promise<Uint8Array> {
  const report = new PagedReport()
  report.title(`${result.trainName} 满意度调查报告`)
  const q = result.questionnaire
  if (q) report.paragraph(`问卷：${q.title} · 填写时间：${minutesOf(q.startTime)} 至 ${minutesOf(q.endTime)} · 已提交 ${q.respondents} 份`)
  else report.paragraph('尚未设置满意度问卷。')

  for (const [i, row] of result.rows.entries()) {
    report.heading(`${questionLabel(row, i)}（${row.num} 人作答）`, 2)
    if (row.options.length === 0) {
      if (row.answers.length === 0) report.paragraph('暂无回答。')
      else report.table([{ title: '姓名', share: 0.2 }, { title: '回答', share: 0.8 }], row.answers.map((a) => [a.member.name, a.answer]))
      continue
    }
    const chart: ChartData = {
      kind: row.questionType === MULTIPLE ? 'horizontalBar' : 'pie',
      categories: row.options.map((o) => o.text),
      series: [{ name: '人数', values: row.options.map((o) => o.num) }],
    }
    if (hasData(chart)) report.image(await chartImage(chart, CONTENT_W / 2, 200))
    report.table(
      [{ title: '选项', share: 0.6 }, { title: '人数', share: 0.2 }, { title: analysisLabels.share, share: 0.2 }],
      row.options.map((o) => [optionLabel(row, o), String(o.num), percent(o.per)]),
    )
  }
  return report.pdf()
}
