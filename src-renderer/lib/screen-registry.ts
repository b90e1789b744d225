import type { ComponentType, LazyExoticComponent } from 'react'
import type { PermissionKey } from '../../src-shared/permissions'

/** A screen's component, loaded when it is first opened. */
export type ScreenComponent = LazyExoticComponent<ComponentType>

/**
 * A page opened from a screen rather than from the navigation (an editor, the people of
 * one training …): it needs the permission of the screen it belongs to, and the
 * navigation shows that screen as the current one while it is open.
 */
export interface SubPage {
  path: string
  /** The screen it belongs to. */
  screen: PermissionKey
  component: ScreenComponent
}

/**
 * What a feature folder registers, in its `screens.ts` (the one way a screen is added):
 * its screens by the permission that opens them, and the pages opened from them.
 */
export interface FeatureScreens {
  screens: Partial<Record<PermissionKey, ScreenComponent>>
  subPages?: readonly SubPage[]
}
