import type { ReactNode } from 'react'
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  title: { display: 'block', paddingBottom: tokens.spacingVerticalL },
})

/**
 * A page's heading, drawn alike on every page: a screen's name above it (ScreenGate), or
 * a page's own in the header row it shares with 返回 and its buttons (`inHeader`).
 */
export function ScreenTitle({ children, inHeader = false, className }: { children: ReactNode; inHeader?: boolean; className?: string }) {
  const styles = useStyles()
  return (
    <Text as="h1" size={500} weight="semibold" className={mergeClasses(!inHeader && styles.title, className)}>
      {children}
    </Text>
  )
}
