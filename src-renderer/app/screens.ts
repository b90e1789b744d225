import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PermissionKey } from '../../src-shared/permissions'
import { organizationScreens } from '../features/organization/screens'

/**
 * The screens this build implements, by the permission that opens them. Navigation
 * and routes are built from this and the permission tree, so a screen appears only
 * once it exists. Until the dashboard lands, the welcome page stands at /index.
 */
export const screens: Partial<Record<PermissionKey, LazyExoticComponent<ComponentType>>> = {
  'dashboard:index': lazy(() => import('../features/home/HomePage')),
  ...organizationScreens,
}
