import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'
import { QuestionStatus, questionTypeLabels, type CategoryOption, type Question, type QuestionTypeValue } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column, type RowKey } from '../../components/ResourceTable'
import { numbered } from '../../components/useResourcePage'

const useStyles = makeStyles({ surface: { maxWidth: '900px', width: '100%' } })

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
  const styles = useStyles()
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set(initial))
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>选择{questionTypeLabels[type]}（已选 {selected.size} 道）</DialogTitle>
          <DialogContent>
            <ResourceTable<Question & { index: number }, 'title' | 'categoryId'>
              label="可选题目"
              columns={columns}
              rowKey={(row) => row.id}
              selection={{ selected, onChange: setSelected }}
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>取消</Button>
            <Button appearance="primary" onClick={() => onPick([...selected].map(Number))}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
