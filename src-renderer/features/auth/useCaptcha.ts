import { useCallback, useEffect, useState } from 'react'
import type { Captcha } from '../../../src-shared/schemas/auth'
import { call } from '../../lib/bridge'

/** The login captcha: fetched when the page opens (or `enabled` becomes true) and again on `reload` (one use, 2 minutes). */
export function useCaptcha(enabled: boolean): { captcha: Captcha | null; failure: string | null; reload(): void } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const reload = useCallback(() => {
    call('auth.captcha').then(
      (next) => {
        setCaptcha(next)
        setFailure(null)
      },
      (error: unknown) => {
        setCaptcha(null)
        setFailure(`验证码加载失败：${error instanceof Error ? error.message : String(error)}`)
      },
    )
  }, [])

  useEffect(() => {
    if (enabled) reload()
  }, [enabled, reload])

  return { captcha, failure, reload }
}
