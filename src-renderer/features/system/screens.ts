import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

/** 系统管理 (spec 001 §2): accounts, roles, the operation log and the SMS settings. */
export const systemScreens: FeatureScreens = {
  screens: {
    'system:admin': lazy(() => import('./AccountPage')),
    'system:role': lazy(() => import('./RolePage')),
    'system:log': lazy(() => import('./LogPage')),
    'system:sms': lazy(() => import('./SmsSettingPage')),
  },
}
