import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInfo, RpcEvents } from '../../src-shared/ipc'
import { cleanUp, expectFailure, expectOk, remoteCore, startTestServer } from './harness'

describe('the RPC dispatcher', () => {
  let serverUrl: string

  beforeAll(async () => {
    serverUrl = (await startTestServer()).url
  })
  afterAll(cleanUp)

  it('refuses a method that is not on the list', async () => {
    const { core } = await remoteCore(serverUrl)
    expectFailure(await core.dispatch('fs.readFile', { path: '/etc/passwd' }), 'NOT_FOUND', '不支持的操作')
    expectFailure(await core.dispatch({ toString: () => 'app.info' }, undefined), 'NOT_FOUND')
    // A route the core handles itself is not callable directly: the token stays inside.
    expectFailure(await core.dispatch('auth.login', { data: 'abcd' }), 'NOT_FOUND')
  })

  it('refuses invalid input with the schema’s Chinese message and the field it concerns', async () => {
    const { core } = await remoteCore(serverUrl)
    const error = expectFailure(
      await core.dispatch('session.login', { username: 'admin', password: '123', checkCode: '1', checkCodeId: 'x' }),
      'VALIDATION',
      '密码不能少于6位',
    )
    expect(error.issues).toEqual([{ path: 'password', message: '密码不能少于6位' }])
    expectFailure(await core.dispatch('session.login', { username: ' ', password: '123456', checkCode: '1', checkCodeId: 'x' }), 'VALIDATION', '用户名不能为空')
    expectFailure(await core.dispatch('files.readAsDataUrl', { path: '../../etc/passwd' }), 'VALIDATION', '文件路径无效')
  })

  it('forwards a platform route unchanged and answers with its data', async () => {
    const { core } = await remoteCore(serverUrl)
    const captcha = expectOk<{ id: string; img: string }>(await core.dispatch('auth.captcha', undefined))
    expect(captcha.id).not.toBe('')
    expect(captcha.img).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('answers UNAUTHENTICATED without a session and raises no expiry when none was held', async () => {
    const { core } = await remoteCore(serverUrl)
    const expired: RpcEvents['session.expired'][] = []
    core.events.on('session.expired', (payload) => expired.push(payload))
    expectFailure(await core.dispatch('auth.userInfo', undefined), 'UNAUTHENTICATED')
    expect(expired).toEqual([])
  })

  it('says the server cannot be reached when nothing answers', async () => {
    const { core } = await remoteCore('http://127.0.0.1:9')
    expectFailure(await core.dispatch('auth.captcha', undefined), 'OFFLINE', '无法连接服务器')
  })

  it('tells the web host apart and says it has no native dialogs', async () => {
    const { core } = await remoteCore(serverUrl)
    const info = expectOk<AppInfo>(await core.dispatch('app.info', undefined))
    expect(info).toEqual({ version: '0.0.0-test', host: 'web', serverMode: 'remote', serverUrl, nativeDialogs: false })
    const error = expectFailure(await core.dispatch('files.pickAndUpload', { kind: 'image' }), 'VALIDATION')
    expect(error.message).toContain('没有系统文件对话框')
  })

  it('checks settings before keeping them', async () => {
    const { core } = await remoteCore(serverUrl)
    expectFailure(await core.dispatch('settings.set', { serverMode: 'remote', serverUrl: 'ftp://x' }), 'VALIDATION', '服务器地址格式错误，例如 http://192.168.1.10:8686')
    const missing = expectFailure(await core.dispatch('settings.set', { serverMode: 'remote' }), 'VALIDATION', '请填写服务器地址')
    expect(missing.issues).toEqual([{ path: 'serverUrl', message: '请填写服务器地址' }])
    expect(expectOk(await core.dispatch('settings.get', undefined))).toEqual({ serverMode: 'remote', serverUrl })
  })
})
