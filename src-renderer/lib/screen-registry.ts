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

/**
 * The features' screens in one record. A permission opens one screen: a key that two
 * features register is refused at start-up, naming both, instead of the later feature
 * silently taking it.
 */
export function mergeScreens(features: Readonly<Record<string, FeatureScreens>>): Partial<Record<PermissionKey, ScreenComponent>> {
  const merged: Partial<Record<PermissionKey, ScreenComponent>> = {}
  const owner = new Map<string, string>()
  for (const [feature, { screens }] of Object.entries(features)) {
    for (const [key, component] of Object.entries(screens) as [PermissionKey, ScreenComponent][]) {
      const first = owner.get(key)
      if (first !== undefined) throw new Error(`screen ${key} is registered by two features: ${first} and ${feature}`)
      owner.set(key, feature)
      merged[key] = component
    }
  }
  return merged
}
