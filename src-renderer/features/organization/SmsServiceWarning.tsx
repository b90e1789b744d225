import { useEffect, useState } from 'react'
import { Link, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { screenByKey } from '../../../src-shared/permissions'
import type { SmsStatus } from '../../../src-shared/schemas/sms'
import { call } from '../../lib/bridge'

/** Whether SMS will go out, read when `active` becomes true (a dialog opening, a screen shown). */
export function useSmsStatus(active = true): SmsStatus | null {
  const [status, setStatus] = useState<SmsStatus | null>(null)
  useEffect(() => {
    if (active) call('sms.status').then(setStatus, () => setStatus(null))
  }, [active])
  return status
}

/**
 * Said before anything is sent when no SMS provider is configured: the messages would be
 * recorded as 未发送, nobody would be told. Those who may configure it get a link to 短信设置.
 */
export function SmsServiceWarning({ status, onLeave }: { status: SmsStatus | null; onLeave?(): void }) {
  if (!status || status.configured) return null
  const settings = screenByKey.get('system:sms')?.path ?? '/'
  return (
    <MessageBar intent="warning" role="alert">
      <MessageBarBody>
        未配置短信服务，短信不会发出（发送记录将显示“未发送”）。
        {status.canConfigure ? (
          // The hash router's address: a real link, and the dialog it sits in closes as it goes.
          <Link href={`#${settings}`} onClick={onLeave}>
            去短信设置
          </Link>
        ) : (
          '请联系省级管理员在“系统管理 → 短信设置”中配置。'
        )}
      </MessageBarBody>
    </MessageBar>
  )
}
