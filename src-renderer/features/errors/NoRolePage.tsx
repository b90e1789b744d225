import { Button } from '@fluentui/react-components'
import { PersonProhibitedRegular, SignOutRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { useSignOut } from '../../app/useSignOut'
import { ErrorPage } from './ErrorPage'
import { useCountdown } from './useCountdown'

/** /403 (spec 000 §2, §6): the account has no operating role; back to / after 5 seconds. */
export function NoRolePage() {
  const navigate = useNavigate()
  const signOut = useSignOut()
  const left = useCountdown(5, () => navigate('/', { replace: true }))
  return (
    <ErrorPage
      icon={<PersonProhibitedRegular />}
      title="当前账号没有操作角色，请联系管理员"
      countdown={`${left} 秒后自动返回首页`}
      actions={
        <Button appearance="primary" icon={<SignOutRegular />} onClick={signOut}>
          退出登录
        </Button>
      }
    />
  )
}
