import { join } from 'node:path'

/**
 * better-sqlite3 is a native module, built for one runtime's ABI: `npm ci` builds it for
 * Node (the web host, the server, the tests), while Electron needs its own build.
 * `npm run native:electron` makes that second build in ELECTRON_NATIVE_DIR, and the
 * desktop app points better-sqlite3 at it (its `nativeBinding` option, passed on as
 * SQLITE_NATIVE_BINDING). A packaged app needs neither: electron-builder rebuilt the
 * copy inside the installer for Electron and for the installer's own platform.
 */
export const ELECTRON_NATIVE_DIR = '.electron-native'

/** Where `npm run native:electron` leaves Electron's build of better-sqlite3, under the project folder. */
export function electronBuildPath(projectDir: string): string {
  return join(projectDir, ELECTRON_NATIVE_DIR, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
}

export const MISSING_ELECTRON_BUILD = '缺少 Electron 版本的 better-sqlite3：请先运行 npm run native:electron（npm start 会自动运行）'

/**
 * The better-sqlite3 binary this process must load, or undefined for the package's
 * own build. `electronVersion` is `process.versions.electron` (undefined under Node).
 */
export function sqliteNativeBinding(runtime: {
  electronVersion: string | undefined
  packaged: boolean
  projectDir: string
  exists(path: string): boolean
}): string | undefined {
  if (!runtime.electronVersion || runtime.packaged) return undefined
  const path = electronBuildPath(runtime.projectDir)
  if (!runtime.exists(path)) throw new Error(MISSING_ELECTRON_BUILD)
  return path
}
