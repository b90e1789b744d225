import { useEffect, useState } from 'react'
import type { z } from 'zod'
import type { CheckInCodeSchema } from '../../../src-shared/schemas/signup'
import { call } from '../../lib/bridge'

export type CheckInCode = z.infer<typeof CheckInCodeSchema>

const RETRY_MS = 5000

/**
 * The venue's current check-in code while `enabled`, fetched again a moment after the
 * 30-second slot turns (so the server already hands out the next one); a failure is
 * kept as its message and retried.
 */
export function useCheckInCode(trainId: number, enabled = true): { code: CheckInCode | null; failure: string } {
  const [code, setCode] = useState<CheckInCode | null>(null)
  const [failure, setFailure] = useState('')
  useEffect(() => {
    if (!enabled) return
    let current = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      call('checkin.code', { trainId })
        .then((next) => {
          if (!current) return
          setCode(next)
          setFailure('')
          timer = setTimeout(refresh, (Math.max(1, next.expiresInSeconds) + 0.5) * 1000)
        })
        .catch((error: Error) => {
          if (!current) return
          setFailure(error.message)
          timer = setTimeout(refresh, RETRY_MS)
        })
    }
    refresh()
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [trainId, enabled])
  return { code, failure }
}
