import { expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const ui = useConsoleTabs()

it('checks the server address in 服务器设置, switches to it and back to 单机模式', async () => {
  const { page } = ui.tab
  await page.getByRole('img', { name: '验证码' }).waitFor()
  await page.getByRole('button', { name: '服务器设置' }).click()
  const dialog = page.getByRole('dialog', { name: '服务器设置' })
  await dialog.getByRole('radio', { name: '连接服务器' }).check()
  await dialog.getByRole('button', { name: '确定' }).click()
  await dialog.getByText('请输入服务器地址').waitFor()
  await dialog.getByLabel('服务器地址').fill('192.168.1.10')
  await dialog.getByRole('button', { name: '确定' }).click()
  await dialog.getByText('服务器地址格式错误，例如 http://192.168.1.10:8686').waitFor()
  await screenshot(page, 'server-settings')

  // Nothing listens on port 9 of this machine: the console is offline, and the page offers the offline sign-in (no captcha).
  await dialog.getByLabel('服务器地址').fill(' http://127.0.0.1:9 ')
  await dialog.getByRole('button', { name: '确定' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByText('保存成功！').first().waitFor()
  await page.getByText('连接服务器 http://127.0.0.1:9').waitFor()
  await page.getByText('离线登录：使用本机上次在线登录的账号').waitFor()
  expect(await page.getByLabel('验证码', { exact: true }).count()).toBe(0)
  expect(await ui.app.host.core.dispatch('settings.get', undefined)).toEqual({
    ok: true,
    data: { serverMode: 'remote', serverUrl: 'http://127.0.0.1:9' },
  })

  await page.getByRole('button', { name: '服务器设置' }).click()
  await dialog.getByLabel('服务器地址').waitFor()
  expect(await dialog.getByLabel('服务器地址').inputValue()).toBe('http://127.0.0.1:9')
  await dialog.getByRole('radio', { name: /^单机模式/ }).check()
  await dialog.getByRole('button', { name: '确定' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByText('单机模式（内置服务器）').waitFor()
  await page.getByRole('img', { name: '验证码' }).waitFor()
  expect(await page.getByText(/^验证码加载失败：/).count()).toBe(0)
  expect(await page.getByText('离线登录：使用本机上次在线登录的账号').count()).toBe(0)
})
