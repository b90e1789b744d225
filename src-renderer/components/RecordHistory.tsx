import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { HistoryRegular } from '@fluentui/react-icons'
import type { LogEntry } from '../../src-shared/schemas/system'
import { call } from '../lib/bridge'
import { useUser } from './session'
import { EmptyState } from './EmptyState'
import { LogChanges } from './LogChanges'
import { actionTitle } from './logLabels'
import { useNotify } from './toast'
import { ViewDialog } from './ViewDialog'

/** Entries shown at once; older ones are on the operation log screen. */
const HISTORY_SIZE = 50

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxHeight: '60vh', overflowY: 'auto' },
  entry: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
})

export interface HistoryTarget {
  /** Table of the record in the log, e.g. `admin`. */
  table: string
  id: number
  /** What the dialog calls the record, e.g. the account's name. */
  label: string
}

function HistoryList({ entries }: { entries: LogEntry[] }) {
  const styles = useStyles()
  if (entries.length === 0) return <EmptyState />
  return (
    <div className={styles.list}>
      {entries.map((entry) => (
        <section key={entry.id} className={styles.entry} aria-label={`${entry.createTime} ${actionTitle(entry.route)}`}>
          <div className={styles.head}>
            <Text weight="semibold">{actionTitle(entry.route)}</Text>
            <Text className={styles.muted}>{entry.createTime}</Text>
            <Text className={styles.muted}>{entry.adminName ?? '—'}</Text>
            {!entry.ok && <Badge color="danger">失败：{entry.message}</Badge>}
          </div>
          <LogChanges before={entry.before} after={entry.after} />
        </section>
      ))}
    </div>
  )
}

/** The operation log entries of one record, newest first. */
export function RecordHistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose(): void }) {
  const notify = useNotify()
  // Kept with the target they belong to: another record's entries never show, even for a moment.
  const [loaded, setLoaded] = useState<{ target: HistoryTarget; entries: LogEntry[] } | null>(null)
  const entries = loaded && loaded.target === target ? loaded.entries : null

  useEffect(() => {
    if (!target) return
    let live = true
    call('log.list', { recordTable: target.table, recordId: target.id, pageSize: HISTORY_SIZE })
      .then((page) => live && setLoaded({ target, entries: page.records }))
      .catch((error: unknown) => {
        if (!live) return
        notify.error(error)
        setLoaded({ target, entries: [] })
      })
    return () => {
      live = false
    }
  }, [target, notify])

  return (
    <ViewDialog open={target !== null} title={`修改记录：${target?.label ?? ''}`} onClose={onClose}>
      {entries ? <HistoryList entries={entries} /> : <Spinner label="加载中..." />}
    </ViewDialog>
  )
}

/**
 * A "history" row action for any table: `const history = useRecordHistory()`, then
 * `history.button({ table: 'admin', id: row.id, label: row.name })` in the row's
 * actions and `history.dialog` once in the screen. Shown only to accounts that may
 * read the operation log (the server refuses the others anyway).
 */
export function useRecordHistory(): { button(target: HistoryTarget): ReactNode; dialog: ReactNode } {
  const user = useUser()
  const [target, setTarget] = useState<HistoryTarget | null>(null)
  const allowed = user.permissions.includes('system:log')
  const button = useCallback(
    (next: HistoryTarget) =>
      allowed ? (
        <Button size="small" appearance="subtle" icon={<HistoryRegular />} onClick={() => setTarget(next)}>
          记录
        </Button>
      ) : null,
    [allowed],
  )
  return { button, dialog: <RecordHistoryDialog target={target} onClose={() => setTarget(null)} /> }
}
