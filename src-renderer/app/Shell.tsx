import { Suspense } from 'react'
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { BuildingGovernmentFilled, PersonRegular, SignOutRegular } from '@fluentui/react-icons'
import { Outlet } from 'react-router-dom'
import { SYSTEM_NAME } from '../../src-shared/product'
import { useUser } from './session'
import { SideNav } from './SideNav'
import { SyncStatus } from './SyncStatus'
import { brandColor, brandColorDark } from './theme'
import { useFindShortcut } from './useFindShortcut'
import { useSignOut } from './useSignOut'

const useStyles = makeStyles({
  root: { height: '100vh', display: 'grid', gridTemplateRows: '56px 1fr', gridTemplateColumns: '260px 1fr' },
  header: {
    gridColumn: '1 / -1',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalXL}`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(90deg, ${brandColorDark}, ${brandColor})`,
  },
  emblem: { fontSize: '28px', color: '#FFD86B' },
  title: { flexGrow: 1, letterSpacing: '1px' },
  account: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  role: {
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'rgba(255, 255, 255, 0.18)',
  },
  signOut: {
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: 'rgba(255, 255, 255, 0.15)' },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: 'rgba(255, 255, 255, 0.25)' },
  },
  nav: { minHeight: 0, overflowY: 'auto' },
  main: {
    minHeight: 0,
    overflowY: 'auto',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
})

/** The frame around every screen: title bar with the account and 退出登录, side navigation, content. */
export function Shell() {
  const styles = useStyles()
  const user = useUser()
  const signOut = useSignOut()
  useFindShortcut()

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <BuildingGovernmentFilled className={styles.emblem} aria-hidden />
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {SYSTEM_NAME}
        </Text>
        <SyncStatus />
        <span className={styles.account}>
          <PersonRegular aria-hidden />
          <Text weight="semibold">{user.name}</Text>
          {user.roleName && (
            <Text size={200} className={styles.role}>
              {user.roleName}
            </Text>
          )}
        </span>
        <Button appearance="transparent" className={styles.signOut} icon={<SignOutRegular />} onClick={signOut}>
          退出登录
        </Button>
      </header>
      <div className={styles.nav}>
        <SideNav />
      </div>
      <main className={styles.main}>
        <Suspense fallback={<Spinner label="正在加载..." />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
