import type { ReactNode } from 'react'
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { screenByKey, type PermissionKey } from '../../../src-shared/permissions'
import { useUser } from '../../components/session'

export interface SummaryCard {
  title: string
  /** Null: not known in this build (shown as —). */
  value: number | null
  unit: string
  icon: ReactNode
  /** The screen the card opens. */
  screen: PermissionKey
}

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL },
  icon: {
    fontSize: '32px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusCircular,
    padding: tokens.spacingHorizontalM,
    display: 'flex',
  },
  text: { display: 'flex', flexDirection: 'column' },
  label: { color: tokens.colorNeutralForeground3 },
})

/**
 * The figures at the top of the dashboard and the statistics page. A card opens its
 * screen when the account's role grants it; otherwise it only shows the figure (a link
 * to a refusal would be a dead end). Every screen a card names exists (the app's
 * screen table is checked against the permission tree in tests/unit/layers.test.ts).
 */
export function SummaryCards({ cards }: { cards: readonly SummaryCard[] }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const { permissions } = useUser()
  return (
    <div className={styles.grid}>
      {cards.map((card) => {
        const path = screenByKey.get(card.screen)?.path
        const opens = path !== undefined && permissions.includes(card.screen)
        return (
          <Card
            key={card.title}
            className={styles.card}
            aria-label={card.title}
            onClick={opens ? () => navigate(path) : undefined}
            role={opens ? 'link' : 'group'}
          >
            <span className={styles.icon} aria-hidden>
              {card.icon}
            </span>
            <div className={styles.text}>
              <Text className={styles.label}>{card.title}</Text>
              <Text size={700} weight="semibold">
                {card.value === null ? '—' : card.value.toLocaleString('zh-CN')}
                <Text size={300} className={styles.label}>
                  {' '}
                  {card.unit}
                </Text>
              </Text>
            </div>
          </Card>
        )
      })}
    </div>
  )
}
