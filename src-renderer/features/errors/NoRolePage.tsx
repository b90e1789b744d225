import { Button } from '@fluentui/react-components'
import { PersonProhibitedRegular, SignOutRegular } from '@fluentui/react-icons'
import { useSignOut } from '../../components/useSignOut'
import { ErrorPage } from './ErrorPage'
import { useCountdown } from './useCountdown'

/**
 * /403 (spec 000 §2, §6): the account has no operating role. The spec's page goes back to
 * / after 5 seconds, but an account without a role has no home page (/ brings it back
 * here, a loop that never ends): it is signed out to the login page instead.
 */
export function NoRolePage() {
  const signOut = useSignOut()
  const left = useCountdown(5, () => void signOut())
  return (
    <ErrorPage
      icon={<PersonProhibitedRegular />}
      title="当前账号没有操作角色，请联系管理员"
      countdown={`${left} 秒后自动退出登录`}
      actions={
        <Button appearance="primary" icon={<SignOutRegular />} onClick={signOut}>
          退出登录
        </Button>
      }
    />
  )
}
