import { QuestionStatus, questionTypeLabels, type CategoryOption, type Question, type QuestionTypeValue } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { PickDialog } from '../../components/PickDialog'
import type { Column } from '../../components/ResourceTable'
import { numbered } from '../../components/useResourcePage'

const columns: Column<Question & { index: number }>[] = [
  { key: 'index', title: '序号', width: '70px', render: (row) => row.index },
  { key: 'title', title: '题目名称', render: (row) => row.title },
  { key: 'categoryName', title: '类别', width: '140px', render: (row) => row.categoryName },
]

/** Picks reviewed questions of one type, the selection kept across pages; only reviewed questions enter a paper. */
export function QuestionPicker({
  type,
  useType,
  categories,
  initial,
  onClose,
  onPick,
}: {
  type: QuestionTypeValue
  useType: number
  categories: readonly CategoryOption[]
  initial: readonly number[]
  onClose(): void
  onPick(ids: number[]): void
}) {
  return (
    <PickDialog<Question & { index: number }, 'title' | 'categoryId'>
      title={({ count }) => `选择${questionTypeLabels[type]}（已选 ${count} 道）`}
      initial={initial}
      onClose={onClose}
      onPick={onPick}
      label="可选题目"
      columns={columns}
      rowKey={(row) => row.id}
      filters={[
        { name: 'title', label: '题目名称' },
        { name: 'categoryId', label: '类别', options: categories.map((c) => ({ value: String(c.id), label: c.name })) },
      ]}
      load={async ({ pageNum, pageSize, filters }) =>
        numbered(
          await call('question.list', {
            pageNum,
            pageSize,
            useType,
            type,
            status: QuestionStatus.PASSED,
            title: filters.title,
            categoryId: filters.categoryId ? Number(filters.categoryId) : undefined,
          }),
          pageNum,
          pageSize,
        )
      }
    />
  )
}
