import type { SeatListImport } from '../../../src-shared/schemas/seating'
import { call } from '../../lib/bridge'
import { ImportDialog } from '../../components/ImportDialog'

/**
 * 导入名单 of the seat screen by the one import flow: the server reads the list against
 * the grid on screen and answers its bad rows and the arrangement of its good ones;
 * 导入有效行 puts that arrangement on the screen (saved only with 保存).
 */
export function SeatListImportDialog({
  trainId,
  grid,
  open,
  onClose,
  onApply,
}: {
  trainId: number
  grid: { rows: number; columns: number }
  open: boolean
  onClose(): void
  onApply(list: SeatListImport): void
}) {
  return (
    <ImportDialog
      open={open}
      title="导入座位名单"
      unit="人"
      hint="xlsx 或 xls 格式，与“导出名单”相同：按报名编号（或姓名和手机号）对应人员，按排、列入座；都未填写排、列时按行序入座。"
      check={(path) => call('seat.importList', { trainId, path, rowNumber: grid.rows, columnNumber: grid.columns })}
      commit={async (_path, list) => {
        onApply(list)
        return { imported: list.valid, skipped: list.invalid, note: list.message }
      }}
      onClose={onClose}
    />
  )
}
