import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The CJK font every PDF embeds: Noto Sans SC (SIL Open Font License 1.1), regular and
 * bold, shipped with the app — the installer copies the two files into its resources
 * folder (`fonts/`, electron-builder's extraResources); a checkout reads them from the
 * font package in node_modules. Never the system's fonts: a clerk's PC may have none.
 * pdfkit subsets them on write, so a PDF carries only the glyphs it uses.
 */
export const FONT_FILES = { regular: 'NotoSansSC_400Regular.ttf', bold: 'NotoSansSC_700Bold.ttf' } as const
export type FontWeight = keyof typeof FONT_FILES

const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc'
const PACKAGE_DIRS: Record<FontWeight, string> = { regular: '400Regular', bold: '700Bold' }

/** Where the font file is: the installer's copy when there is one (a packaged app has no font package), else the package's. */
export function fontFile(weight: FontWeight, resourcesDir: string | undefined): string {
  const shipped = resourcesDir ? join(resourcesDir, 'fonts', FONT_FILES[weight]) : null
  if (shipped && existsSync(shipped)) return shipped
  const packageDir = dirname(createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/package.json`))
  return join(packageDir, PACKAGE_DIRS[weight], FONT_FILES[weight])
}

const loaded = new Map<FontWeight, Buffer>()

/** The font file's bytes, read once per process (10 MB each; pdfkit parses them per document). */
export function fontBytes(weight: FontWeight, resourcesDir?: string): Buffer {
  let bytes = loaded.get(weight)
  if (!bytes) {
    bytes = readFileSync(fontFile(weight, resourcesDir))
    loaded.set(weight, bytes)
  }
  return bytes
}
