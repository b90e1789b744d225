/**
 * The renderer's Content-Security-Policy, the same under both hosts. Scripts only
 * from the app itself and the configured map provider; styles inline too because Fluent
 * UI injects its style rules at run time; images also as data:/blob: URIs (captcha,
 * previews of uploads) and the map's tiles; the renderer talks to nothing but its own
 * origin (the bridge) and the map provider.
 */

/** The map provider's sources: its script's origin, plus hosts it loads tiles and data from. */
export interface MapProviderSources {
  /** Origins allowed to run script (the script URL's origin). */
  script: string[]
  /** Origins of the map's pictures (tiles, markers). */
  images: string[]
  /** Origins the map's script calls (geocoding, tile data). */
  connect: string[]
}

export const NO_MAP: MapProviderSources = { script: [], images: [], connect: [] }

/**
 * A source expression a CSP accepts for an origin, or null: https anywhere (a `*.` first
 * label allowed, as map providers spread tiles over numbered hosts), http only on the
 * loopback (a stand-in provider on this machine). Anything else — a path, a quote, a
 * semicolon that would end the directive — is refused rather than widened.
 */
export function cspOrigin(value: string): string | null {
  const text = value.trim()
  const wildcard = /^https:\/\/\*\.([a-z0-9-]+(?:\.[a-z0-9-]+)+)(:\d{1,5})?\/?$/i.exec(text)
  if (wildcard) return `https://*.${wildcard[1].toLowerCase()}${wildcard[2] ?? ''}`
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.username || url.password) return null
  const loopback = /^(127\.\d+\.\d+\.\d+|localhost)$/i.test(url.hostname)
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url.origin
  return null
}

/**
 * The map provider as configured for the console (the same variables the platform server
 * reads): MAP_SCRIPT_URL — its origin may run script, show images and be called — and
 * MAP_EXTRA_HOSTS, a comma-separated list of further origins for images and calls (tile
 * and API hosts). Without MAP_SCRIPT_URL no other site is allowed anything.
 */
export function mapProviderFromEnv(env: NodeJS.ProcessEnv): MapProviderSources {
  const script = cspOrigin(env.MAP_SCRIPT_URL ?? '')
  if (!script) return NO_MAP
  const extra = (env.MAP_EXTRA_HOSTS ?? '')
    .split(',')
    .map(cspOrigin)
    .filter((o): o is string => o !== null)
  const all = [...new Set([script, ...extra])]
  return { script: [script], images: all, connect: all }
}

const list = (base: string, extra: readonly string[]) => [base, ...extra].join(' ')

export function contentSecurityPolicy(map: MapProviderSources = NO_MAP): string {
  return [
    "default-src 'self'",
    list("script-src 'self'", map.script),
    "style-src 'self' 'unsafe-inline'",
    list("img-src 'self' data: blob:", map.images),
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    list("connect-src 'self'", map.connect),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
