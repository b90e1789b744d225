import { useState } from 'react'
import { Card, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components'
import { analysisLabels, type AnalysisRow } from '../../../src-shared/schemas/exam-analysis'
import { Chart, type ChartKind } from '../../components/Chart'
import { EmptyState } from '../../components/EmptyState'
import { optionLabel, percent, questionLabel } from './AnalysisTable'

type Mode = 'table' | ChartKind
const modes: [Mode, string][] = [['table', '表格'], ['pie', '饼图'], ['ring', '环形图'], ['bar', '柱状图'], ['horizontalBar', '条形图']]

/** One question's result: options as a table or a chart (default table); free answers as a list, never a chart. */
export function QuestionResult({ row, index }: { row: AnalysisRow; index: number }) {
  const [mode, setMode] = useState<Mode>('table')
  const title = questionLabel(row, index)
  const free = row.options.length === 0
  return (
    <Card aria-label={title}>
      <Text weight="semibold">{title}（{row.num} 人作答）</Text>
      {!free && (
        <TabList selectedValue={mode} onTabSelect={(_, data) => setMode(data.value as Mode)} size="small" aria-label={`${title} 的展示方式`}>
          {modes.map(([value, label]) => <Tab key={value} value={value}>{label}</Tab>)}
        </TabList>
      )}
      {free ? (
        row.answers.length === 0 ? <EmptyState /> : (
          <Table size="small" aria-label={`${title} 的回答`}>
            <TableHeader><TableRow><TableHeaderCell style={{ width: 120 }}>姓名</TableHeaderCell><TableHeaderCell>回答</TableHeaderCell></TableRow></TableHeader>
            <TableBody>{row.answers.map((a, i) => <TableRow key={i}><TableCell>{a.member.name}</TableCell><TableCell>{a.answer}</TableCell></TableRow>)}</TableBody>
          </Table>
        )
      ) : mode === 'table' ? (
        <Table size="small" aria-label={`${title} 的结果`}>
          <TableHeader><TableRow><TableHeaderCell>选项</TableHeaderCell><TableHeaderCell style={{ width: 100 }}>人数</TableHeaderCell><TableHeaderCell style={{ width: 140 }}>{analysisLabels.share}</TableHeaderCell></TableRow></TableHeader>
          <TableBody>
            {row.options.map((o) => (
              <TableRow key={o.key}><TableCell>{optionLabel(row, o)}</TableCell><TableCell>{o.num}</TableCell><TableCell>{percent(o.per)}</TableCell></TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Chart title={row.title} kind={mode} categories={row.options.map((o) => o.text)} series={[{ name: '人数', values: row.options.map((o) => o.num) }]} height="280px" />
      )}
    </Card>
  )
}
