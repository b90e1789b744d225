import { Button } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import { ErrorPage } from './ErrorPage'

/**
 * A page that failed while drawing (the router's error element): said in Chinese instead
 * of the router's own English page. Typed work of a form with a draft is offered back
 * after the reload.
 */
export function CrashPage() {
  return (
    <ErrorPage
      icon={<ErrorCircleRegular />}
      title="抱歉，页面出现错误"
      countdown="请重新加载页面；表单中已输入的内容会作为草稿提供恢复。"
      actions={
        <Button appearance="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  )
}
