import type { ReactElement, ReactNode } from 'react'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { brandColor } from '../../lib/theme'

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    maxWidth: '520px',
    padding: `${tokens.spacingVerticalXXXL} 56px`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    textAlign: 'center',
  },
  icon: { fontSize: '72px', color: brandColor },
  countdown: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
})

export interface ErrorPageProps {
  icon: ReactElement<{ className?: string }>
  title: string
  /** The countdown line, e.g. 5 秒后返回首页. */
  countdown: ReactNode
  actions: ReactNode
}

/** The frame of the no-role and not-found pages. */
export function ErrorPage({ icon, title, countdown, actions }: ErrorPageProps) {
  const styles = useStyles()
  return (
    <main className={styles.root}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
        <Text as="h1" size={600} weight="semibold">
          {title}
        </Text>
        <Text className={styles.countdown} role="timer" aria-live="polite">
          {countdown}
        </Text>
        <div className={styles.actions}>{actions}</div>
      </div>
    </main>
  )
}
