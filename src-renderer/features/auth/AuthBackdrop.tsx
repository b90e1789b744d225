import type { ReactNode } from 'react'
import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import { BuildingGovernmentFilled } from '@fluentui/react-icons'
import { SYSTEM_NAME } from '../../../src-shared/product'
import { brandColor, brandColorDark } from '../../lib/theme'

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXXL,
    padding: `${tokens.spacingVerticalXXL} 0`,
    boxSizing: 'border-box',
    backgroundImage: `linear-gradient(160deg, ${brandColorDark} 0%, ${brandColor} 45%, #E8A33D 140%)`,
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForegroundOnBrand,
    letterSpacing: '2px',
    textShadow: '0 2px 6px rgba(0, 0, 0, 0.25)',
  },
  emblem: { fontSize: '44px', color: '#FFD86B' },
})

/** The pages before sign-in (login, first run): the system's name over the brand gradient, the card below. */
export function AuthBackdrop({ children }: { children: ReactNode }) {
  const styles = useStyles()
  return (
    <main className={styles.root}>
      <div className={styles.heading}>
        <BuildingGovernmentFilled className={styles.emblem} aria-hidden />
        <Text as="h1" size={800} weight="bold">
          {SYSTEM_NAME}
        </Text>
      </div>
      {children}
    </main>
  )
}

/** The card of those pages. */
export const useAuthCardStyles = makeStyles({
  card: {
    width: '400px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
  },
  cardTitle: { textAlign: 'center' },
})

/** The top of a card: its title and, when the last try was refused, why. */
export function AuthCardHeading({ title, refusal }: { title: string; refusal?: string | null }) {
  const card = useAuthCardStyles()
  return (
    <>
      <Text as="h2" size={500} weight="semibold" className={card.cardTitle}>
        {title}
      </Text>
      {refusal && (
        <MessageBar intent="error">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      )}
    </>
  )
}
