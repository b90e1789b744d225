/**
 * The rule for an update feed (settings' 更新地址, UPDATE_URL): electron-updater installs
 * what the feed names, so the feed must come over https. Plain http is allowed only for
 * this machine itself (a test server on localhost / 127.0.0.0/8 / [::1]).
 */
export const UPDATE_FEED_MESSAGE = '更新地址须为 https 地址（本机测试地址除外），例如 https://updates.example.cn/console/'

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

export function isAllowedUpdateFeed(address: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return url.hostname !== ''
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname)
}
