import { Suspense, useState } from 'react'
import { Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner, Text, tokens } from '@fluentui/react-components'
import { BuildingGovernmentFilled, KeyRegular, PersonRegular, SignOutRegular } from '@fluentui/react-icons'
import { Outlet } from 'react-router-dom'
import { SYSTEM_NAME } from '../../src-shared/product'
import { PasswordDialog } from './PasswordDialog'
import { useUser } from '../components/session'
import { SideNav } from './SideNav'
import { SyncStatus } from '../components/SyncStatus'
import { brandColor, brandColorDark } from '../lib/theme'
import { useFindShortcut } from './useFindShortcut'
import { useSignOut } from '../components/useSignOut'

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
    marginLeft: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'rgba(255, 255, 255, 0.18)',
  },
  headerButton: {
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

/** The frame around every screen: title bar with the account's menu (修改密码) and 退出登录, side navigation, content. */
export function Shell() {
  const styles = useStyles()
  const user = useUser()
  const signOut = useSignOut()
  const [changingPassword, setChangingPassword] = useState(false)
  useFindShortcut()

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <BuildingGovernmentFilled className={styles.emblem} aria-hidden />
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {SYSTEM_NAME}
        </Text>
        <SyncStatus />
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="transparent" className={`${styles.headerButton} ${styles.account}`} icon={<PersonRegular />} aria-label={`账号 ${user.name}`}>
              <Text weight="semibold">{user.name}</Text>
              {user.roleName && (
                <Text size={200} className={styles.role}>
                  {user.roleName}
                </Text>
              )}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<KeyRegular />} onClick={() => setChangingPassword(true)}>
                修改密码
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <PasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
        <Button appearance="transparent" className={styles.headerButton} icon={<SignOutRegular />} onClick={signOut}>
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
