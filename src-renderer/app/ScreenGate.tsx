import type { ComponentType } from 'react'
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import type { ScreenNode } from '../../src-shared/permissions'
import { ScreenTitle } from '../components/ScreenTitle'
import { useUser } from '../components/session'

/**
 * A screen behind its permission. A screen of the navigation is headed by its name here,
 * once for all of them (a page opened from a screen draws its own header: 成绩列表：…).
 * A screen the account's role does not grant is said plainly (the server refuses it anyway).
 */
export function ScreenGate({ screen, component: Screen, titled = false }: { screen: ScreenNode; component: ComponentType; titled?: boolean }) {
  const user = useUser()
  if (user.permissions.includes(screen.key))
    return (
      <>
        {titled && <ScreenTitle>{screen.title}</ScreenTitle>}
        <Screen />
      </>
    )
  return (
    <MessageBar intent="warning">
      <MessageBarBody>
        <MessageBarTitle>没有权限</MessageBarTitle>
        当前角色无权访问「{screen.title}」，如需使用请联系管理员。
      </MessageBarBody>
    </MessageBar>
  )
}
