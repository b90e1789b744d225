import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  engines: Record<string, string>
}

describe('the packaging scripts (the configuration itself: tests/unit/packaging.test.ts)', () => {
  it('builds each installer with electron-builder on its own platform; nothing to rebuild after (better-sqlite3 is Node-API)', () => {
    for (const name of ['dist', 'dist:win', 'dist:mac']) expect(pkg.scripts[name]).toMatch(/^electron-vite build && electron-builder .*--publish never$/)
    expect(pkg.scripts['dist:win']).toContain('--win')
    expect(pkg.scripts['dist:mac']).toContain('--mac')
  })

  it('starts the desktop app on the package’s own better-sqlite3: one Node-API binary for Node and Electron, nothing rebuilt', () => {
    expect(pkg.scripts.start).toBe('electron-vite build && electron .')
    const sqlite = JSON.parse(readFileSync(join(__dirname, '../../node_modules/better-sqlite3/package.json'), 'utf8')) as { gypfile?: boolean }
    expect(sqlite.gypfile).toBe(false)
    for (const target of ['win32-x64', 'darwin-x64', 'darwin-arm64', `${process.platform}-${process.arch}`])
      expect(existsSync(join(__dirname, `../../node_modules/better-sqlite3/prebuilds/${target}.node`)), target).toBe(true)
    expect(Object.keys(pkg.devDependencies).filter((name) => name.includes('rebuild'))).toEqual([])
  })

  it('keeps build tools out of the installed app and names the Node it runs on (24, the line Electron 45 embeds)', () => {
    expect(pkg.dependencies.tsx).toBeUndefined()
    expect(pkg.devDependencies.tsx).toBeDefined()
    expect(pkg.engines.node).toMatch(/^>=24\.\d+\.\d+ <25$/)
  })
})
