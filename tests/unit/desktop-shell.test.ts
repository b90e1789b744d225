import { EventEmitter } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { menuTemplate, rolesOf, type MenuActions } from '../../src-main/desktop/menu-template'
import { initialBounds, keepWindowState, readWindowState, type Area } from '../../src-main/desktop/window-state'

const actions: MenuActions = { openLogFolder: () => undefined, checkForUpdates: () => undefined, showAbout: () => undefined }
const labels = (items: { label?: string }[]) => items.map((i) => i.label)

describe('the application menu', () => {
  it('is in Chinese: 文件 编辑 视图 窗口 帮助, with 打开日志文件夹, 检查更新 and 关于', () => {
    const template = menuTemplate({ packaged: true, platform: 'win32', appName: '控制台', actions })
    expect(labels(template)).toEqual(['文件', '编辑', '视图', '窗口', '帮助'])
    expect(labels(template[0].submenu!)).toContain('打开日志文件夹')
    expect(labels(template[4].submenu!)).toEqual(['检查更新', undefined, '关于控制台'])
    expect(template.flatMap((m) => m.submenu ?? []).every((item) => item.type === 'separator' || /\p{Script=Han}/u.test(item.label ?? ''))).toBe(true)
  })

  it('has no developer tools or reload when packaged, and has them in development', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const packaged = rolesOf(menuTemplate({ packaged: true, platform, appName: '控制台', actions }))
      expect(packaged).not.toContain('toggleDevTools')
      expect(packaged).not.toContain('reload')
      expect(packaged).not.toContain('forceReload')
    }
    expect(rolesOf(menuTemplate({ packaged: false, platform: 'win32', appName: '控制台', actions }))).toContain('toggleDevTools')
  })

  it('puts the app’s own menu first on macOS', () => {
    expect(labels(menuTemplate({ packaged: true, platform: 'darwin', appName: '控制台', actions }))).toEqual(['控制台', '文件', '编辑', '视图', '窗口', '帮助'])
  })

  it('runs the given actions from its items', () => {
    const calls: string[] = []
    const template = menuTemplate({
      packaged: true,
      platform: 'win32',
      appName: '控制台',
      actions: { openLogFolder: () => calls.push('logs'), checkForUpdates: () => calls.push('update'), showAbout: () => calls.push('about') },
    })
    for (const item of template.flatMap((m) => m.submenu ?? [])) item.click?.()
    expect(calls).toEqual(['logs', 'update', 'about'])
  })
})

describe('the window’s size, position and maximised state', () => {
  const screen: Area = { x: 0, y: 0, width: 1920, height: 1080 }
  let folder = ''
  afterAll(() => rm(folder, { recursive: true, force: true }))

  /** A window as the tracker sees it: events, normal bounds, maximised or not. */
  class FakeWindow extends EventEmitter {
    bounds: Area = { x: 100, y: 80, width: 1280, height: 800 }
    maximized = false
    getNormalBounds = () => this.bounds
    isMaximized = () => this.maximized
  }

  it('is saved when the window closes and restored at the next start', async () => {
    folder = await mkdtemp(join(tmpdir(), 'window-state-'))
    const file = join(folder, 'window-state.json')
    expect(initialBounds(await readWindowState(file), [screen])).toEqual({ bounds: { width: 1440, height: 900 }, maximized: false })

    const win = new FakeWindow()
    keepWindowState(win, file, (error) => expect.fail(String(error)), 20)
    win.bounds = { x: 200, y: 120, width: 1300, height: 820 }
    win.emit('resize')
    win.maximized = true
    win.emit('maximize')
    await expect.poll(() => readWindowState(file)).toEqual({ x: 200, y: 120, width: 1300, height: 820, maximized: true })
    win.maximized = false
    win.bounds = { x: 10, y: 20, width: 1100, height: 700 }
    win.emit('close')
    await expect.poll(() => readWindowState(file)).toEqual({ x: 10, y: 20, width: 1100, height: 700, maximized: false })
    expect(initialBounds(await readWindowState(file), [screen])).toEqual({ bounds: { x: 10, y: 20, width: 1100, height: 700 }, maximized: false })
  })

  it('falls back to the default size on an unplugged display, and fits a remembered size to the screen', () => {
    const offScreen = { x: 3000, y: 100, width: 1200, height: 800, maximized: true }
    expect(initialBounds(offScreen, [screen])).toEqual({ bounds: { width: 1440, height: 900 }, maximized: true })
    const tooBig = { x: 0, y: 0, width: 4000, height: 3000, maximized: false }
    expect(initialBounds(tooBig, [screen]).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1080 })
    const tooSmall = { x: 0, y: 0, width: 300, height: 200, maximized: false }
    expect(initialBounds(tooSmall, [screen]).bounds).toEqual({ x: 0, y: 0, width: 1024, height: 640 })
  })
})
