import { screenByKey, type PermissionKey } from '../../src-shared/permissions'
import { mergeScreens, type ScreenComponent, type SubPage } from '../lib/screen-registry'
import { contentScreens } from '../features/content/screens'
import { examScreens } from '../features/exam/screens'
import { organizationScreens } from '../features/organization/screens'
import { questionScreens } from '../features/questions/screens'
import { statisticsScreens } from '../features/statistics/screens'
import { systemScreens } from '../features/system/screens'
import { trainingScreens } from '../features/training/screens'

/** Every feature's registration by its folder, in the navigation's order of modules. */
const features = {
  statistics: statisticsScreens,
  training: trainingScreens,
  organization: organizationScreens,
  exam: examScreens,
  questions: questionScreens,
  system: systemScreens,
  content: contentScreens,
}

/**
 * The screens this build implements, by the permission that opens them. Navigation
 * and routes are built from this and the permission tree, so a screen appears only
 * once it exists.
 */
export const screens: Partial<Record<PermissionKey, ScreenComponent>> = mergeScreens(features)

/** Pages opened from a screen rather than from the navigation (see SubPage). */
export const subPages: readonly SubPage[] = Object.values(features).flatMap((f) => f.subPages ?? [])

/** The navigation entry to highlight for an address: a screen's own path, or the screen a sub-page belongs to. */
export function navPathOf(pathname: string): string {
  const sub = subPages.find((page) => page.path === pathname)
  return sub ? (screenByKey.get(sub.screen)?.path ?? pathname) : pathname
}
