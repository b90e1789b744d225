import { isAllowedUpdateFeed, UPDATE_FEED_MESSAGE } from '../../src-shared/update-feed'

/**
 * What one update check does (src-main/electron/updater.ts carries it out): only an installed
 * app checks, only with an address, and only over https (this machine excepted). An address
 * from UPDATE_URL or a settings file saved before the rule is refused here, never fetched.
 */
export type UpdateCheck =
  | { action: 'check'; url: string }
  | { action: 'skip'; message: string; detail?: string }
  | { action: 'refuse'; message: string; detail: string; logged: string }

export function planUpdateCheck(packaged: boolean, url: string | undefined): UpdateCheck {
  if (!packaged) return { action: 'skip', message: '开发版本不检查更新' }
  if (!url) return { action: 'skip', message: '未设置更新地址', detail: '请在登录页的“服务器设置”中填写更新地址' }
  if (!isAllowedUpdateFeed(url)) return { action: 'refuse', message: '检查更新失败', detail: UPDATE_FEED_MESSAGE, logged: `${UPDATE_FEED_MESSAGE}：${url}` }
  return { action: 'check', url }
}
