import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import type { Configuration } from 'app-builder-lib'
import { getConfig } from 'app-builder-lib/out/util/config/config'
import { beforeAll, describe, expect, it } from 'vitest'
import { packagedFiles, type PackagedFile } from '../support/packaged-files'

/**
 * What an installer would carry as the app's own files (the asar and what is unpacked beside
 * it), from electron-builder.yml and package-lock.json over the built `out/` (`npm run build`).
 */
const root = join(__dirname, '../..')
const BUDGET_BYTES = 80 * 1024 * 1024
let files: PackagedFile[]

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

beforeAll(async () => {
  expect(existsSync(join(root, 'out/main/index.js')), 'out/ is the build: run `npm run build` first').toBe(true)
  const config: Configuration = await getConfig(root, null, null)
  // getConfig gives `files` as file sets ({ filter }); this app has no from/to sets.
  const globs = ([config.files ?? []].flat() as (string | { filter?: string | string[] })[]).flatMap((set) => (typeof set === 'string' ? [set] : [set.filter ?? []].flat()))
  files = packagedFiles(root, { files: globs, asarUnpack: [config.asarUnpack ?? []].flat() })
})

describe('the installed app’s own files', () => {
  it(`stay within ${mb(BUDGET_BYTES)}`, () => {
    const byPackage = new Map<string, number>()
    for (const f of files) {
      const key = f.path.startsWith('node_modules/') ? f.path.split('/').slice(0, f.path.split('/')[1].startsWith('@') ? 3 : 2).join('/') : f.path.split('/')[0]
      byPackage.set(key, (byPackage.get(key) ?? 0) + f.bytes)
    }
    const total = files.reduce((sum, f) => sum + f.bytes, 0)
    const largest = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, bytes]) => `${mb(bytes)} ${name}`)
    console.log(`app files: ${mb(total)} in ${files.length} files; largest: ${largest.join(', ')}`)
    expect(total, `app files ${mb(total)}; largest: ${largest.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('hold no source, no test and no development tool', () => {
    expect(files.filter((f) => /^(src-|tests\/|bench\/|scripts\/)/.test(f.path) || /\.[mc]?tsx?$/.test(f.path)).map((f) => f.path)).toEqual([])
    for (const tool of ['tsx', 'electron', 'electron-vite', 'vite', 'typescript', 'vitest', 'esbuild', '@fluentui/react-icons', 'react'])
      expect(files.some((f) => f.path.startsWith(`node_modules/${tool}/`)), tool).toBe(false)
  })

  it('unpack better-sqlite3 (its Node-API binaries for the installers’ targets) from the asar, and nothing else', () => {
    const unpacked = files.filter((f) => f.unpacked)
    for (const target of ['win32-x64', 'darwin-x64', 'darwin-arm64']) expect(unpacked.map((f) => f.path)).toContain(`node_modules/better-sqlite3/prebuilds/${target}.node`)
    expect(unpacked.every((f) => f.path.startsWith('node_modules/better-sqlite3/'))).toBe(true)
    expect(files.filter((f) => f.path.startsWith('node_modules/better-sqlite3/') && !f.unpacked)).toEqual([])
  })

  it('let the built main process and the server’s utility process load only packaged dependencies', () => {
    const installed = new Set(files.filter((f) => f.path.endsWith('/package.json')).map((f) => f.path.slice('node_modules/'.length, -'/package.json'.length)))
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'electron'])
    const bundles = readdirSync(join(root, 'out/main'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    expect(bundles).toContain('server-child.js')
    const missing: string[] = []
    for (const bundle of bundles) {
      const text = readFileSync(join(root, 'out/main', bundle), 'utf8')
      for (const match of text.matchAll(/require\("([^"]+)"\)|import\("([^"]+)"\)/g)) {
        const spec = match[1] ?? match[2]
        if (!spec || spec.startsWith('.') || builtins.has(spec)) continue
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]
        if (!installed.has(name)) missing.push(`${bundle}: ${spec}`)
      }
    }
    expect(missing).toEqual([])
  })
})
