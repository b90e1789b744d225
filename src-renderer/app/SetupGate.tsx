import { useEffect, useState, type ReactNode } from 'react'
import { FirstRunPage } from '../features/auth/FirstRunPage'
import { useNotify } from '../components/toast'
import { call } from '../lib/bridge'
import { Splash } from '../components/Splash'

/**
 * A production console on a new computer first asks how it works (FirstRunPage);
 * everything else — the session, the login page — starts after that.
 */
export function SetupGate({ children }: { children: ReactNode }) {
  const [needed, setNeeded] = useState<boolean | null>(null)
  const notify = useNotify()

  useEffect(() => {
    let live = true
    call('setup.status').then(
      (status) => live && setNeeded(status.needed),
      (error: unknown) => {
        if (!live) return
        notify.error(error)
        setNeeded(false)
      },
    )
    return () => {
      live = false
    }
  }, [notify])

  if (needed === null) return <Splash />
  if (needed) return <FirstRunPage onDone={() => setNeeded(false)} />
  return children
}
