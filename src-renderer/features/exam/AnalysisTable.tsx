import { Badge, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { discriminatesNegatively } from '../../../src-shared/item-statistics'
import { analysisLabels, type AnalysisRow } from '../../../src-shared/schemas/exam-analysis'

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

/**
 * 答题分析 (spec 001 §2): question, option, number choosing it, correct answer and
 * correct rate, the cells of one question merged over its options; for an exam also
 * Moodle's facility and discrimination indices and each option's share in the top and
 * bottom thirds, a question discriminating negatively flagged. `scored` false leaves out
 * the answer and statistics columns (questionnaires).
 */
export function AnalysisTable({ rows, scored, label }: { rows: readonly AnalysisRow[]; scored: boolean; label: string }) {
  const styles = useStyles()
  return (
    <Table className={styles.table} aria-label={label} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell style={{ width: scored ? '24%' : undefined }}>题目</TableHeaderCell>
          <TableHeaderCell style={{ width: scored ? '16%' : undefined }}>选项</TableHeaderCell>
          <TableHeaderCell style={{ width: 80 }}>选择人数</TableHeaderCell>
          <TableHeaderCell style={{ width: 110 }}>{analysisLabels.share}</TableHeaderCell>
          {scored && <TableHeaderCell style={{ width: 80 }}>正确答案</TableHeaderCell>}
          {scored && <TableHeaderCell style={{ width: 110 }}>{analysisLabels.rate}</TableHeaderCell>}
          {scored && <TableHeaderCell style={{ width: 130 }}>{analysisLabels.thirds(rows[0]?.third ?? 0)}</TableHeaderCell>}
          {scored && <TableHeaderCell style={{ width: 100 }}>{analysisLabels.facility}</TableHeaderCell>}
          {scored && <TableHeaderCell style={{ width: 120 }}>{analysisLabels.discrimination}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.flatMap((row, q) => {
          const lines = row.options.length ? row.options : [null]
          return lines.map((option, i) => (
            <TableRow key={`${row.id}-${option?.key ?? 'free'}`}>
              {i === 0 && (
                <TableCell rowSpan={lines.length} className={styles.merged}>
                  {questionLabel(row, q)}
                </TableCell>
              )}
              <TableCell>{option ? optionLabel(row, option) : `主观题，${row.answers.length} 条回答`}</TableCell>
              <TableCell>{option ? option.num : row.num}</TableCell>
              <TableCell>{option ? percent(option.per) : '—'}</TableCell>
              {scored && i === 0 && <TableCell rowSpan={lines.length} className={styles.merged}>{answerText(row) || '—'}</TableCell>}
              {scored && i === 0 && <TableCell rowSpan={lines.length} className={styles.merged}>{row.per === null ? '—' : percent(row.per)}</TableCell>}
              {scored && <TableCell>{option ? `${shareText(option.top)} / ${shareText(option.bottom)}` : '—'}</TableCell>}
              {scored && i === 0 && <TableCell rowSpan={lines.length} className={styles.merged}>{shareText(row.facility)}</TableCell>}
              {scored && i === 0 && (
                <TableCell rowSpan={lines.length} className={discriminatesNegatively(row.discrimination) ? styles.negative : undefined}>
                  {discriminationText(row.discrimination)}
                  {discriminatesNegatively(row.discrimination) && (
                    <Badge appearance="tint" color="danger" size="small" style={{ marginLeft: 6 }} aria-label={analysisLabels.negative}>
                      负区分度
                    </Badge>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))
        })}
      </TableBody>
    </Table>
  )
}
