import { useState } from 'react'
import {
  makeStyles,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavSubItem,
  NavSubItemGroup,
  tokens,
} from '@fluentui/react-components'
import { useLocation, useNavigate } from 'react-router-dom'
import { moduleIcons } from './moduleIcons'
import { navModules } from './nav'
import { navPathOf } from './screens'
import { useUser } from '../components/session'

const useStyles = makeStyles({
  drawer: { height: '100%', borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  current: {
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorBrandBackground2Hover },
  },
})

/** Modules the account's role grants, each opening to its screens; the current screen is highlighted. */
export function SideNav() {
  const styles = useStyles()
  const user = useUser()
  const navigate = useNavigate()
  const pathname = navPathOf(useLocation().pathname)
  const modules = navModules(user.permissions)
  const activeModule = modules.find((module) => module.screens.some((screen) => screen.path === pathname))?.key
  const [openModules, setOpenModules] = useState<string[]>([])
  // Whenever a screen of a closed module opens (by link, redirect or address), its module opens too.
  const [shownModule, setShownModule] = useState<string | undefined>()
  if (activeModule !== shownModule) {
    setShownModule(activeModule)
    if (activeModule && !openModules.includes(activeModule)) setOpenModules([...openModules, activeModule])
  }

  return (
    <NavDrawer
      className={styles.drawer}
      open
      type="inline"
      aria-label="功能导航"
      selectedValue={pathname}
      selectedCategoryValue={activeModule}
      openCategories={openModules}
      onNavCategoryItemToggle={(_, data) => {
        const key = data.categoryValue
        if (key) setOpenModules((open) => (open.includes(key) ? open.filter((k) => k !== key) : [...open, key]))
      }}
    >
      <NavDrawerBody>
        {modules.map((module) => (
          <NavCategory key={module.key} value={module.key}>
            <NavCategoryItem icon={moduleIcons[module.key]}>{module.title}</NavCategoryItem>
            <NavSubItemGroup>
              {module.screens.map((screen) => (
                <NavSubItem
                  key={screen.key}
                  value={screen.path}
                  href={`#${screen.path}`}
                  // A router navigation (not a bare hash change), so a page with unsaved changes can ask first.
                  onClick={(event) => {
                    event.preventDefault()
                    navigate(screen.path)
                  }}
                  className={screen.path === pathname ? styles.current : undefined}
                  aria-current={screen.path === pathname ? 'page' : undefined}
                >
                  {screen.title}
                </NavSubItem>
              ))}
            </NavSubItemGroup>
          </NavCategory>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  )
}
