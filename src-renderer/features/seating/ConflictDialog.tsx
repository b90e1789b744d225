import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens } from '@fluentui/react-components'
import type { SeatConflict, SeatPlan } from '../../../src-shared/schemas/seating'
import { filledCount, fromPlan, mergeWithServer, seatIndex, type Arrangement } from './arrangement'

const useStyles = makeStyles({
  sides: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  mini: { display: 'grid', gap: '2px', overflow: 'auto', maxHeight: '50vh' },
  cell: {
    fontSize: '11px',
    height: '22px',
    lineHeight: '22px',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textAlign: 'center',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  differs: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  departed: { color: tokens.colorPaletteDarkOrangeForeground1 },
})

function Side({ title, a, other, nameOf }: { title: string; a: Arrangement; other: Arrangement; nameOf(id: number): string }) {
  const styles = useStyles()
  return (
    <section className={styles.side} aria-label={title}>
      <Text weight="semibold">{title}</Text>
      <Text size={200}>
        {a.rows} 排 × {a.columns} 列，已安排 {filledCount(a)} 人
      </Text>
      <div className={styles.mini} style={{ gridTemplateColumns: `repeat(${a.columns}, minmax(40px, 1fr))` }}>
        {a.seats.map((person, i) => {
          const row = Math.floor(i / a.columns)
          const column = i % a.columns
          const there = row < other.rows && column < other.columns ? other.seats[seatIndex(other, row, column)] : null
          return (
            <span key={i} className={`${styles.cell} ${there !== person ? styles.differs : ''}`} title={`第${row + 1}排第${column + 1}列`}>
              {person === null ? '' : nameOf(person)}
            </span>
          )
        })}
      </div>
    </section>
  )
}

export type ConflictChoice = 'mine' | 'server' | 'merge'

/** What the dialog is about: the clerk's version, the server's answer, and what the merge needs. */
export interface PlanConflict {
  mine: Arrangement
  server: SeatPlan
  base: SeatConflict['base']
  changes: SeatConflict['changes']
  departed: SeatConflict['departed']
}

const seatText = (row: number, column: number) => `第${row}排第${column}列`
const whoOf = (c: SeatConflict['changes'][number]) => (c.byMe ? '本账号' : c.changedBy || '他人')

/**
 * The sentences the dialog says: whose changes the server holds (the account's own are
 * called its own), which seats both sides changed, and whose sign-up was cancelled and
 * what becomes of their seat.
 */
export function conflictLines(conflict: PlanConflict, nameOf: (id: number) => string) {
  const { merge } = mergeWithServer(conflict, conflict.mine, 'theirs')
  const { changes } = conflict
  const own = changes.length > 0 && changes.every((c) => c.byMe)
  const intro =
    changes.length === 0
      ? '保存前，报名名单已有变化。'
      : own
        ? '保存前，本账号已在别处保存过这份座位编排（不是他人的修改）。'
        : '保存前，服务器上的座位编排已被他人修改。'
  const changeLines = changes.slice(-5).map((c) => {
    const seats = c.seats.slice(0, 6).map(([r, col]) => seatText(r, col)).join('、')
    const more = c.seats.length > 6 ? `等 ${c.seats.length} 个座位` : ''
    const what = [c.seats.length > 0 ? `修改了${seats}${more}` : '', c.grid ? '调整了座位表大小' : ''].filter(Boolean).join('，') || '修改了编排设置'
    return `${whoOf(c)} 于 ${c.changedAt} ${what}`
  })
  const person = (id: number | null) => (id === null ? '空座' : nameOf(id))
  const clashLines = merge.clashes.map((c) => {
    const by = [...changes].reverse().find((ch) => ch.seats.some(([r, col]) => r === c.rowNumber && col === c.columnNumber))
    const when = by ? `（${whoOf(by)} 于 ${by.changedAt} 修改）` : ''
    return `${seatText(c.rowNumber, c.columnNumber)}：我的版本为 ${person(c.mine)}，服务器版本为 ${person(c.theirs)}${when}`
  })
  if (merge.gridClash) clashLines.unshift(`座位表大小：我的版本为 ${conflict.mine.rows} 排 × ${conflict.mine.columns} 列，服务器版本为 ${conflict.server.rowNumber} 排 × ${conflict.server.columnNumber} 列`)
  const departedLines = merge.cancelled.map((c) => {
    const name = conflict.departed.find((d) => d.trainSignUpMemberId === c.trainSignUpMemberId)?.name ?? nameOf(c.trainSignUpMemberId)
    return `${name} 已取消报名，其座位（${seatText(c.rowNumber, c.columnNumber)}）将空出；您的其他调整都会保留。`
  })
  return { intro, changeLines, clashLines, departedLines }
}

/**
 * A save met changes made on the server since its edit began. Seats changed on one side
 * only were merged by the server already; the dialog names who changed what and when,
 * asks only about the seats both sides changed, and names people whose sign-up was
 * cancelled. Both versions stand side by side (differing seats marked).
 */
export function ConflictDialog({ conflict, nameOf, onChoose }: { conflict: PlanConflict; nameOf(id: number): string; onChoose(choice: ConflictChoice | null): void }) {
  const styles = useStyles()
  const lines = conflictLines(conflict, nameOf)
  const server = fromPlan(conflict.server)
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onChoose(null)}>
      <DialogSurface style={{ maxWidth: '1100px', width: '90vw' }}>
        <DialogBody>
          <DialogTitle>座位编排有冲突</DialogTitle>
          <DialogContent>
            <div className={styles.lines}>
              <Text block>{lines.intro}</Text>
              {lines.changeLines.length > 0 && (
                <ul className={styles.list} aria-label="服务器上的修改">
                  {lines.changeLines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              )}
              {lines.clashLines.length > 0 ? (
                <>
                  <Text block weight="semibold">
                    双方都修改了以下座位：
                  </Text>
                  <ul className={styles.list} aria-label="双方都修改的座位">
                    {lines.clashLines.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <Text block>双方修改的是不同的座位，两边的修改都会保留。</Text>
              )}
              {lines.departedLines.map((l) => (
                <Text block key={l} className={styles.departed}>
                  {l}
                </Text>
              ))}
              <Text block size={200}>
                保留我的版本：双方都改过的座位以我的为准，其余座位两边的修改都保留；合并后继续编辑：以服务器版本为准补入我的修改，检查后再保存。
              </Text>
            </div>
            <div className={styles.sides}>
              <Side title="我的版本" a={conflict.mine} other={server} nameOf={nameOf} />
              <Side title="服务器版本" a={server} other={conflict.mine} nameOf={nameOf} />
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => onChoose('mine')}>
              保留我的版本
            </Button>
            <Button onClick={() => onChoose('server')}>使用服务器版本</Button>
            <Button onClick={() => onChoose('merge')}>合并后继续编辑</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
