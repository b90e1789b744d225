import { useEffect, useRef, useState } from 'react'
import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowLeftRegular, CalendarClockRegular, ClipboardTaskRegular, DocumentArrowDownRegular, PeopleTeamRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Exam, MemberExam } from '../../../src-shared/schemas/exam'
import { call } from '../../lib/bridge'
import { EmptyState } from '../../components/EmptyState'
import { ResourceTable, type Column, type ResourceTableHandle, type RowKey } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { useDownload } from '../../components/useDownload'
import { GradeDialog } from './GradeDialog'
import { MarkingDialog } from './MarkingDialog'
import { MakeUpDialog } from './MakeUpDialog'
import { minutesOf } from '../../../src-shared/date-text'
import { ScreenTitle } from '../../components/ScreenTitle'

export const EXAM_LIST_PATH = '/comment/comment'

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingBottom: tokens.spacingVerticalL },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1 },
  meta: { color: tokens.colorNeutralForeground3 },
})

const statusLabels = { WAIT: '待考', DONE: '待阅卷', CHECK: '已阅卷' } as const
const statusColors = { WAIT: 'informative', DONE: 'warning', CHECK: 'success' } as const
/** The filter's words: 待考 also finds those who can no longer sit it (缺考). */
const filterLabels = { ...statusLabels, WAIT: '待考 / 缺考' }

const columns: Column<MemberExam>[] = [
  { key: 'memberName', title: '姓名', width: '110px', render: (r) => r.memberName },
  { key: 'telephone', title: '手机号', width: '130px', render: (r) => r.telephone },
  { key: 'round', title: '类别', width: '80px', render: (r) => (r.isMakeUp ? (r.status === 'WAIT' && !r.absent ? '待补考' : '补考') : '正考') },
  {
    key: 'status', title: '状态', width: '90px',
    render: (r) => (r.absent ? <Badge appearance="tint" color="danger">缺考</Badge> : <Badge appearance="tint" color={statusColors[r.status]}>{statusLabels[r.status]}</Badge>),
  },
  { key: 'attempts', title: '作答次数', width: '84px', render: (r) => r.attempts },
  { key: 'score', title: '成绩', width: '100px', render: (r) => (r.score === null ? '—' : `${r.score} / ${r.paper.totalScore ?? '—'}`) },
  { key: 'passed', title: '是否及格', width: '84px', render: (r) => (r.passed === null ? '—' : r.passed ? '及格' : <Text style={{ color: tokens.colorPaletteRedForeground1 }}>不及格</Text>) },
]

/** 成绩列表 (/comment/scoring?examId=, spec 001 §2): candidates, marking, make-up, exports. */
export default function ScoreListPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const download = useDownload()
  const [params] = useSearchParams()
  const raw = params.get('examId')
  const examId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const table = useRef<ResourceTableHandle>(null)
  const [exam, setExam] = useState<Exam | null>(null)
  const [failed, setFailed] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set())
  const [grading, setGrading] = useState<number | null>(null)
  const [makeUp, setMakeUp] = useState<number[] | null>(null)
  const [markingByQuestion, setMarkingByQuestion] = useState(false)

  useEffect(() => {
    if (examId === null) return
    call('exam.get', { id: examId }).then(setExam, (error: unknown) => {
      setFailed(true)
      notify.error(error)
    })
  }, [examId, notify])

  if (examId === null || failed) return <EmptyState text="考试不存在或无权查看" />
  if (!exam) return <Spinner label="加载中..." />

  const openMakeUp = () => {
    if (selected.size === 0) return notify.warning('未选中任何行')
    setMakeUp([...selected].map(Number))
  }
  const selectFailedAndAbsent = async () => {
    try {
      const { failed: f, absent } = await call('memberExam.makeUpCandidates', { examId })
      if (f.length + absent.length === 0) return notify.warning('没有未及格或缺考的考生')
      setSelected(new Set([...f, ...absent]))
      notify.success(`已选中未及格 ${f.length} 人、缺考 ${absent.length} 人`)
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <>
      <header className={styles.header}>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate(EXAM_LIST_PATH)}>返回</Button>
        <div className={styles.titles}>
          <ScreenTitle inHeader>成绩列表：{exam.title}</ScreenTitle>
          <Text size={200} className={styles.meta}>
            {exam.trainName} · {minutesOf(exam.startTime)} 至 {minutesOf(exam.endTime)} · 及格线 {exam.passLine} · {exam.scorePolicy === 'latest' ? '取最后一次成绩' : '取最高成绩'}
          </Text>
        </div>
      </header>
      <ResourceTable
        ref={table}
        label="考生成绩"
        columns={columns}
        rowKey={(row) => row.id}
        selection={{ selected, onChange: setSelected }}
        filters={[
          { name: 'name', label: '姓名' },
          { name: 'status', label: '状态', options: Object.entries(filterLabels).map(([value, label]) => ({ value, label })) },
        ]}
        load={({ pageNum, pageSize, filters }) =>
          call('memberExam.list', { examId, pageNum, pageSize, name: filters.name, status: filters.status as MemberExam['status'] | undefined })
        }
        toolbar={
          <>
            <Button icon={<TaskListSquareLtrRegular />} onClick={() => setMarkingByQuestion(true)}>按题阅卷</Button>
            <Button icon={<PeopleTeamRegular />} onClick={() => void selectFailedAndAbsent()}>选中未及格和缺考</Button>
            <Button appearance="primary" icon={<CalendarClockRegular />} onClick={openMakeUp}>设定补考{selected.size ? `（${selected.size}）` : ''}</Button>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void download('memberExam.downloadScoreList', { examId })}>导出成绩</Button>
          </>
        }
        actionsWidth="200px"
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<ClipboardTaskRegular />} disabled={row.status === 'WAIT' && row.attempts === 0} onClick={() => setGrading(row.id)}>
              {row.status === 'DONE' ? '阅卷' : '查看'}
            </Button>
            <Button size="small" appearance="subtle" icon={<DocumentArrowDownRegular />} disabled={row.attempts === 0} onClick={() => void download('memberExam.downloadAnswerDetail', { id: row.id })}>
              导出试卷
            </Button>
          </>
        )}
      />
      {markingByQuestion && (
        <MarkingDialog
          examId={examId}
          onClose={() => {
            setMarkingByQuestion(false)
            table.current?.reload()
          }}
        />
      )}
      <GradeDialog memberExamId={grading} onClose={() => setGrading(null)} onGraded={() => table.current?.reload()} />
      <MakeUpDialog
        examId={examId}
        examEnd={exam.endTime}
        rows={makeUp}
        onClose={() => setMakeUp(null)}
        onSet={() => {
          setSelected(new Set())
          table.current?.reload()
        }}
      />
    </>
  )
}
