import type { ComponentType } from 'react'
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import type { ScreenNode } from '../../src-shared/permissions'
import { useUser } from '../components/session'

/** A screen the account's role does not grant: said plainly inside the shell (the server refuses it anyway). */
export function ScreenGate({ screen, component: Screen }: { screen: ScreenNode; component: ComponentType }) {
  const user = useUser()
  if (user.permissions.includes(screen.key)) return <Screen />
  return (
    <MessageBar intent="warning">
      <MessageBarBody>
        <MessageBarTitle>没有权限</MessageBarTitle>
        当前角色无权访问「{screen.title}」，如需使用请联系管理员。
      </MessageBarBody>
    </MessageBar>
  )
}
