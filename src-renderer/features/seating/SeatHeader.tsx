import type { ReactNode } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import { BackToTrainings } from '../signups/TrainingHeader'
import { ScreenTitle } from '../../components/ScreenTitle'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { flexGrow: 1 },
})

/** Back to the training list, which training's hall this is, and what is on the right (the sync state). */
export function SeatHeader({ title, aside }: { title: string; aside?: ReactNode }) {
  const styles = useStyles()
  return (
    <header className={styles.root}>
      <BackToTrainings />
      <ScreenTitle inHeader className={styles.title}>
        {title}
      </ScreenTitle>
      {aside}
    </header>
  )
}
