import { useEffect, useRef, useState } from 'react'
import { Badge, Button, Text } from '@fluentui/react-components'
import {
  AddRegular,
  ArrowDownloadRegular,
  ArrowLeftRegular,
  ArrowUploadRegular,
  CheckmarkCircleRegular,
  DismissCircleRegular,
  DeleteRegular,
  EditRegular,
} from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import {
  questionStatusLabels,
  questionTypeLabels,
  typesOfUse,
  type CategoryOption,
  type Question,
  type QuestionTypeValue,
} from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column, type ResourceTableHandle, type RowKey } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { useDownloadTask } from '../../components/useDownloadTask'
import { numbered } from '../../components/useResourcePage'
import { QuestionDialog } from './QuestionDialog'
import { QuestionImportDialog } from './QuestionImportDialog'
import { ReviewDialog } from './ReviewDialog'
import { bankPaths, useUseType } from './useType'
import { minutesOf } from '../../../src-shared/date-text'

const statusColor = { 0: 'warning', 1: 'success', [-1]: 'danger' } as const

const columns: Column<Question & { index: number }>[] = [
  { key: 'index', title: '序号', width: '70px', render: (row) => row.index },
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

type Filter = 'title' | 'type' | 'categoryId' | 'status'

/**
 * 题库 (spec 001 §2): filters title, type and category; a selection kept across pages
 * for 批量删除; review, edit and delete per row; import and export; back to the
 * category list of the same use.
 */
export default function QuestionBankPage() {
  const useType = useUseType()
  const navigate = useNavigate()
  const notify = useNotify()
  const confirmedDelete = useConfirmedDelete()
  const exporter = useDownloadTask()
  const table = useRef<ResourceTableHandle>(null)
  const [params] = useSearchParams()
  const fromCategory = params.get('categoryId') ? Number(params.get('categoryId')) : null
  const [categories, setCategories] = useState<CategoryOption[]>([])
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set())
  const [filters, setFilters] = useState<Partial<Record<Filter, string>>>({})
  const [editing, setEditing] = useState<{ question: Question | null } | null>(null)
  const [reviewing, setReviewing] = useState<Question | null>(null)
  const [importing, setImporting] = useState(false)

  useEffect(() => {
    call('questionCategory.all', { useType }).then(setCategories, (error: unknown) => notify.error(error))
  }, [useType, notify])

  const categoryName = categories.find((c) => c.id === fromCategory)?.name
  const query = (f: Partial<Record<Filter, string>>) => ({
    useType,
    title: f.title,
    type: f.type ? Number(f.type) : undefined,
    // The category the page was opened for, until the user picks another.
    categoryId: f.categoryId ? Number(f.categoryId) : (fromCategory ?? undefined),
    status: f.status ? Number(f.status) : undefined,
  })

  const afterDelete = () => {
    setSelected(new Set())
    table.current?.reload()
  }
  const removeSelected = async () => {
    if (selected.size === 0) {
      notify.warning('未选中任何行')
      return
    }
    const ids = [...selected].map(Number)
    await confirmedDelete(`确定要删除选中的 ${ids.length} 道题目吗?`, () => call('question.delete', { ids: ids.join(',') }), afterDelete, { table: 'question', ids })
  }
  // 批量审核: the selection (kept across pages) approved or rejected in one request.
  const reviewSelected = async (status: 1 | -1) => {
    if (selected.size === 0) return notify.warning('未选中任何行')
    try {
      const { updated } = await call('question.auditMany', { ids: [...selected].map(Number), status })
      notify.success(`已${status === 1 ? '审核通过' : '驳回'} ${updated} 道题目`)
      setSelected(new Set())
      table.current?.reload()
    } catch (error) {
      notify.error(error)
    }
  }
  const remove = (question: Question) =>
    confirmedDelete('确定要删除当前题目吗?', () => call('question.delete', { ids: String(question.id) }), afterDelete, { table: 'question', ids: [question.id] })

  return (
    <>
      <ResourceTable<Question & { index: number }, Filter>
        key={`${useType}-${fromCategory ?? ''}`}
        ref={table}
        label="题目列表"
        columns={columns}
        rowKey={(row) => row.id}
        selection={{ selected, onChange: setSelected }}
        filters={[
          { name: 'title', label: '题目名称' },
          { name: 'type', label: '题型', options: typesOfUse(useType).map((t) => ({ value: String(t), label: questionTypeLabels[t] })) },
          { name: 'categoryId', label: '类别', options: categories.map((c) => ({ value: String(c.id), label: c.name })) },
          { name: 'status', label: '审核状态', options: Object.entries(questionStatusLabels).map(([value, label]) => ({ value, label })) },
        ]}
        load={async ({ pageNum, pageSize, filters: f }) => {
          setFilters(f)
          return numbered(await call('question.list', { pageNum, pageSize, ...query(f) }), pageNum, pageSize)
        }}
        toolbar={
          <>
            <Button icon={<ArrowLeftRegular />} onClick={() => navigate(bankPaths[useType].categories)}>
              返回
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ question: null })}>
              添加
            </Button>
            <Button icon={<CheckmarkCircleRegular />} onClick={() => void reviewSelected(1)}>
              审核通过{selected.size > 0 ? `（${selected.size}）` : ''}
            </Button>
            <Button icon={<DismissCircleRegular />} onClick={() => void reviewSelected(-1)}>
              驳回{selected.size > 0 ? `（${selected.size}）` : ''}
            </Button>
            <Button icon={<DeleteRegular />} onClick={() => void removeSelected()}>
              批量删除{selected.size > 0 ? `（${selected.size}）` : ''}
            </Button>
            <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
              导入
            </Button>
            <Button icon={<ArrowDownloadRegular />} disabled={exporter.busy} onClick={() => void exporter.run('question.export', query(filters))}>
              导出
            </Button>
            {categoryName && <Text>当前类别：{categoryName}</Text>}
          </>
        }
        actionsWidth="220px"
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<CheckmarkCircleRegular />} onClick={() => setReviewing(row)}>
              审核
            </Button>
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ question: row })}>
              编辑
            </Button>
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(row)}>
              删除
            </Button>
          </>
        )}
      />
      {editing && (
        <QuestionDialog
          open
          question={editing.question}
          useType={useType}
          categoryId={fromCategory}
          onClose={() => setEditing(null)}
          onSaved={() => table.current?.reload()}
        />
      )}
      <ReviewDialog question={reviewing} onClose={() => setReviewing(null)} onReviewed={() => table.current?.reload()} />
      <QuestionImportDialog open={importing} useType={useType} onClose={() => setImporting(false)} onImported={() => table.current?.reload()} />
    </>
  )
}
