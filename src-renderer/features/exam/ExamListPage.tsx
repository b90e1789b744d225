import { useRef, useState } from 'react'
import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { AddRegular, ChartMultipleRegular, LockClosedRegular, ClipboardTaskRegular, DeleteRegular, EditRegular, MoreHorizontalRegular, PeopleRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { ExamStatus, examStatusLabels, type Exam } from '../../../src-shared/schemas/exam'
import { call } from '../../lib/bridge'
import { useConfirm } from '../../components/confirm'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { numbered } from '../../components/useResourcePage'
import { ExamDialog } from './ExamDialog'
import { minutesOf } from '../../../src-shared/date-text'

const statusColor = { 0: 'informative', 1: 'success', 2: 'subtle', 3: 'danger' } as const

const columns: Column<Exam & { index: number }>[] = [
  { key: 'index', title: '序号', width: '56px', render: (r) => r.index },
  { key: 'title', title: '考试名称', render: (r) => r.title },
  { key: 'trainName', title: '关联培训', render: (r) => r.trainName },
  { key: 'time', title: '考试时间', width: '136px', wrap: true, render: (r) => <>{minutesOf(r.startTime)}<br />{minutesOf(r.endTime)}</> },
  { key: 'countdown', title: '时长', width: '72px', render: (r) => `${r.countdown}分钟` },
  { key: 'passLine', title: '及格线', width: '64px', render: (r) => r.passLine },
  { key: 'candidates', title: '考生', width: '56px', render: (r) => r.candidates },
  {
    key: 'status', title: '状态', width: '76px',
    render: (r) => <Badge appearance="tint" color={statusColor[r.status as keyof typeof statusColor] ?? 'danger'}>{examStatusLabels[r.status] ?? '已关闭'}</Badge>,
  },
]

/** 考试管理 (/comment/comment, spec 001 §2): filter by title, add, edit, mark, delete. */
export default function ExamListPage() {
  const table = useRef<ResourceTableHandle>(null)
  const navigate = useNavigate()
  const confirm = useConfirm()
  const confirmedDelete = useConfirmedDelete()
  const notify = useNotify()
  const [dialog, setDialog] = useState<{ exam: Exam | null } | null>(null)

  // A started exam's dialog says what the edit will do to its attempts (ExamDialog).
  const edit = (exam: Exam) => call('exam.get', { id: exam.id }).then((current) => setDialog({ exam: current }), (error: unknown) => notify.error(error))
  const close = async (exam: Exam) => {
    if (!(await confirm({ message: `关闭后考生不能再作答，正在作答的考生按已保存的答案系统交卷。确定要关闭考试「${exam.title}」吗?`, cancelledText: '已取消' }))) return
    try {
      await call('exam.close', { id: exam.id })
      notify.success(toastMessages.done)
      table.current?.reload()
    } catch (error) {
      notify.error(error)
    }
  }
  const remove = (exam: Exam) =>
    confirmedDelete(`确定要删除考试「${exam.title}」吗?`, () => call('exam.delete', { id: exam.id }), () => table.current?.reload(), { table: 'exam', ids: [exam.id] })

  return (
    <>
      <ResourceTable
        ref={table}
        label="考试列表"
        columns={columns}
        rowKey={(row) => row.id}
        filters={[{ name: 'title', label: '考试名称' }]}
        load={async ({ pageNum, pageSize, filters }) => numbered(await call('exam.list', { pageNum, pageSize, title: filters.title }), pageNum, pageSize)}
        toolbar={<Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ exam: null })}>添加</Button>}
        // Six buttons in a row pushed the table past a 1440px window; the less frequent three are under 更多.
        actionsWidth="240px"
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => void edit(row)}>编辑</Button>
            <Button size="small" appearance="subtle" icon={<ClipboardTaskRegular />} onClick={() => navigate(`/comment/scoring?examId=${row.id}`)}>阅卷</Button>
            <Button size="small" appearance="subtle" icon={<PeopleRegular />} onClick={() => navigate(`/examList/examList?id=${row.id}&title=${encodeURIComponent(row.title)}`)}>考生</Button>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`更多操作：${row.title}`} title="更多操作" />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem icon={<ChartMultipleRegular />} onClick={() => navigate(`/examAnalysis/examAnalysis?id=${row.id}&title=${encodeURIComponent(row.title)}`)}>分析</MenuItem>
                  <MenuItem icon={<LockClosedRegular />} disabled={row.status >= ExamStatus.ENDED} onClick={() => void close(row)}>关闭</MenuItem>
                  <MenuItem icon={<DeleteRegular />} onClick={() => void remove(row)}>删除</MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          </>
        )}
      />
      <ExamDialog open={dialog !== null} exam={dialog?.exam ?? null} onClose={() => setDialog(null)} onSaved={() => table.current?.reload()} />
    </>
  )
}
