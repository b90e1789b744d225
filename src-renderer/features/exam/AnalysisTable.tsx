import { Badge, makeStyles, tokens } from '@fluentui/react-components'
import { discriminatesNegatively } from '../../../src-shared/item-statistics'
import { analysisLabels, type AnalysisRow } from '../../../src-shared/schemas/exam-analysis'
import { SmallTable, type SmallColumn } from '../../components/SmallTable'

const useStyles = makeStyles({
  table: { border: `1px solid ${tokens.colorNeutralStroke2}` },
  merged: { verticalAlign: 'middle', borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  negative: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
})

export const typeText: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '问答题', 5: '填空题' }
export const percent = (value: number) => `${(value * 100).toFixed(1)}%`
/** 1. [单选题] 题目 */
export const questionLabel = (row: AnalysisRow, index: number) => `${index + 1}. [${typeText[row.questionType] ?? ''}] ${row.title}`
/** A. 选项 (true/false options without the key) */
export const optionLabel = (row: AnalysisRow, option: AnalysisRow['options'][number]) => (row.questionType === 3 ? option.text : `${option.key}. ${option.text}`)
/** A share or a correlation as the analysis prints it; — when there is none. */
export const shareText = (value: number | null) => (value === null ? '—' : percent(value))
export const discriminationText = (value: number | null) => (value === null ? '—' : value.toFixed(2))

export const answerText = (row: AnalysisRow) => (row.questionType === 3 ? ({ true: '对', false: '错' }[row.answer] ?? '') : row.answer)

/** One line of the table: an option of a question (a free question has one line, no option). */
interface Line {
  row: AnalysisRow
  /** The question's place in the paper. */
  q: number
  option: AnalysisRow['options'][number] | null
  /** The line's place among its question's lines, and how many it has. */
  i: number
  lines: number
}

const linesOf = (rows: readonly AnalysisRow[]): Line[] =>
  rows.flatMap((row, q) => {
    const options = row.options.length ? row.options : [null]
    return options.map((option, i) => ({ row, q, option, i, lines: options.length }))
  })

/** A question's cell, merged over its options' lines. */
const merged = (line: Line) => (line.i === 0 ? line.lines : 0)

/**
 * 答题分析 (spec 001 §2): question, option, number choosing it, correct answer and
 * correct rate, the cells of one question merged over its options; for an exam also
 * Moodle's facility and discrimination indices and each option's share in the top and
 * bottom thirds, a question discriminating negatively flagged. `scored` false leaves out
 * the answer and statistics columns (questionnaires).
 */
export function AnalysisTable({ rows, scored, label }: { rows: readonly AnalysisRow[]; scored: boolean; label: string }) {
  const styles = useStyles()
  const negative = (line: Line) => discriminatesNegatively(line.row.discrimination)
  const always: SmallColumn<Line>[] = [
    { key: 'question', title: '题目', width: scored ? '24%' : undefined, span: merged, className: styles.merged, render: (l) => questionLabel(l.row, l.q) },
    { key: 'option', title: '选项', width: scored ? '16%' : undefined, render: (l) => (l.option ? optionLabel(l.row, l.option) : `主观题，${l.row.answers.length} 条回答`) },
    { key: 'num', title: '选择人数', width: '80px', numeric: true, render: (l) => (l.option ? l.option.num : l.row.num) },
    { key: 'share', title: analysisLabels.share, width: '110px', numeric: true, render: (l) => (l.option ? percent(l.option.per) : '—') },
  ]
  const statistics: SmallColumn<Line>[] = [
    { key: 'answer', title: '正确答案', width: '80px', span: merged, className: styles.merged, render: (l) => answerText(l.row) || '—' },
    { key: 'rate', title: analysisLabels.rate, width: '110px', numeric: true, span: merged, className: styles.merged, render: (l) => (l.row.per === null ? '—' : percent(l.row.per)) },
    {
      key: 'thirds', title: analysisLabels.thirds(rows[0]?.third ?? 0), width: '130px',
      render: (l) => (l.option ? `${shareText(l.option.top)} / ${shareText(l.option.bottom)}` : '—'),
    },
    { key: 'facility', title: analysisLabels.facility, width: '100px', numeric: true, span: merged, className: styles.merged, render: (l) => shareText(l.row.facility) },
    {
      key: 'discrimination', title: analysisLabels.discrimination, width: '120px', numeric: true, span: merged,
      className: (l) => (negative(l) ? styles.negative : undefined),
      render: (l) => (
        <>
          {discriminationText(l.row.discrimination)}
          {negative(l) && (
            <Badge appearance="tint" color="danger" size="small" style={{ marginLeft: 6 }} aria-label={analysisLabels.negative}>
              负区分度
            </Badge>
          )}
        </>
      ),
    },
  ]
  return (
    <SmallTable
      className={styles.table}
      label={label}
      rows={linesOf(rows)}
      rowKey={(l) => `${l.row.id}-${l.option?.key ?? 'free'}`}
      columns={scored ? [...always, ...statistics] : always}
    />
  )
}
