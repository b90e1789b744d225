import type { RequestContext } from './context'

/**
 * Origin members' phones reach this server at, for the links QR codes encode:
 * PUBLIC_URL when configured, else the address the request came in on.
 */
export function publicOriginOf(ctx: Pick<RequestContext, 'options' | 'req'>): string {
  return ctx.options.publicUrl?.replace(/\/+$/, '') ?? `${ctx.req.protocol}://${ctx.req.host}`
}
