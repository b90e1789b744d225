import { app, dialog, type BrowserWindow } from 'electron'
import type { AppUpdater } from 'electron-updater'
import type { FileLog } from '../desktop/logs'
import { planUpdateCheck } from '../desktop/update-check'

/**
 * Updates of an installed app through electron-updater's generic provider: the
 * address comes from the settings (`updateUrl`) or UPDATE_URL, https only
 * (src-main/desktop/update-check). Checked at start (quietly) and from 帮助 → 检查更新 (saying what it found); the download shows on
 * the taskbar / dock, and a finished one asks to restart.
 */
export function createUpdater(deps: { feedUrl: () => Promise<string | undefined>; log: FileLog; window: () => BrowserWindow | null }) {
  let manual = false
  let loading: Promise<AppUpdater> | null = null
  // electron-updater (and all it loads) is read at the first check, after the window is up.
  const updater = () =>
    (loading ??= import('electron-updater').then((module) => {
      const autoUpdater = module.autoUpdater ?? (module as unknown as { default: { autoUpdater: AppUpdater } }).default.autoUpdater
      listen(autoUpdater)
      return autoUpdater
    }))

  const tell = async (message: string, detail?: string) => {
    const win = deps.window()
    const options = { type: 'info' as const, title: '检查更新', message, detail, buttons: ['确定'] }
    await (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options))
  }

  function listen(autoUpdater: AppUpdater): void {
    autoUpdater.autoDownload = true
    autoUpdater.autoInstallOnAppQuit = true
    autoUpdater.logger = { info: (m: unknown) => deps.log.info(String(m)), warn: (m: unknown) => deps.log.info(String(m)), error: (m: unknown) => deps.log.error(String(m)), debug: () => undefined }

    autoUpdater.on('update-available', (info) => {
      if (manual) void tell(`发现新版本 ${info.version}，正在后台下载`)
    })
    autoUpdater.on('update-not-available', () => {
      if (manual) void tell('已是最新版本', `当前版本 ${app.getVersion()}`)
    })
    autoUpdater.on('download-progress', (progress) => {
      const win = deps.window()
      win?.setProgressBar(progress.percent / 100)
      win?.setTitle(`正在下载更新 ${Math.round(progress.percent)}%`)
    })
    autoUpdater.on('update-downloaded', async (info) => {
      const win = deps.window()
      win?.setProgressBar(-1)
      win?.setTitle(app.getName())
      const options = { type: 'question' as const, title: '更新已就绪', message: `新版本 ${info.version} 已下载`, detail: '重启后即可使用新版本。', buttons: ['立即重启', '稍后'], defaultId: 0, cancelId: 1 }
      const { response } = await (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options))
      if (response === 0) autoUpdater.quitAndInstall()
    })
    autoUpdater.on('error', (error) => {
      deps.log.error('检查更新失败', error)
      deps.window()?.setProgressBar(-1)
      if (manual) void tell('检查更新失败', error.message)
    })
  }

  return {
    async check(byUser: boolean): Promise<void> {
      manual = byUser
      const plan = planUpdateCheck(app.isPackaged, app.isPackaged ? await deps.feedUrl() : undefined)
      if (plan.action === 'refuse') deps.log.error('检查更新失败', new Error(plan.logged))
      if (plan.action !== 'check') {
        if (byUser) await tell(plan.message, plan.detail)
        return
      }
      const url = plan.url
      const autoUpdater = await updater()
      autoUpdater.setFeedURL({ provider: 'generic', url })
      await autoUpdater.checkForUpdates().catch((error: unknown) => deps.log.error('检查更新失败', error))
    },
  }
}
