import type { Handlers } from '../http/context'
import { authHandlers } from './auth/handlers'
import { fileHandlers } from './files/handlers'
import { systemHandlers } from './system/handlers'

/** Every route's handler, one object per domain (`modules/<domain>/handlers.ts`). */
export const handlers = {
  ...authHandlers,
  ...fileHandlers,
  ...systemHandlers,
} satisfies Handlers
