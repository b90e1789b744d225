import { memo, useCallback, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { seatIndex, type Arrangement } from './arrangement'

const SEAT_W = 64
const SEAT_H = 40

const useStyles = makeStyles({
  scroller: { overflow: 'auto', maxHeight: 'calc(100vh - 320px)', minHeight: '240px', border: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingHorizontalM },
  // As wide as the hall, at least the scroller: a narrow hall is centred, a wide one starts
  // at its first column (centring what overflows would put the first columns out of reach).
  hall: { width: 'max-content', minWidth: '100%' },
  stage: {
    margin: `0 auto ${tokens.spacingVerticalM}`,
    width: '60%',
    minWidth: '200px',
    textAlign: 'center',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.5em',
  },
  grid: { display: 'grid', gap: '4px', justifyContent: 'center' },
  label: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, textAlign: 'center', alignSelf: 'center' },
  group: { width: `${SEAT_W}px` },
  groupIssue: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, textAlign: 'center' },
  seat: {
    width: `${SEAT_W}px`,
    height: `${SEAT_H}px`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
    cursor: 'pointer',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    padding: '0 2px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  filled: { backgroundColor: tokens.colorPaletteGreenBackground2, border: `1px solid ${tokens.colorPaletteGreenBorder2}` },
  picked: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '1px' },
  dropping: { backgroundColor: tokens.colorBrandBackground2Hover },
})

/** Background tints per group number (cycled), so columns of one group read together. */
const groupTints = ['#fff7e6', '#e6f4ff', '#f6ffed', '#fff0f6', '#f9f0ff', '#e6fffb']

export interface SeatGridProps {
  arrangement: Arrangement
  nameOf(id: number): string
  /** The seat whose person is picked up to move, if any. */
  pickedSeat: number | null
  onSeat(index: number): void
  onClear(index: number): void
  /** A drop: a person from the list (`person:id`) or another seat (`seat:index`). */
  onDrop(index: number, payload: string): void
  onGroup(column: number, group: number | null): void
}

interface SeatProps {
  index: number
  label: string
  name: string | null
  tint: string | undefined
  picked: boolean
  focusable: boolean
  onSeat(index: number): void
  onDrop(index: number, payload: string): void
}

/** One seat; memoised so an edit re-renders only the seats it changed (a 1 000-seat hall stays smooth). */
const SeatCell = memo(function SeatCell({ index, label, name, tint, picked, focusable, onSeat, onDrop }: SeatProps) {
  const styles = useStyles()
  const [over, setOver] = useState(false)
  return (
    <button
      type="button"
      role="gridcell"
      data-seat={index}
      tabIndex={focusable ? 0 : -1}
      aria-label={`${label}${name ? `：${name}` : '：空座'}`}
      aria-selected={picked}
      title={name ?? label}
      className={mergeClasses(styles.seat, name !== null && styles.filled, picked && styles.picked, over && styles.dropping)}
      style={name === null && tint ? { backgroundColor: tint } : undefined}
      draggable={name !== null}
      onClick={() => onSeat(index)}
      onDragStart={(e: DragEvent) => e.dataTransfer.setData('text/plain', `seat:${index}`)}
      onDragOver={(e: DragEvent) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault()
        setOver(false)
        onDrop(index, e.dataTransfer.getData('text/plain'))
      }}
    >
      {name ?? ''}
    </button>
  )
})

/**
 * The hall: the stage (主席台) on top, a group field per column, then the seats. One tab
 * stop for the whole grid; the arrow keys move between seats, Enter or Space acts on a
 * seat (place the picked person, pick up a seated one), Delete empties it.
 */
export function SeatGrid({ arrangement: a, nameOf, pickedSeat, onSeat, onClear, onDrop, onGroup }: SeatGridProps) {
  const styles = useStyles()
  const [focus, setFocus] = useState(0)
  // What was typed into a 分组 box that is no group number: kept on screen and said, never
  // silently reduced to its digits; the plan keeps the column's last valid group meanwhile.
  const [badGroups, setBadGroups] = useState<Record<number, string>>({})
  const badColumns = Object.keys(badGroups).map(Number)
  const root = useRef<HTMLDivElement>(null)
  const current = Math.min(focus, a.seats.length - 1)

  const moveFocus = useCallback(
    (index: number) => {
      setFocus(index)
      root.current?.querySelector<HTMLButtonElement>(`[data-seat="${index}"]`)?.focus()
    },
    [],
  )

  const onKeyDown = (e: KeyboardEvent) => {
    const row = Math.floor(current / a.columns)
    const column = current % a.columns
    const to: Record<string, [number, number]> = { ArrowUp: [row - 1, column], ArrowDown: [row + 1, column], ArrowLeft: [row, column - 1], ArrowRight: [row, column + 1] }
    if (e.key in to) {
      e.preventDefault()
      const [r, c] = to[e.key]
      if (r >= 0 && r < a.rows && c >= 0 && c < a.columns) moveFocus(seatIndex(a, r, c))
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault()
      onClear(current)
    }
  }

  const template = `40px repeat(${a.columns}, ${SEAT_W}px)`
  return (
    <div className={styles.scroller}>
      <div className={styles.hall}>
        <div className={styles.stage} aria-label="主席台">主席台</div>
        <div className={styles.grid} style={{ gridTemplateColumns: template }}>
          <span className={styles.label}>分组</span>
          {a.groups.map((g, column) => (
            <Input
              key={column}
              className={styles.group}
              size="small"
              aria-label={`第${column + 1}列分组`}
              placeholder={`${column + 1}列`}
              value={badGroups[column] ?? (g === null ? '' : String(g))}
              aria-invalid={badGroups[column] !== undefined}
              onChange={(_, d) => {
                const text = d.value.trim()
                const valid = /^([1-9]\d{0,2})?$/.test(text)
                setBadGroups(({ [column]: _old, ...rest }) => (valid ? rest : { ...rest, [column]: d.value }))
                if (valid) onGroup(column, text ? Number(text) : null)
              }}
            />
          ))}
          {badColumns.length > 0 && (
            <span role="alert" className={styles.groupIssue}>
              第{badColumns.map((c) => c + 1).join('、')}列分组须为 1–999 的整数
            </span>
          )}
        </div>
        <div
          ref={root}
          role="grid"
          aria-label="座位表"
          aria-rowcount={a.rows}
          aria-colcount={a.columns}
          className={styles.grid}
          style={{ gridTemplateColumns: template, marginTop: '4px' }}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const index = (e.target as HTMLElement).dataset.seat
            if (index !== undefined) setFocus(Number(index))
          }}
        >
          {Array.from({ length: a.rows }, (_, row) => (
            <div key={row} role="row" style={{ display: 'contents' }}>
              <span className={styles.label} role="rowheader">{`${row + 1}排`}</span>
              {Array.from({ length: a.columns }, (_, column) => {
                const index = seatIndex(a, row, column)
                const person = a.seats[index]
                const group = a.groups[column]
                return (
                  <SeatCell
                    key={index}
                    index={index}
                    label={`第${row + 1}排第${column + 1}列`}
                    name={person === null ? null : nameOf(person)}
                    tint={group === null ? undefined : groupTints[(group - 1) % groupTints.length]}
                    picked={pickedSeat === index}
                    focusable={index === current}
                    onSeat={onSeat}
                    onDrop={onDrop}
                  />
                )
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
