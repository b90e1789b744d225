import { useState } from 'react'
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowLeftRegular, DocumentSearchRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Participant } from '../../../src-shared/schemas/exam-analysis'
import { call } from '../../lib/bridge'
import { EmptyState } from '../../components/EmptyState'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { useDownload } from '../../components/useDownload'
import { numbered } from '../../components/useResourcePage'
import { GradeDialog } from './GradeDialog'
import { minutesOf } from '../../../src-shared/date-text'
import { ScreenTitle } from '../../components/ScreenTitle'

const useStyles = makeStyles({ header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingBottom: tokens.spacingVerticalL } })

const statusLabels = { WAIT: '待参加', DONE: '已完成', PASS: '已过期' } as const

const columns: Column<Participant & { index: number }>[] = [
  { key: 'index', title: '序号', width: '64px', render: (r) => r.index },
  { key: 'memberName', title: '姓名', width: '110px', render: (r) => r.memberName },
  { key: 'memberTelephone', title: '手机号', width: '130px', render: (r) => r.memberTelephone },
  { key: 'isMakeUp', title: '类别', width: '72px', render: (r) => (r.isMakeUp ? <Badge appearance="tint" color="warning">补考</Badge> : '正考') },
  { key: 'status', title: '状态', width: '84px', render: (r) => statusLabels[r.status] },
  { key: 'startTime', title: '开始时间', width: '150px', render: (r) => (r.startTime ? minutesOf(r.startTime) : '—') },
  { key: 'endTime', title: '交卷时间', width: '150px', render: (r) => (r.endTime ? minutesOf(r.endTime) : '—') },
  { key: 'durations', title: '用时', width: '80px', render: (r) => (r.durations === null ? '—' : `${r.durations}分钟`) },
  { key: 'score', title: '成绩', width: '72px', render: (r) => r.score ?? '—' },
]

/**
 * 参加人员 (/examList/examList?id=&title=, spec 001 §2): the people of an exam or of a
 * questionnaire (`&kind=questionnaire`, no score), status filter, export, and the
 * answers of those who finished.
 */
export default function ParticipantsPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const download = useDownload()
  const [params] = useSearchParams()
  const raw = params.get('id')
  const examId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const questionnaire = params.get('kind') === 'questionnaire'
  const [detail, setDetail] = useState<number | null>(null)
  if (examId === null) return <EmptyState text="考试不存在或无权查看" />
  const shown = questionnaire ? columns.filter((c) => c.key !== 'score' && c.key !== 'isMakeUp') : columns

  return (
    <>
      <header className={styles.header}>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate(-1)}>返回</Button>
        <ScreenTitle inHeader>{questionnaire ? '问卷参加人员' : '考试参加人员'}：{params.get('title') ?? ''}</ScreenTitle>
      </header>
      <ResourceTable
        label="参加人员"
        columns={shown}
        rowKey={(row) => row.id}
        filters={[{ name: 'status', label: '状态', options: Object.entries(statusLabels).map(([value, label]) => ({ value, label })) }]}
        load={async ({ pageNum, pageSize, filters }) =>
          numbered(await call('exam.participants', { examId, pageNum, pageSize, status: filters.status as Participant['status'] | undefined }), pageNum, pageSize)
        }
        toolbar={<Button icon={<ArrowDownloadRegular />} onClick={() => void download('memberExam.download', { examId })}>导出</Button>}
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<DocumentSearchRegular />} disabled={row.status !== 'DONE'} onClick={() => setDetail(row.id)}>
            详情
          </Button>
        )}
      />
      <GradeDialog memberExamId={detail} onClose={() => setDetail(null)} onGraded={() => setDetail(null)} />
    </>
  )
}
