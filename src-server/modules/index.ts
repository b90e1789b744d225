import type { Handlers } from '../http/context'
import { authHandlers } from './auth/handlers'
import { fileHandlers } from './files/handlers'
import { mapHandlers } from './map/handlers'
import { memberHandlers } from './member/handlers'
import { orgHandlers } from './org/handlers'
import { signUpHandlers } from './signup/handlers'
import { trainingHandlers } from './training/handlers'
import { systemHandlers } from './system/handlers'

/** Every route's handler, one object per domain (`modules/<domain>/handlers.ts`). */
export const handlers = {
  ...authHandlers,
  ...fileHandlers,
  ...orgHandlers,
  ...memberHandlers,
  ...trainingHandlers,
  ...signUpHandlers,
  ...systemHandlers,
  ...mapHandlers,
} satisfies Handlers
