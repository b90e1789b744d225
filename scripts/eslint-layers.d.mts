/** Types of scripts/eslint-layers.mjs (the lint configuration is plain JavaScript). */
export interface Layer {
  name: string
  folders: string[]
  typesFrom?: string[]
  packages?: string[]
  anyPackageBut?: string[]
}
export const layers: Layer[]
export const layersPlugin: { rules: Record<string, unknown> }
