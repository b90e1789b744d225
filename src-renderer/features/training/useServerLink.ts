import { useEffect, useState } from 'react'
import { call } from '../../lib/bridge'

/**
 * A link the server gives as a path (`/m/signup?trainId=…`) made absolute on the
 * server the console talks to, so a phone scanning the QR code reaches it. A link
 * that is already absolute (a server with PUBLIC_URL) is kept.
 */
export function useServerLink(link: string): string {
  const [serverUrl, setServerUrl] = useState<string | null>(null)
  const absolute = /^https?:\/\//.test(link)
  useEffect(() => {
    if (absolute || !link) return
    let current = true
    call('app.info')
      .then((info) => current && setServerUrl(info.serverUrl))
      .catch(() => current && setServerUrl(''))
    return () => {
      current = false
    }
  }, [absolute, link])
  if (!link || absolute) return link
  if (serverUrl === null) return ''
  return serverUrl ? new URL(link, serverUrl).toString() : link
}

/** A link to this machine only (the embedded server): a phone scanning it reaches nothing. */
export function isLoopbackLink(link: string): boolean {
  return /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//.test(link)
}
