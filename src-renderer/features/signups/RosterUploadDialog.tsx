import { call } from '../../lib/bridge'
import { ImportDialog } from '../../components/ImportDialog'

/**
 * 导入名单: a training's roster by the one import flow. Each row names a member by
 * 手机号; the dry run lists every row that cannot sign up and why (not found, already
 * signed up, beyond the places left …), then the good rows are imported or none.
 */
export function RosterUploadDialog({ trainId, open, onClose, onImported }: { trainId: number; open: boolean; onClose(): void; onImported(): void }) {
  return (
    <ImportDialog
      open={open}
      title="导入名单"
      unit="人"
      hint="xlsx 或 xls 格式：第 1 行为表头（与“导出名单”相同，至少有“手机号”列），以下每人一行，按手机号对应党员。"
      check={(path) => call('signup.uploadCheck', { trainId, path })}
      commit={(path) => call('signup.upload', { trainId, path })}
      onClose={onClose}
      onImported={onImported}
    />
  )
}
