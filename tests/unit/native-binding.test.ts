import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronBuildPath, MISSING_ELECTRON_BUILD, sqliteNativeBinding } from '../../src-main/desktop/native-binding'

const project = '/work/app'
const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  engines: Record<string, string>
}

describe('which better-sqlite3 binary a process loads', () => {
  const built = new Set([electronBuildPath(project)])
  const runtime = { projectDir: project, exists: (path: string) => built.has(path) }

  it('keeps the package’s own (Node) build under Node: web host, server, tests', () => {
    expect(sqliteNativeBinding({ ...runtime, electronVersion: undefined, packaged: false })).toBeUndefined()
  })

  it('takes the second build for Electron’s ABI under `npm start`', () => {
    expect(sqliteNativeBinding({ ...runtime, electronVersion: '45.4.1', packaged: false })).toBe(
      join(project, '.electron-native', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
    )
  })

  it('says how to make that build when it is missing, instead of blaming the data folder', () => {
    expect(() => sqliteNativeBinding({ ...runtime, projectDir: '/elsewhere', electronVersion: '45.4.1', packaged: false })).toThrow(MISSING_ELECTRON_BUILD)
  })

  it('keeps the packaged copy in an installed app: its Node-API binary loads in Electron', () => {
    expect(sqliteNativeBinding({ ...runtime, projectDir: '/elsewhere', electronVersion: '45.4.1', packaged: true })).toBeUndefined()
  })
})

describe('the packaging scripts (the configuration itself: tests/unit/packaging.test.ts)', () => {
  it('builds each installer with electron-builder on its own platform; nothing to rebuild after (better-sqlite3 is Node-API)', () => {
    for (const name of ['dist', 'dist:win', 'dist:mac']) expect(pkg.scripts[name]).toMatch(/^electron-vite build && electron-builder .*--publish never$/)
    expect(pkg.scripts['dist:win']).toContain('--win')
    expect(pkg.scripts['dist:mac']).toContain('--mac')
  })

  it('builds Electron’s binary before `npm start`', () => {
    expect(pkg.scripts.start.startsWith('npm run native:electron && ')).toBe(true)
  })

  it('keeps build tools out of the installed app and names the Node it runs on (24, the line Electron 45 embeds)', () => {
    expect(pkg.dependencies.tsx).toBeUndefined()
    expect(pkg.devDependencies.tsx).toBeDefined()
    expect(pkg.engines.node).toMatch(/^>=24\.\d+\.\d+ <25$/)
  })
})
