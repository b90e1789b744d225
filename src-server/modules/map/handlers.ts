import type { DomainHandlers } from '../../http/context'

export const mapHandlers = {
  // Read per request so an operator can set MAP_SCRIPT_URL without other configuration; nothing is cached.
  'map.script': async () => ({ scriptUrl: process.env.MAP_SCRIPT_URL?.trim() ?? '' }),
} satisfies DomainHandlers<'map'>
