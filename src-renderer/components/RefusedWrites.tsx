import { useEffect, useState } from 'react'
import { Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens, Tooltip } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import type { RefusedWrite } from '../../src-shared/schemas/sync'
import { call } from '../lib/bridge'
import { ViewDialog } from './ViewDialog'

const useStyles = makeStyles({
  note: { display: 'block', marginBottom: tokens.spacingVerticalM },
  reason: { color: tokens.colorPaletteRedForeground1 },
})

const kindText: Record<RefusedWrite['kind'], string> = { checkIn: '签到', seatSave: '座位编排' }

/** What the clerk did, in their words: 签到：张三, or the seat plan of the training. */
const whatText = (r: RefusedWrite) => (r.kind === 'checkIn' ? `签到：${r.person ?? '（姓名未知）'}` : '保存座位编排')

/**
 * The title bar's list of queued writes the server refused for good (a check-in whose
 * sign-up was cancelled meanwhile, a seat save of a deleted training): each with the
 * server's reason, until the clerk has read it and dismisses it. Nothing refused goes
 * unsaid.
 */
export function RefusedWrites({ count }: { count: number }) {
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<RefusedWrite[]>([])
  // The list follows the count: a refusal arriving while the dialog is open shows at once (the last one dismissed, the title bar drops this button).
  useEffect(() => {
    if (open) void call('sync.refused').then(setItems, () => undefined)
  }, [open, count])

  const dismiss = async (item: RefusedWrite) => {
    await call('sync.dismiss', { kind: item.kind, seq: item.seq })
    setItems((now) => now.filter((i) => i !== item))
  }

  return (
    <>
      <Tooltip content="离线时记录的操作未被服务器接受，点击查看原因" relationship="description">
        <Button size="small" appearance="secondary" icon={<ErrorCircleRegular />} onClick={() => setOpen(true)}>
          {`${count} 项未被服务器接受`}
        </Button>
      </Tooltip>
      <ViewDialog open={open} title="未被服务器接受的离线操作" width="wide" onClose={() => setOpen(false)}>
        <Text className={styles.note}>以下操作是离线时记录的，联网同步时服务器没有接受，因此没有生效。请按原因核对处理；点“知道了”从列表中移除。</Text>
        <Table aria-label="未被服务器接受的操作" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: '90px' }}>类型</TableHeaderCell>
              <TableHeaderCell>培训班</TableHeaderCell>
              <TableHeaderCell>操作</TableHeaderCell>
              <TableHeaderCell style={{ width: '140px' }}>记录时间</TableHeaderCell>
              <TableHeaderCell>未接受原因</TableHeaderCell>
              <TableHeaderCell style={{ width: '90px' }} />
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={`${item.kind}-${item.seq}`}>
                <TableCell>{kindText[item.kind]}</TableCell>
                <TableCell>{item.trainName ?? `培训班（编号 ${item.trainId}）`}</TableCell>
                <TableCell>{whatText(item)}</TableCell>
                <TableCell>{item.madeAt}</TableCell>
                <TableCell className={styles.reason}>{item.message}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => void dismiss(item)}>
                    知道了
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ViewDialog>
    </>
  )
}
