import { useEffect, useState } from 'react'
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowLeftRegular, DocumentPdfRegular, PrintRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { analysisLabels, type AnalysisRow, type ScoreSummary } from '../../../src-shared/schemas/exam-analysis'
import { call } from '../../lib/bridge'
import { EmptyState } from '../../components/EmptyState'
import { useNotify } from '../../components/toast'
import { useDownload } from '../../components/useDownload'
import { useDownloadTask } from '../../components/useDownloadTask'
import { AnalysisTable } from './AnalysisTable'
import { examReportDocument, variantsText } from './examReport'
import { ScreenTitle } from '../../components/ScreenTitle'

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingBottom: tokens.spacingVerticalL },
  title: { flexGrow: 1 },
  note: { display: 'block', color: tokens.colorNeutralForeground3, paddingBlock: tokens.spacingVerticalS },
})

/** 答题分析 (/examAnalysis/examAnalysis?id=, spec 001 §2) with its export. */
export default function AnalysisPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const download = useDownload()
  const report = useDownloadTask()
  const [params] = useSearchParams()
  const raw = params.get('id')
  const examId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const [rows, setRows] = useState<AnalysisRow[] | null>(null)
  const [summary, setSummary] = useState<ScoreSummary | null>(null)

  useEffect(() => {
    if (examId === null) return
    Promise.all([call('exam.analysis', { id: examId }), call('exam.scoreSummary', { id: examId })]).then(
      ([analysis, figures]) => {
        setRows(analysis)
        setSummary(figures)
      },
      (error: unknown) => {
        setRows([])
        notify.error(error)
      },
    )
  }, [examId, notify])

  if (examId === null) return <EmptyState text="考试不存在或无权查看" />
  const reportDocument = async (analysis: AnalysisRow[], figures: ScoreSummary) => examReportDocument(await call('exam.get', { id: examId }), figures, analysis)
  return (
    <>
      <header className={styles.header}>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate(-1)}>返回</Button>
        <ScreenTitle inHeader className={styles.title}>答题分析{params.get('title') ? `：${params.get('title')}` : ''}</ScreenTitle>
        <Button icon={<DocumentPdfRegular />} disabled={!rows || !summary || report.busy} onClick={() => rows && summary && void report.saveDocument(() => reportDocument(rows, summary))}>{report.busy ? '生成中...' : '导出PDF报告'}</Button>
        <Button icon={<PrintRegular />} disabled={!rows || !summary || report.busy} onClick={() => rows && summary && void report.print(() => reportDocument(rows, summary))}>打印</Button>
        <Button icon={<ArrowDownloadRegular />} disabled={!rows?.length} onClick={() => void download('exam.analysisDownload', { id: examId })}>导出</Button>
      </header>
      {summary && <Text className={styles.note}>试卷：{variantsText(summary)}</Text>}
      {rows === null ? <Spinner label="加载中..." /> : rows.length === 0 ? <EmptyState /> : (
        <>
          <AnalysisTable rows={rows} scored label="答题分析" />
          <Text className={styles.note}>{analysisLabels.rateNote}</Text>
          <Text className={styles.note}>{analysisLabels.statisticsNote}</Text>
        </>
      )}
    </>
  )
}
