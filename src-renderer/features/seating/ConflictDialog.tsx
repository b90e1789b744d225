import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens } from '@fluentui/react-components'
import { filledCount, seatIndex, type Arrangement } from './arrangement'

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

/**
 * The plan changed on the server since this edit began: both versions side by side
 * (differing seats marked), and the user decides — nothing is discarded unasked.
 */
export function ConflictDialog({ mine, server, nameOf, onChoose }: { mine: Arrangement; server: Arrangement; nameOf(id: number): string; onChoose(choice: ConflictChoice | null): void }) {
  const styles = useStyles()
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onChoose(null)}>
      <DialogSurface style={{ maxWidth: '1100px', width: '90vw' }}>
        <DialogBody>
          <DialogTitle>座位编排有冲突</DialogTitle>
          <DialogContent>
            <Text block style={{ marginBottom: tokens.spacingVerticalM }}>
              保存前，服务器上的座位编排已被他人修改。请选择保留哪个版本，或合并两者（以服务器版本为准，补入我的版本中服务器未安排的人员）。
            </Text>
            <div className={styles.sides}>
              <Side title="我的版本" a={mine} other={server} nameOf={nameOf} />
              <Side title="服务器版本" a={server} other={mine} nameOf={nameOf} />
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
