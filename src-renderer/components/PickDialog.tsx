import { useState, type ReactNode } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'
import { ResourceTable, type ResourceTableProps, type RowKey } from './ResourceTable'

const useStyles = makeStyles({ surface: { maxWidth: '900px', width: '92vw' } })

/** What a pick dialog's title and toolbar are given: how many are ticked, and a way to untick them all. */
export interface Picked {
  count: number
  clear(): void
}

/**
 * Picks records from a list (发送对象, a paper's questions): the list searched and paged, the
 * ticks kept across pages and searches, handed over only on 确定; 取消 and Esc change nothing.
 */
export function PickDialog<Row, F extends string = never>({
  title,
  initial,
  onClose,
  onPick,
  toolbar,
  ...table
}: Omit<ResourceTableProps<Row, F>, 'selection' | 'toolbar'> & {
  title(picked: Picked): ReactNode
  toolbar?(picked: Picked): ReactNode
  initial: readonly number[]
  onClose(): void
  onPick(ids: number[]): void
}) {
  const styles = useStyles()
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(() => new Set(initial))
  const picked: Picked = { count: selected.size, clear: () => setSelected(new Set()) }
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title(picked)}</DialogTitle>
          <DialogContent>
            <ResourceTable<Row, F> {...table} selection={{ selected, onChange: setSelected }} toolbar={toolbar?.(picked)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>取消</Button>
            <Button appearance="primary" onClick={() => onPick([...selected].map(Number))}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
