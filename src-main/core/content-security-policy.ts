/**
 * The renderer's Content-Security-Policy, the same under both hosts. Scripts only
 * from the app itself; styles inline too because Fluent UI injects its style rules at
 * run time; images also as data:/blob: URIs (captcha, previews of uploads); the
 * renderer talks to nothing but its own origin (the bridge).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
