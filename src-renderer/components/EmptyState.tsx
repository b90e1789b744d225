import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { DocumentDismissRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} 0`,
    color: tokens.colorNeutralForeground3,
  },
  icon: { fontSize: '40px' },
})

/** What an empty list shows (spec 000 §8: 还没有数据). */
export function EmptyState({ text = '还没有数据' }: { text?: string }) {
  const styles = useStyles()
  return (
    <div className={styles.root} role="status">
      <DocumentDismissRegular className={styles.icon} aria-hidden />
      <Text>{text}</Text>
    </div>
  )
}
