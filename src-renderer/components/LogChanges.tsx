import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { screenById } from '../../src-shared/permissions'
import { fieldTitle, valueLabel } from './logLabels'
import { SmallTable, type SmallColumn } from './SmallTable'

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

const fieldColumn: SmallColumn<string> = { key: 'field', title: '字段', render: (key) => fieldTitle(key) }

/** A record created or deleted: its values in one column (新建的值 / 删除前的值), no empty other side. */
function WholeRecord({ values, created }: { values: Record<string, unknown>; created: boolean }) {
  const styles = useStyles()
  const keys = Object.keys(values).filter((key) => values[key] !== null && values[key] !== undefined && values[key] !== '')
  return (
    <>
      <Text weight="semibold">{created ? '新建的记录' : '删除的记录'}</Text>
      <SmallTable
        label={created ? '新建的记录' : '删除的记录'}
        rowKey={(key) => key}
        rows={keys}
        columns={[fieldColumn, { key: 'value', title: created ? '新建的值' : '删除前的值', className: created ? styles.after : styles.before, render: (key) => show(key, values[key]) }]}
      />
    </>
  )
}

/**
 * A log entry's record before and after, field by field: only the fields that changed;
 * a record created shows what it was made with, one deleted what it held.
 */
export function LogChanges({ before, after }: { before: unknown; after: unknown }) {
  const styles = useStyles()
  const old = asValues(before)
  const now = asValues(after)
  if (!old && !now) return <Text>此操作不针对单条记录，没有记录数据变化</Text>
  if (!old || !now) return <WholeRecord values={(old ?? now) as Record<string, unknown>} created={!old} />
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]))
  if (keys.length === 0) return <Text>数据没有变化</Text>
  return (
    <SmallTable
      label="数据变化"
      rowKey={(key) => key}
      rows={keys}
      columns={[
        fieldColumn,
        { key: 'before', title: '修改前', className: styles.before, render: (key) => show(key, old[key]) },
        { key: 'after', title: '修改后', className: styles.after, render: (key) => show(key, now[key]) },
      ]}
    />
  )
}
