import { Button } from '@fluentui/react-components'
import { DocumentErrorRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { ErrorPage } from './ErrorPage'
import { useCountdown } from './useCountdown'

/** /404 and any unknown address (spec 000 §2): a 5-second countdown, then /index. */
export function NotFoundPage() {
  const navigate = useNavigate()
  const left = useCountdown(5, () => navigate('/index', { replace: true }))
  return (
    <ErrorPage
      icon={<DocumentErrorRegular />}
      title="抱歉! 当前页面不存在..."
      countdown={`${left} 秒后自动返回首页`}
      actions={
        <Button as="a" href="#/" appearance="primary">
          返回首页
        </Button>
      }
    />
  )
}
