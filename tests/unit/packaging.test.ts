import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getCurrentFuseWire, flipFuses, FuseV1Options, type FuseConfig } from '@electron/fuses'
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants'
// The package's index first: its modules import one another in a cycle that only the index resolves.
import { PlatformPackager, type Configuration } from 'app-builder-lib'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { getFileMatchers } from 'app-builder-lib/out/fileMatcher'
import { DebugLogger } from 'builder-util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FONT_FILES, fontFile } from '../../src-main/core/documents/fonts'
import { planUpdateCheck } from '../../src-main/desktop/update-check'
import { isAllowedUpdateFeed } from '../../src-shared/update-feed'

/**
 * The installers' configuration as electron-builder itself reads it (electron-builder.yml at
 * the top level) and the fuses it flips in the packaged Electron binary.
 */
const root = join(__dirname, '../..')
let config: Configuration

beforeAll(async () => {
  config = await getConfig(root, null, null)
  await validateConfiguration(config, new DebugLogger(false))
})

const targets = (list: unknown) => (list as { target: string; arch: string[] }[]).map((t) => `${t.target}:${t.arch.join('+')}`)

describe('the packaging configuration (electron-builder.yml)', () => {
  it('lives in electron-builder.yml, not in package.json, and passes electron-builder’s own schema', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>
    expect(pkg.build).toBeUndefined()
    expect(await readFile(join(root, 'electron-builder.yml'), 'utf8')).toContain('appId: cn.gov.partyedu.console')
    expect(config.appId).toBe('cn.gov.partyedu.console')
  })

  it('builds Windows nsis x64 and macOS dmg + zip (the zip is what electron-updater installs) for x64 and arm64', () => {
    expect(targets(config.win!.target)).toEqual(['nsis:x64'])
    expect(targets(config.mac!.target)).toEqual(['dmg:x64+arm64', 'zip:x64+arm64'])
  })

  it('publishes an https update feed only', () => {
    const feeds = (config.publish as { provider: string; url: string }[])
    expect(feeds.length).toBeGreaterThan(0)
    for (const feed of feeds) {
      expect(feed.provider).toBe('generic')
      expect(feed.url.startsWith('https://')).toBe(true)
      expect(isAllowedUpdateFeed(feed.url)).toBe(true)
    }
  })

  it('signs both platforms from the environment: no certificate or password in the file; macOS hardened and notarized', () => {
    const text = JSON.stringify(config)
    for (const key of ['cscLink', 'cscKeyPassword', 'certificateFile', 'certificatePassword', 'certificateSha1', 'identity']) expect(text).not.toContain(`"${key}"`)
    expect(config.forceCodeSigning ?? false).toBe(false)
    expect(config.mac!.hardenedRuntime).toBe(true)
    expect(config.mac!.notarize).toBe(true)
    expect(config.win!.signtoolOptions!.signingHashAlgorithms).toEqual(['sha256'])
    expect(config.win!.verifyUpdateCodeSignature).toBe(true)
  })

  it('keeps the app in an asar with better-sqlite3 unpacked beside it, its Node-API binaries loading in Electron as in Node', async () => {
    expect(config.asar ?? true).toBe(true)
    expect(config.asarUnpack).toEqual(['node_modules/better-sqlite3/**'])
    // Node-API (ABI-stable): the package's prebuilt binary for each target serves Electron too, so nothing is rebuilt.
    expect(config.npmRebuild).toBe(false)
    const sqlite = JSON.parse(await readFile(join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> }
    expect(Number(sqlite.version.split('.')[0])).toBeGreaterThanOrEqual(13)
    expect(Object.keys(sqlite.dependencies)).toContain('node-addon-api')
  })
})

describe('the PDF font in a packaged app', () => {
  it('is copied by the installer (extraResources) to where the document pipeline looks in the resources folder', async () => {
    // Where electron-builder puts each entry (its own reading of from / to), copied into a stand-in
    // for the app's resources folder (process.resourcesPath); the entries are single files, no filters.
    const resources = await mkdtemp(join(tmpdir(), 'packaged-resources-'))
    try {
      const matchers = getFileMatchers(config, 'extraResources', resources, { macroExpander: (s: string) => s, customBuildOptions: {}, globalOutDir: join(root, 'dist'), defaultSrc: root })
      expect(matchers?.length).toBeGreaterThan(0)
      for (const matcher of matchers ?? []) await cp(matcher.from, matcher.to, { recursive: true })
      for (const weight of ['regular', 'bold'] as const) {
        const found = fontFile(weight, resources)
        // The installer's copy, not the font package (a devDependency: not in the packaged app).
        expect(found).toBe(join(resources, 'fonts', FONT_FILES[weight]))
        expect((await readFile(found)).equals(await readFile(fontFile(weight, undefined)))).toBe(true)
      }
      expect(await readFile(join(resources, 'fonts', 'OFL.txt'), 'utf8')).toContain('SIL OPEN FONT LICENSE')
      const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
      expect(Object.keys(pkg.dependencies)).not.toContain('@expo-google-fonts/noto-sans-sc')
    } finally {
      await rm(resources, { recursive: true, force: true })
    }
  })
})

describe('what the app archive takes from the checkout (files)', () => {
  it('packs the built main, preload, renderer and the phone pages\' script, without source maps', () => {
    const [matcher] = getFileMatchers(config, 'files', join(root, 'dist', 'app'), { macroExpander: (s: string) => s, customBuildOptions: {}, globalOutDir: join(root, 'dist'), defaultSrc: root }) ?? []
    const packs = matcher.createFilter()
    const file = { isDirectory: () => false } as Parameters<typeof packs>[1]
    // The server finds the phone script by walking up to out/phone/phone.js (modules/phone/script.ts).
    for (const built of ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html', 'out/phone/phone.js']) expect(packs(join(root, built), file), built).toBe(true)
    for (const left of ['out/phone/phone.js.map', 'src-phone/main.ts', 'tests/unit/packaging.test.ts']) expect(packs(join(root, left), file), left).toBe(false)
  })
})

describe('Electron fuses flipped at packaging', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  /** A stand-in for Electron's binary: its fuse wire (sentinel, version 1, 8 fuses) in Electron's defaults. */
  async function binaryWithDefaultFuses(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'fuses-'))
    dirs.push(dir)
    const file = join(dir, 'electron')
    const defaults = [FuseState.ENABLE, FuseState.DISABLE, FuseState.ENABLE, FuseState.ENABLE, FuseState.DISABLE, FuseState.DISABLE, FuseState.DISABLE, FuseState.ENABLE]
    await writeFile(file, Buffer.concat([Buffer.from('\0ELF…'), Buffer.from(SENTINEL), Buffer.from([1, defaults.length, ...defaults]), Buffer.from('…')]))
    return file
  }

  it('turns off RunAsNode, NODE_OPTIONS and --inspect, turns on asar integrity, asar-only loading and cookie encryption', async () => {
    // electron-builder's own translation of `electronFuses`, applied as it applies it before signing.
    // (a private method of its packager, so reached past the type)
    const packager = PlatformPackager.prototype as unknown as { generateFuseConfig(fuses: unknown): Promise<FuseConfig> }
    const fuses = await packager.generateFuseConfig.call(null, config.electronFuses)
    const binary = await binaryWithDefaultFuses()
    await flipFuses(binary, fuses)
    const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE)
    // file:// keeps its privileges: the renderer's module scripts load from file:// (out/renderer).
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.ENABLE)
  })
})

describe('the update feed rule (src-shared/update-feed)', () => {
  it('takes https feeds and plain http only on this machine', () => {
    for (const ok of ['https://updates.example.cn/console/', 'https://10.1.2.3:8443/feed', 'http://localhost:8080/', 'http://127.0.0.1/feed/', 'http://[::1]:9000/'])
      expect(isAllowedUpdateFeed(ok), ok).toBe(true)
    for (const refused of ['http://updates.example.cn/console/', 'http://192.168.1.10/feed/', 'http://localhost.example.cn/', 'ftp://updates.example.cn/', 'file:///tmp/feed', 'https://user:pw@updates.example.cn/', 'updates.example.cn', ''])
      expect(isAllowedUpdateFeed(refused), refused).toBe(false)
  })
})

describe('an update check of the installed app (src-main/desktop/update-check, run by the updater)', () => {
  it('fetches an https feed, or plain http on this machine', () => {
    expect(planUpdateCheck(true, 'https://updates.example.cn/console/')).toEqual({ action: 'check', url: 'https://updates.example.cn/console/' })
    expect(planUpdateCheck(true, 'http://127.0.0.1:8089/feed/')).toEqual({ action: 'check', url: 'http://127.0.0.1:8089/feed/' })
  })

  it('refuses a plain-http feed elsewhere (UPDATE_URL, an old settings file) and says why, fetching nothing', () => {
    expect(planUpdateCheck(true, 'http://updates.example.cn/console/')).toEqual({
      action: 'refuse',
      message: '检查更新失败',
      detail: '更新地址须为 https 地址（本机测试地址除外），例如 https://updates.example.cn/console/',
      logged: '更新地址须为 https 地址（本机测试地址除外），例如 https://updates.example.cn/console/：http://updates.example.cn/console/',
    })
  })

  it('does not check in development or without an address', () => {
    expect(planUpdateCheck(false, 'https://updates.example.cn/console/')).toEqual({ action: 'skip', message: '开发版本不检查更新' })
    expect(planUpdateCheck(true, undefined)).toMatchObject({ action: 'skip', message: '未设置更新地址' })
  })
})
