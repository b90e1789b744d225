import { useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, DocumentSearchRegular, EditRegular } from '@fluentui/react-icons'
import type { Paper } from '../../../src-shared/schemas/paper'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { numbered } from '../../components/useResourcePage'
import { PaperWizard } from './PaperWizard'
import { PreviewDialog } from './PreviewDialog'

const columns: Column<Paper & { index: number }>[] = [
  { key: 'index', title: '序号', width: '70px', render: (row) => row.index },
  { key: 'title', title: '试卷名称', width: '220px', render: (row) => row.title },
  { key: 'content', title: '试卷信息', render: (row) => row.content },
  { key: 'questionCount', title: '题数', width: '80px', render: (row) => row.questionCount },
  { key: 'totalScore', title: '总分', width: '80px', render: (row) => row.totalScore },
]

/** 试卷管理 (spec 001 §2): search by name, add in steps, preview, edit, delete. */
export default function PaperPage() {
  const table = useRef<ResourceTableHandle>(null)
  const confirmedDelete = useConfirmedDelete()
  const [editing, setEditing] = useState<{ paper: Paper | null } | null>(null)
  const [previewing, setPreviewing] = useState<number | null>(null)

  const remove = (paper: Paper) =>
    confirmedDelete(`确定要删除试卷「${paper.title}」吗?`, () => call('paper.delete', { id: paper.id }), () => table.current?.reload(), {
      table: 'paper',
      ids: [paper.id],
    })

  return (
    <>
      <ResourceTable<Paper & { index: number }, 'title'>
        ref={table}
        label="试卷列表"
        columns={columns}
        rowKey={(row) => row.id}
        filters={[{ name: 'title', label: '试卷名称' }]}
        load={async ({ pageNum, pageSize, filters }) => numbered(await call('paper.list', { pageNum, pageSize, title: filters.title }), pageNum, pageSize)}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ paper: null })}>
            添加
          </Button>
        }
        actionsWidth="230px"
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<DocumentSearchRegular />} onClick={() => setPreviewing(row.id)}>
              预览
            </Button>
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ paper: row })}>
              编辑
            </Button>
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(row)}>
              删除
            </Button>
          </>
        )}
      />
      {editing && <PaperWizard paper={editing.paper} onClose={() => setEditing(null)} onSaved={() => table.current?.reload()} />}
      {previewing !== null && <PreviewDialog paperId={previewing} onClose={() => setPreviewing(null)} />}
    </>
  )
}
