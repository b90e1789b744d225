import { useCallback, useEffect, useState } from 'react'
import type { Captcha } from '../../../src-shared/schemas/auth'
import { call } from '../../lib/bridge'

/**
 * The login captcha: fetched when the page opens (or `enabled` becomes true) and again on
 * `reload` (one use, 2 minutes). A failure is said once `beforeFailure` has run (the login
 * page asks the core then whether the server is gone, and draws the offline form instead).
 */
export function useCaptcha(enabled: boolean, beforeFailure: () => Promise<void>): { captcha: Captcha | null; failure: string | null; reload(): void } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const reload = useCallback(() => {
    call('auth.captcha').then(
      (next) => {
        setCaptcha(next)
        setFailure(null)
      },
      (error: unknown) =>
        void beforeFailure().then(() => {
          setCaptcha(null)
          setFailure(`验证码加载失败：${error instanceof Error ? error.message : String(error)}`)
        }),
    )
  }, [beforeFailure])

  useEffect(() => {
    if (enabled) reload()
  }, [enabled, reload])

  return { captcha, failure, reload }
}
