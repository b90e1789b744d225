import { useCallback, useEffect, useState } from 'react'
import { Button, Card, Dropdown, makeStyles, Option, Spinner, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, PeopleRegular, SettingsRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { AnalysisRow, QuestionnaireResult } from '../../../src-shared/schemas/exam'
import { call } from '../../app/bridge'
import { Chart, type ChartKind } from '../../components/Chart'
import { EmptyState } from '../../components/EmptyState'
import { useNotify } from '../../components/toast'
import { percent } from './AnalysisTable'
import { QuestionnaireDialog } from './QuestionnaireDialog'

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingBottom: tokens.spacingVerticalL },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1 },
  meta: { color: tokens.colorNeutralForeground3 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  picker: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
})

type Mode = 'table' | ChartKind
const modes: [Mode, string][] = [['table', '表格'], ['pie', '饼图'], ['ring', '环形图'], ['bar', '柱状图'], ['horizontalBar', '条形图']]
const typeText: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '问答题', 5: '填空题' }

/** One question's result: options as a table or a chart (default table); free answers as a list, never a chart. */
function QuestionResult({ row, index }: { row: AnalysisRow; index: number }) {
  const [mode, setMode] = useState<Mode>('table')
  const title = `${index + 1}. [${typeText[row.questionType] ?? ''}] ${row.title}`
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
          <TableHeader><TableRow><TableHeaderCell>选项</TableHeaderCell><TableHeaderCell style={{ width: 100 }}>人数</TableHeaderCell><TableHeaderCell style={{ width: 100 }}>占比</TableHeaderCell></TableRow></TableHeader>
          <TableBody>
            {row.options.map((o) => (
              <TableRow key={o.key}><TableCell>{row.questionType === 3 ? o.text : `${o.key}. ${o.text}`}</TableCell><TableCell>{o.num}</TableCell><TableCell>{percent(o.per)}</TableCell></TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Chart title={row.title} kind={mode} categories={row.options.map((o) => o.text)} series={[{ name: '人数', values: row.options.map((o) => o.num) }]} height="280px" />
      )}
    </Card>
  )
}

/**
 * 问卷结果 (/questionnaireManagement/result?examId=, where examId is the training's id
 * as in spec 001 §2): the satisfaction questionnaire of a training, question by question.
 * Without a training in the address it asks for one.
 */
export default function QuestionnaireResultPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const [params, setParams] = useSearchParams()
  const raw = params.get('examId')
  const trainId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const [result, setResult] = useState<QuestionnaireResult | null>(null)
  const [trains, setTrains] = useState<{ id: number; name: string }[]>([])
  const [setting, setSetting] = useState(false)

  const load = useCallback(() => {
    if (trainId === null) return
    call('questionnaire.result', { trainId }).then(setResult, (error: unknown) => notify.error(error))
  }, [trainId, notify])
  useEffect(load, [load])
  useEffect(() => {
    call('exam.trains').then(setTrains, (error: unknown) => notify.error(error))
  }, [notify])

  const picker = (
    <div className={styles.picker}>
      <Text>培训班</Text>
      <Dropdown
        aria-label="培训班"
        placeholder="请选择培训班"
        value={trains.find((t) => t.id === trainId)?.name ?? result?.trainName ?? ''}
        selectedOptions={trainId ? [String(trainId)] : []}
        onOptionSelect={(_, data) => setParams({ examId: String(data.optionValue) })}
      >
        {trains.map((t) => <Option key={t.id} value={String(t.id)}>{t.name}</Option>)}
      </Dropdown>
    </div>
  )
  if (trainId === null) return <>{picker}<EmptyState text="请选择培训班查看满意度反馈" /></>

  const questionnaire = result?.questionnaire ?? null
  return (
    <>
      <header className={styles.header}>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate(-1)}>返回</Button>
        <div className={styles.titles}>
          <Text as="h1" size={500} weight="semibold">满意度反馈：{result?.trainName ?? ''}</Text>
          <Text size={200} className={styles.meta}>
            {questionnaire ? `${questionnaire.title} · ${questionnaire.startTime.slice(0, 16)} 至 ${questionnaire.endTime.slice(0, 16)} · 已提交 ${questionnaire.respondents} 份` : '尚未设置满意度问卷'}
          </Text>
        </div>
        {questionnaire && (
          <Button icon={<PeopleRegular />} onClick={() => navigate(`/examList/examList?id=${questionnaire.examId}&kind=questionnaire&title=${encodeURIComponent(questionnaire.title)}`)}>参加人员</Button>
        )}
        <Button appearance="primary" icon={<SettingsRegular />} disabled={!result} onClick={() => setSetting(true)}>设置问卷</Button>
      </header>
      {picker}
      <div className={styles.list}>
        {!result ? <Spinner label="加载中..." /> : result.rows.length === 0 ? <EmptyState /> : result.rows.map((row, i) => <QuestionResult key={row.id} row={row} index={i} />)}
      </div>
      <QuestionnaireDialog open={setting} trainId={trainId} current={questionnaire} onClose={() => setSetting(false)} onSaved={load} />
    </>
  )
}
