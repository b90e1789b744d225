import { Button } from '@fluentui/react-components'
import { DocumentErrorRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { useSignOut } from '../../components/useSignOut'
import { ErrorPage } from './ErrorPage'
import { useCountdown } from './useCountdown'

const TITLE = '抱歉! 当前页面不存在...'

/** /404 and any unknown address (spec 000 §2): a 5-second countdown, then /index. */
export function NotFoundPage() {
  const navigate = useNavigate()
  const left = useCountdown(5, () => navigate('/index', { replace: true }))
  return (
    <ErrorPage
      icon={<DocumentErrorRegular />}
      title={TITLE}
      countdown={`${left} 秒后自动返回首页`}
      actions={
        <Button as="a" href="#/" appearance="primary">
          返回首页
        </Button>
      }
    />
  )
}

/**
 * /401, the spec's other 404 page (spec 000 §2): it ends the session kept on this computer
 * (the core forgets the token) and shows the login page after 5 seconds. An address to send
 * someone to when what they reached needs them to sign in afresh.
 */
export function SignedOutNotFoundPage() {
  const signOut = useSignOut()
  const left = useCountdown(5, () => void signOut())
  return (
    <ErrorPage
      icon={<DocumentErrorRegular />}
      title={TITLE}
      countdown={`${left} 秒后重新登录`}
      actions={
        <Button appearance="primary" onClick={() => void signOut()}>
          重新登录
        </Button>
      }
    />
  )
}
