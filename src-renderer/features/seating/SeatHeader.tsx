import type { ReactNode } from 'react'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { TRAINING_LIST_PATH } from '../signups/TrainingHeader'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { flexGrow: 1 },
})

/** Back to the training list, which training's hall this is, and what is on the right (the sync state). */
export function SeatHeader({ title, aside }: { title: string; aside?: ReactNode }) {
  const styles = useStyles()
  const navigate = useNavigate()
  return (
    <header className={styles.root}>
      <Button icon={<ArrowLeftRegular />} onClick={() => navigate(TRAINING_LIST_PATH)}>
        返回
      </Button>
      <Text as="h1" size={500} weight="semibold" className={styles.title}>
        {title}
      </Text>
      {aside}
    </header>
  )
}
