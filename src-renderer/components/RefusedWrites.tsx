import { useEffect, useState } from 'react'
import { Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import type { RefusedWrite } from '../../src-shared/schemas/sync'
import { call } from '../lib/bridge'
import { SmallTable } from './SmallTable'
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
  // None until the first answer: the dialog says 还没有数据 only of a list it has read.
  const [items, setItems] = useState<RefusedWrite[] | null>(null)
  // The list follows the count: a refusal arriving while the dialog is open shows at once (the last one dismissed, the title bar drops this button).
  useEffect(() => {
    if (open) void call('sync.refused').then(setItems, () => undefined)
  }, [open, count])

  const dismiss = async (item: RefusedWrite) => {
    await call('sync.dismiss', { kind: item.kind, seq: item.seq })
    setItems((now) => now && now.filter((i) => i !== item))
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
        <SmallTable
          label="未被服务器接受的操作"
          rows={items ?? []}
          empty={items ? undefined : null}
          rowKey={(item) => `${item.kind}-${item.seq}`}
          columns={[
            { key: 'kind', title: '类型', width: '90px', render: (item) => kindText[item.kind] },
            { key: 'train', title: '培训班', render: (item) => item.trainName ?? `培训班（编号 ${item.trainId}）` },
            { key: 'what', title: '操作', render: whatText },
            { key: 'madeAt', title: '记录时间', width: '140px', render: (item) => item.madeAt },
            { key: 'message', title: '未接受原因', className: styles.reason, render: (item) => item.message },
            {
              key: 'dismiss',
              title: '',
              width: '90px',
              render: (item) => (
                <Button size="small" onClick={() => void dismiss(item)}>
                  知道了
                </Button>
              ),
            },
          ]}
        />
      </ViewDialog>
    </>
  )
}
