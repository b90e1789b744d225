import { useEffect, useRef, useState } from 'react'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowLeftRegular, ArrowUploadRegular, CheckmarkCircleRegular, DismissCircleRegular, DeleteRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import {
  questionResource,
  questionStatusLabels,
  questionTypeLabels,
  typesOfUse,
  type CategoryOption,
  type Question,
  type QuestionTypeValue,
} from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { CrudScreen, type CrudScreenHandle } from '../../components/crud/CrudScreen'
import type { Column, RowKey } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { useDownloadTask } from '../../components/useDownloadTask'
import { QuestionDialog } from './QuestionDialog'
import { QuestionImportDialog } from './QuestionImportDialog'
import { ReviewDialog } from './ReviewDialog'
import { bankPaths, useUseType } from './useType'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
})

const statusColor = { 0: 'warning', 1: 'success', [-1]: 'danger' } as const

const columns: Column<Question>[] = [
  { key: 'title', title: '题目名称', render: (row) => row.title },
  { key: 'categoryName', title: '类别名称', width: '140px', render: (row) => row.categoryName },
  { key: 'type', title: '题型', width: '90px', render: (row) => questionTypeLabels[row.type as QuestionTypeValue] ?? row.type },
  { key: 'createTime', title: '创建时间', width: '150px', render: (row) => minutesOf(row.createTime) },
  {
    key: 'status',
    title: '审核状态',
    width: '100px',
    render: (row) => (
      <Badge appearance="tint" color={statusColor[row.status as 0 | 1 | -1] ?? 'informative'}>
        {questionStatusLabels[row.status] ?? row.status}
      </Badge>
    ),
  },
]

/**
 * 题库 (spec 001 §2): filters title, type, category and review state; a selection kept
 * across pages for 批量审核 and 批量删除; review, edit and delete per row; import and
 * export; back to the category list of the same use.
 */
export default function QuestionBankPage() {
  const styles = useStyles()
  const useType = useUseType()
  const navigate = useNavigate()
  const notify = useNotify()
  const exporter = useDownloadTask()
  const screen = useRef<CrudScreenHandle>(null)
  const [params] = useSearchParams()
  const fromCategory = params.get('categoryId') ? Number(params.get('categoryId')) : null
  const [categories, setCategories] = useState<CategoryOption[]>([])
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set())
  const [reviewing, setReviewing] = useState<Question | null>(null)
  const [importing, setImporting] = useState(false)

  useEffect(() => {
    call('questionCategory.all', { useType }).then(setCategories, (error: unknown) => notify.error(error))
  }, [useType, notify])

  const categoryName = categories.find((c) => c.id === fromCategory)?.name
  // The category the page was opened for, until the user picks another.
  const fixed = { useType, ...(fromCategory ? { categoryId: fromCategory } : {}) }
  const reload = () => screen.current?.reload()
  const count = selected.size > 0 ? `（${selected.size}）` : ''

  const removeSelected = () =>
    selected.size === 0 ? notify.warning('未选中任何行') : void screen.current?.remove([...selected].map(Number), `确定要删除选中的 ${selected.size} 道题目吗?`)
  // 批量审核: the selection (kept across pages) approved or rejected in one request.
  const reviewSelected = async (status: 1 | -1) => {
    if (selected.size === 0) return notify.warning('未选中任何行')
    try {
      const { updated } = await call('question.auditMany', { ids: [...selected].map(Number), status })
      notify.success(`已${status === 1 ? '审核通过' : '驳回'} ${updated} 道题目`)
      setSelected(new Set())
      reload()
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <>
      <CrudScreen
        key={`${useType}-${fromCategory ?? ''}`}
        ref={screen}
        resource={questionResource}
        notice={
          <div className={styles.header}>
            <Button icon={<ArrowLeftRegular />} onClick={() => navigate(bankPaths[useType].categories)}>
              返回
            </Button>
            {categoryName && <Text>当前类别：{categoryName}</Text>}
          </div>
        }
        label="题目列表"
        columns={columns}
        fixed={fixed}
        filterOptions={{
          type: typesOfUse(useType).map((t) => ({ value: String(t), label: questionTypeLabels[t] })),
          categoryId: categories.map((c) => ({ value: String(c.id), label: c.name })),
        }}
        selection={{ selected, onChange: setSelected }}
        deleteInput={(ids) => ({ ids: ids.join(',') })}
        dialog={({ editing, close, saved }) => (
          <QuestionDialog question={editing} useType={useType} categoryId={fromCategory} onClose={close} onSaved={saved} />
        )}
        toolbar={(filters) => (
          <>
            <Button icon={<CheckmarkCircleRegular />} onClick={() => void reviewSelected(1)}>
              审核通过{count}
            </Button>
            <Button icon={<DismissCircleRegular />} onClick={() => void reviewSelected(-1)}>
              驳回{count}
            </Button>
            <Button icon={<DeleteRegular />} onClick={removeSelected}>
              批量删除{count}
            </Button>
            <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
              导入
            </Button>
            <Button icon={<ArrowDownloadRegular />} disabled={exporter.busy} onClick={() => void exporter.run('question.export', { ...fixed, ...filters })}>
              导出
            </Button>
          </>
        )}
        actionsWidth="220px"
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<CheckmarkCircleRegular />} onClick={() => setReviewing(row)}>
            审核
          </Button>
        )}
      />
      <ReviewDialog question={reviewing} onClose={() => setReviewing(null)} onReviewed={reload} />
      <QuestionImportDialog open={importing} useType={useType} onClose={() => setImporting(false)} onImported={reload} />
    </>
  )
}
