import { permissionTree, type ModuleNode, type ScreenNode } from '../../src-shared/permissions'
import { screens } from './screens'

export interface NavModule {
  key: string
  title: string
  screens: readonly ScreenNode[]
}

/** The modules and screens an account may open in this build, in the tree's order. */
export function navModules(permissions: readonly string[]): NavModule[] {
  const granted = new Set(permissions)
  return (permissionTree as readonly ModuleNode[])
    .map((module) => ({
      key: module.key,
      title: module.title,
      screens: module.children.filter((screen) => granted.has(screen.key) && screen.key in screens),
    }))
    .filter((module) => module.screens.length > 0)
}
