import type { Handlers } from '../http/context'
import { authHandlers } from './auth/handlers'
import { examHandlers } from './exam/handlers'
import { fileHandlers } from './files/handlers'
import { mapHandlers } from './map/handlers'
import { memberHandlers } from './member/handlers'
import { orgHandlers } from './org/handlers'
import { seatingHandlers } from './seating/handlers'
import { paperHandlers } from './paper/handlers'
import { questionHandlers } from './question/handlers'
import { signUpHandlers } from './signup/handlers'
import { statisticsHandlers } from './statistics/handlers'
import { trainingHandlers } from './training/handlers'
import { systemHandlers } from './system/handlers'
import { contentHandlers } from './content/handlers'
import { courseHandlers } from './course/handlers'
import { smsHandlers, smsSettingHandlers } from './sms/handlers'
import { referenceHandlers } from './references/handlers'
import { phoneHandlers } from './phone/handlers'

/** Every route's handler, one object per domain (`modules/<domain>/handlers.ts`). */
export const handlers = {
  ...authHandlers,
  ...fileHandlers,
  ...orgHandlers,
  ...memberHandlers,
  ...trainingHandlers,
  ...signUpHandlers,
  ...seatingHandlers,
  ...statisticsHandlers,
  ...systemHandlers,
  ...mapHandlers,
  ...examHandlers,
  ...questionHandlers,
  ...paperHandlers,
  ...contentHandlers,
  ...courseHandlers,
  ...smsHandlers,
  ...referenceHandlers,
  ...smsSettingHandlers,
  ...phoneHandlers,
} satisfies Handlers
