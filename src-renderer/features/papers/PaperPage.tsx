import { useRef, useState } from 'react'
import { Button, Tab, TabList } from '@fluentui/react-components'
import { AddRegular, CopyRegular, DeleteRegular, DocumentSearchRegular, EditRegular, LockClosedRegular } from '@fluentui/react-icons'
import type { Paper } from '../../../src-shared/schemas/paper'
import { UseType, type UseTypeValue } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { numbered } from '../../components/useResourcePage'
import { PaperWizard } from './PaperWizard'
import { PreviewDialog } from './PreviewDialog'

const examColumns: Column<Paper & { index: number }>[] = [
  { key: 'index', title: '序号', width: '70px', render: (row) => row.index },
  { key: 'title', title: '试卷名称', width: '220px', render: (row) => row.title },
  { key: 'content', title: '试卷信息', render: (row) => row.content },
  { key: 'questionCount', title: '题数', width: '80px', render: (row) => row.questionCount },
  { key: 'totalScore', title: '总分', width: '80px', render: (row) => row.totalScore },
  { key: 'readOnly', title: '状态', width: '110px', render: (row) => (row.readOnly ? '考试使用中（只读）' : '可编辑') },
]
/** A questionnaire paper has no score: its list leaves the column out and names it 问卷. */
const surveyColumns = examColumns
  .filter((c) => c.key !== 'totalScore')
  .map((c) => (c.key === 'title' ? { ...c, title: '问卷名称' } : c.key === 'content' ? { ...c, title: '问卷信息' } : c))

/**
 * 试卷管理 (spec 001 §2): search by name, add in steps, preview, edit, delete. The type
 * switch shows the questionnaire papers (use type 1, from the questionnaire bank) that
 * 设置问卷 offers. A paper used by an exam is read-only (the server refuses its edits):
 * 查看 shows it with the reason, and 复制为新试卷 makes an editable copy, opened for editing at once.
 */
export default function PaperPage() {
  const [use, setUse] = useState<UseTypeValue>(UseType.EXAM)
  const noun = use === UseType.QUESTIONNAIRE ? '问卷' : '试卷'
  const table = useRef<ResourceTableHandle>(null)
  const confirmedDelete = useConfirmedDelete()
  const [editing, setEditing] = useState<{ paper: Paper | null } | null>(null)
  const [previewing, setPreviewing] = useState<number | null>(null)
  const notify = useNotify()

  const copy = async (id: number) => {
    try {
      const made = await call('paper.copy', { id })
      notify.success(`已复制为新试卷「${made.title}」`)
      table.current?.reload()
      setPreviewing(null)
      setEditing({ paper: made })
    } catch (error) {
      notify.error(error)
    }
  }

  const remove = (paper: Paper) =>
    confirmedDelete(`确定要删除${noun}「${paper.title}」吗?`, () => call('paper.delete', { id: paper.id }), () => table.current?.reload(), {
      table: 'paper',
      ids: [paper.id],
    })

  return (
    <>
      <TabList selectedValue={use} onTabSelect={(_, d) => setUse(d.value as UseTypeValue)} aria-label="试卷类型">
        <Tab value={UseType.EXAM}>考试试卷</Tab>
        <Tab value={UseType.QUESTIONNAIRE}>问卷</Tab>
      </TabList>
      <ResourceTable<Paper & { index: number }, 'title'>
        key={use}
        ref={table}
        label={`${noun}列表`}
        columns={use === UseType.QUESTIONNAIRE ? surveyColumns : examColumns}
        rowKey={(row) => row.id}
        filters={[{ name: 'title', label: `${noun}名称` }]}
        load={async ({ pageNum, pageSize, filters }) => numbered(await call('paper.list', { pageNum, pageSize, title: filters.title, type: use }), pageNum, pageSize)}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ paper: null })}>
            添加
          </Button>
        }
        actionsWidth="360px"
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<DocumentSearchRegular />} onClick={() => setPreviewing(row.id)}>
              预览
            </Button>
            {row.readOnly ? (
              <Button size="small" appearance="subtle" icon={<LockClosedRegular />} title={row.readOnly} onClick={() => setPreviewing(row.id)}>
                查看
              </Button>
            ) : (
              <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ paper: row })}>
                编辑
              </Button>
            )}
            <Button size="small" appearance="subtle" icon={<CopyRegular />} onClick={() => void copy(row.id)}>
              复制为新试卷
            </Button>
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(row)}>
              删除
            </Button>
          </>
        )}
      />
      {editing && <PaperWizard paper={editing.paper} use={use} onClose={() => setEditing(null)} onSaved={() => table.current?.reload()} />}
      {previewing !== null && <PreviewDialog paperId={previewing} onClose={() => setPreviewing(null)} onCopy={() => void copy(previewing)} />}
    </>
  )
}
