import { Badge, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components'
import type { SeatPerson } from '../../../src-shared/schemas/seating'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '220px', flexShrink: 0 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    overflowY: 'auto',
    maxHeight: 'calc(100vh - 360px)',
    minHeight: '120px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    border: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    cursor: 'grab',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  selected: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  company: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
})

/** The people not yet seated: click (or Enter) picks one, then a seat takes them; each can be dragged onto a seat. */
export function UnseatedList({ people, picked, onPick }: { people: readonly SeatPerson[]; picked: number | null; onPick(id: number | null): void }) {
  const styles = useStyles()
  return (
    <section className={styles.root} aria-label="未安排座位人员">
      <Text weight="semibold">
        未安排人员 <Badge appearance="tint">{people.length}</Badge>
      </Text>
      <ul className={styles.list}>
        {people.length === 0 && <li className={styles.empty}>全部人员已安排座位</li>}
        {people.map((p) => (
          <li key={p.trainSignUpMemberId}>
            <button
              type="button"
              className={mergeClasses(styles.item, picked === p.trainSignUpMemberId && styles.selected)}
              aria-pressed={picked === p.trainSignUpMemberId}
              draggable
              onDragStart={(e) => e.dataTransfer.setData('text/plain', `person:${p.trainSignUpMemberId}`)}
              onClick={() => onPick(picked === p.trainSignUpMemberId ? null : p.trainSignUpMemberId)}
            >
              {p.name}
              <span className={styles.company}>{p.company ?? p.telephone}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
