import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { screenById } from '../../src-shared/permissions'
import { fieldTitle, valueLabel } from './logLabels'

const useStyles = makeStyles({
  before: { color: tokens.colorPaletteRedForeground1, wordBreak: 'break-all' },
  after: { color: tokens.colorPaletteGreenForeground1, wordBreak: 'break-all' },
})

type Values = Record<string, unknown> | null

const asValues = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null)

function show(key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  // Menu ids read as the screens' names.
  if (key === 'permissionIdList' && Array.isArray(value)) return value.map((id) => screenById.get(Number(id))?.title ?? String(id)).join('、')
  return typeof value === 'object' ? JSON.stringify(value) : valueLabel(key, String(value))
}

/**
 * A log entry's record before and after, field by field: only the fields that
 * changed (all of them for a record created or deleted).
 */
export function LogChanges({ before, after }: { before: unknown; after: unknown }) {
  const styles = useStyles()
  const old = asValues(before)
  const now = asValues(after)
  if (!old && !now) return <Text>没有记录数据变化</Text>
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])].filter(
    (key) => !old || !now || JSON.stringify(old[key]) !== JSON.stringify(now[key]),
  )
  if (keys.length === 0) return <Text>数据没有变化</Text>
  return (
    <Table size="small" aria-label="数据变化">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>字段</TableHeaderCell>
          <TableHeaderCell>修改前</TableHeaderCell>
          <TableHeaderCell>修改后</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key}>
            <TableCell>{fieldTitle(key)}</TableCell>
            <TableCell className={styles.before}>{old ? show(key, old[key]) : '—'}</TableCell>
            <TableCell className={styles.after}>{now ? show(key, now[key]) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
