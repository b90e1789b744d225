import type { RequestContext } from './context'

/**
 * Origin members' phones reach this server at, for the links QR codes encode (and the
 * notice stores): PUBLIC_URL, required in production (startup-checks.ts). Without it
 * (development, the desktop's embedded server) the address this server answered on,
 * read from its own socket: never the Host header, which any caller may write.
 */
export function publicOriginOf(ctx: Pick<RequestContext, 'options' | 'req'>): string {
  if (ctx.options.publicUrl) return ctx.options.publicUrl.replace(/\/+$/, '')
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d.
  const address = (ctx.req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')
  return `http://${address.includes(':') ? `[${address}]` : address}:${ctx.req.socket.localPort}`
}
