import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { CheckmarkRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons'
import { useRef } from 'react'
import type { CommentRow, CourseRow } from '../../../src-shared/schemas/course'
import { call } from '../../lib/bridge'
import { useConfirm } from '../../components/confirm'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { numbered } from '../../components/useResourcePage'
import { ViewDialog } from '../../components/ViewDialog'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  // Stars: grey when unrated, yellow for a middling grade, orange for a high one (spec 001 §2).
  grey: { color: tokens.colorNeutralForeground4 },
  yellow: { color: tokens.colorPaletteYellowForeground1 },
  orange: { color: tokens.colorPaletteDarkOrangeForeground1 },
})

const statusText: Record<number, string> = { 0: '待审核', 1: '已通过', [-1]: '已驳回' }

function Stars({ grade }: { grade: number }) {
  const styles = useStyles()
  const lit = grade >= 4 ? styles.orange : styles.yellow
  return (
    <span aria-label={`${grade} 星`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= grade ? lit : styles.grey}>
          ★
        </span>
      ))}
    </span>
  )
}

/** 评论 of a course: delete (confirmed), pass (no confirmation), reject (confirmed). */
export function CourseComments({ course, onClose }: { course: CourseRow | null; onClose(): void }) {
  const table = useRef<ResourceTableHandle>(null)
  const notify = useNotify()
  const confirm = useConfirm()
  const confirmedDelete = useConfirmedDelete()
  const review = async (comment: CommentRow, status: 1 | -1) => {
    if (status === -1 && !(await confirm({ message: '确定要驳回该评论吗?' }))) return
    try {
      await call('courseComment.review', { id: comment.id, status })
      notify.success(status === 1 ? '已通过!' : '已驳回!')
      table.current?.reload()
    } catch (error) {
      notify.error(error)
    }
  }
  const columns: Column<CommentRow & { index: number }>[] = [
    { key: 'index', title: '序号', width: '60px', render: (row) => row.index },
    { key: 'content', title: '评论内容', wrap: true, render: (row) => row.content },
    { key: 'grade', title: '评分', width: '110px', render: (row) => <Stars grade={row.grade} />, text: (row) => `${row.grade} 星` },
    { key: 'status', title: '状态', width: '80px', render: (row) => statusText[row.status] ?? '' },
    { key: 'createTime', title: '评论时间', width: '160px', render: (row) => minutesOf(row.createTime) },
  ]
  return (
    <ViewDialog open={course !== null} title={`课程评论：${course?.name ?? ''}`} onClose={onClose} width="wide">
      {course && (
        <ResourceTable
          ref={table}
          label="评论列表"
          columns={columns}
          rowKey={(row) => row.id}
          load={async ({ pageNum, pageSize }) => numbered(await call('courseComment.list', { courseId: course.id, pageNum, pageSize }), pageNum, pageSize)}
          actionsWidth="220px"
          rowActions={(row) => (
            <>
              <Button size="small" appearance="subtle" icon={<CheckmarkRegular />} disabled={row.status === 1} onClick={() => void review(row, 1)}>
                通过
              </Button>
              <Button size="small" appearance="subtle" icon={<DismissRegular />} disabled={row.status === -1} onClick={() => void review(row, -1)}>
                驳回
              </Button>
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                onClick={() => void confirmedDelete('确定要删除该评论吗?', () => call('courseComment.delete', { id: row.id }), () => table.current?.reload(), { table: 'course_comment', ids: [row.id] })}
              >
                删除
              </Button>
            </>
          )}
        />
      )}
    </ViewDialog>
  )
}
