import { useState } from 'react'
import { Card, Tab, TabList, Text } from '@fluentui/react-components'
import { analysisLabels, type AnalysisRow } from '../../../src-shared/schemas/exam-analysis'
import { Chart, type ChartKind } from '../../components/Chart'
import { SmallTable } from '../../components/SmallTable'
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
        <SmallTable
          label={`${title} 的回答`}
          rows={row.answers}
          rowKey={(_, i) => i}
          columns={[
            { key: 'name', title: '姓名', width: '120px', render: (a) => a.member.name },
            { key: 'answer', title: '回答', render: (a) => a.answer },
          ]}
        />
      ) : mode === 'table' ? (
        <SmallTable
          label={`${title} 的结果`}
          rows={row.options}
          rowKey={(o) => o.key}
          columns={[
            { key: 'option', title: '选项', render: (o) => optionLabel(row, o) },
            { key: 'num', title: '人数', width: '100px', numeric: true, render: (o) => o.num },
            { key: 'share', title: analysisLabels.share, width: '140px', numeric: true, render: (o) => percent(o.per) },
          ]}
        />
      ) : (
        <Chart title={row.title} kind={mode} categories={row.options.map((o) => o.text)} series={[{ name: '人数', values: row.options.map((o) => o.num) }]} height="280px" />
      )}
    </Card>
  )
}
