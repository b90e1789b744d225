import type { UseTypeValue } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { ImportDialog } from '../../components/ImportDialog'
import { useDownloadTask } from '../../components/useDownloadTask'

/** 导入题目 by the one import flow; the imported questions await review. */
export function QuestionImportDialog({ open, useType, onClose, onImported }: { open: boolean; useType: UseTypeValue; onClose(): void; onImported(): void }) {
  const template = useDownloadTask()
  return (
    <ImportDialog
      open={open}
      title="导入题目"
      unit="道"
      hint="xlsx 或 xls 格式，请按模板填写；导入的题目为未审核状态。"
      template={{ busy: template.busy, download: () => void template.run('question.importTemplate', { useType }) }}
      check={(path) => call('question.importCheck', { path, useType })}
      commit={(path) => call('question.importCommit', { path, useType })}
      onClose={onClose}
      onImported={onImported}
    />
  )
}
