import { makeStyles, Spinner } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: { height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' },
})

/** Shown while the core says who is signed in, and while a screen's code loads. */
export function Splash() {
  const styles = useStyles()
  return (
    <div className={styles.root}>
      <Spinner label="正在加载..." />
    </div>
  )
}
