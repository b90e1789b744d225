import { call } from '../../lib/bridge'
import { ImportDialog } from '../../components/ImportDialog'
import { useDownloadTask } from '../../components/useDownloadTask'

/** 导入党员 by the one import flow: the template names each member's organisation by name or path. */
export function MemberImportDialog({ open, onClose, onImported }: { open: boolean; onClose(): void; onImported(): void }) {
  const template = useDownloadTask()
  return (
    <ImportDialog
      open={open}
      title="导入党员"
      unit="人"
      hint="xlsx 或 xls 格式，请按模板填写；所属组织可从下拉列表选择，或填写组织名称（同名时填写路径）。"
      template={{ busy: template.busy, download: () => void template.run('member.importTemplate') }}
      check={(path) => call('member.importCheck', { path })}
      commit={(path) => call('member.importCommit', { path })}
      onClose={onClose}
      onImported={onImported}
    />
  )
}
