import { useCallback, useEffect, useState } from 'react'
import { Button, Dropdown, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, DocumentPdfRegular, PeopleRegular, PrintRegular, SettingsRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { QuestionnaireResult } from '../../../src-shared/schemas/exam-analysis'
import { call } from '../../lib/bridge'
import { EmptyState } from '../../components/EmptyState'
import { useNotify } from '../../components/toast'
import { useDownloadTask } from '../../components/useDownloadTask'
import { QuestionnaireDialog } from './QuestionnaireDialog'
import { QuestionResult } from './QuestionResult'
import { questionnaireReportDocument } from './questionnaireReport'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingBottom: tokens.spacingVerticalL },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1 },
  meta: { color: tokens.colorNeutralForeground3 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  picker: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
})

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
  const report = useDownloadTask()

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
          <Text as="h2" size={500} weight="semibold">满意度反馈：{result?.trainName ?? ''}</Text>
          <Text size={200} className={styles.meta}>
            {questionnaire ? `${questionnaire.title} · ${minutesOf(questionnaire.startTime)} 至 ${minutesOf(questionnaire.endTime)} · 已提交 ${questionnaire.respondents} 份${questionnaire.anonymous ? ' · 匿名' : ''}` : '尚未设置满意度问卷'}
          </Text>
        </div>
        {questionnaire && (
          <Button icon={<PeopleRegular />} onClick={() => navigate(`/examList/examList?id=${questionnaire.examId}&kind=questionnaire&title=${encodeURIComponent(questionnaire.title)}`)}>参加人员</Button>
        )}
        <Button icon={<DocumentPdfRegular />} disabled={!result?.rows.length || report.busy} onClick={() => result && void report.saveDocument(() => questionnaireReportDocument(result))}>{report.busy ? '生成中...' : '导出PDF报告'}</Button>
        <Button icon={<PrintRegular />} disabled={!result?.rows.length || report.busy} onClick={() => result && void report.print(() => questionnaireReportDocument(result))}>打印</Button>
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
