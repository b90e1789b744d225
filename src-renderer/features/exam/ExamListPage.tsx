import { Badge, Button, MenuItem } from '@fluentui/react-components'
import { ChartMultipleRegular, ClipboardTaskRegular, LockClosedRegular, PeopleRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { examResource, ExamStatus, examStatusLabels, type Exam } from '../../../src-shared/schemas/exam'
import { call } from '../../lib/bridge'
import { useConfirm } from '../../components/confirm'
import { CrudScreen } from '../../components/crud/CrudScreen'
import type { Column } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { ExamDialog } from './ExamDialog'
import { minutesOf } from '../../../src-shared/date-text'

const statusColor = { 0: 'informative', 1: 'success', 2: 'subtle', 3: 'danger' } as const

const columns: Column<Exam>[] = [
  { key: 'title', title: '考试名称', render: (r) => r.title },
  { key: 'trainName', title: '关联培训', render: (r) => r.trainName },
  { key: 'time', title: '考试时间', width: '136px', wrap: true, render: (r) => <>{minutesOf(r.startTime)}<br />{minutesOf(r.endTime)}</> },
  { key: 'countdown', title: '时长', width: '60px', render: (r) => `${r.countdown}分钟` },
  { key: 'passLine', title: '及格线', width: '64px', render: (r) => r.passLine },
  { key: 'candidates', title: '考生', width: '56px', render: (r) => r.candidates },
  {
    key: 'status', title: '状态', width: '68px',
    render: (r) => <Badge appearance="tint" color={statusColor[r.status as keyof typeof statusColor] ?? 'danger'}>{examStatusLabels[r.status] ?? '已关闭'}</Badge>,
  },
]

/** 考试管理 (/comment/comment, spec 001 §2): filter by title, add, edit, mark, close, delete. */
export default function ExamListPage() {
  const navigate = useNavigate()
  const confirm = useConfirm()
  const notify = useNotify()

  const close = async (exam: Exam, reload: () => void) => {
    if (!(await confirm({ message: `关闭后考生不能再作答，正在作答的考生按已保存的答案系统交卷。确定要关闭考试「${exam.title}」吗?`, cancelledText: '已取消' }))) return
    try {
      await call('exam.close', { id: exam.id })
      notify.success(toastMessages.done)
      reload()
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <CrudScreen
      resource={examResource}
      label="考试列表"
      columns={columns}
      // A started exam's dialog says what the edit will do to its attempts: it reads the exam afresh.
      loadForEdit={(row) => call('exam.get', { id: row.id })}
      dialog={({ editing, close: closeDialog, saved }) => <ExamDialog exam={editing} onClose={closeDialog} onSaved={saved} />}
      deleteMessage={(exam) => `确定要删除考试「${exam.title}」吗?`}
      // Six buttons in a row pushed the table past a 1440px window, and four past 1366px (it scrolled
      // sideways to reach 更多): 阅卷 and 编辑 stay in the row, the less frequent four are under 更多.
      actionsWidth="180px"
      rowActions={(row) => (
        <Button size="small" appearance="subtle" icon={<ClipboardTaskRegular />} onClick={() => navigate(`/comment/scoring?examId=${row.id}`)}>阅卷</Button>
      )}
      menuActions={(row, reload) => (
        <>
          <MenuItem icon={<PeopleRegular />} onClick={() => navigate(`/examList/examList?id=${row.id}&title=${encodeURIComponent(row.title)}`)}>考生</MenuItem>
          <MenuItem icon={<ChartMultipleRegular />} onClick={() => navigate(`/examAnalysis/examAnalysis?id=${row.id}&title=${encodeURIComponent(row.title)}`)}>分析</MenuItem>
          <MenuItem icon={<LockClosedRegular />} disabled={row.status >= ExamStatus.ENDED} onClick={() => void close(row, reload)}>关闭</MenuItem>
        </>
      )}
      deleteIn="menu"
    />
  )
}
