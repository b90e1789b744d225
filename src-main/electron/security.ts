import { app, type Session } from 'electron'
import { contentSecurityPolicy, mapProviderFromEnv } from '../core/content-security-policy'

/** True for the app's own page (any in-page route after `#`). */
export function isAppUrl(url: string | undefined, rendererUrl: string): boolean {
  if (!url) return false
  try {
    const parsed = new URL(url)
    parsed.hash = ''
    return parsed.href === rendererUrl
  } catch {
    return false
  }
}

/**
 * The window shows only the app's own page: its CSP is set as a response header, and
 * every permission (camera, notifications, geolocation …) is refused.
 */
export function hardenSession(session: Session): void {
  // The map provider the console is configured with (MAP_SCRIPT_URL, MAP_EXTRA_HOSTS) may load; no other site.
  const policy = contentSecurityPolicy(mapProviderFromEnv(process.env))
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } })
  })
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}
