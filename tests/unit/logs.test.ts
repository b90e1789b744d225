import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileLog, logFolder, redact } from '../../src-main/desktop/logs'

describe('the desktop log files', () => {
  let dataDir = ''
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('writes errors with their stack to logs/<name>.log, and never a secret', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'logs-'))
    const core = fileLog(dataDir, 'core')
    const failure = new Error('登录失败 http://127.0.0.1:5000/?s=S3CRETpageKey#/login')
    core.error('处理 session.login 时出错', failure, { username: 'admin', password: 'Shen9Zhou', loginKey: 'abcdefghijklmnop' }, 'Token: 0123456789abcdef')
    core.info('内置服务已启动 ADMIN_PASSWORD=Shen9Zhou LOGIN_AES_KEY=abcdefghijklmnop')
    const text = await readFile(join(logFolder(dataDir), 'core.log'), 'utf8')
    expect(text).toContain('处理 session.login 时出错')
    expect(text).toContain('登录失败')
    expect(text).toMatch(/at .*logs\.test\.ts/)
    expect(text).toContain("username: 'admin'")
    for (const secret of ['Shen9Zhou', 'abcdefghijklmnop', 'S3CRETpageKey', '0123456789abcdef']) expect(text).not.toContain(secret)
  })

  it('rolls over to <name>.old.log past its size', async () => {
    const server = fileLog(dataDir, 'server', 2000)
    for (let i = 0; i < 40; i++) server.info(`第 ${i} 行 ${'x'.repeat(100)}`)
    expect(existsSync(join(logFolder(dataDir), 'server.old.log'))).toBe(true)
    expect((await readFile(server.file, 'utf8')).length).toBeLessThan(4000)
  })

  it('redacts the forms secrets take in text', () => {
    expect(redact('"password":"Abc123" token=xyz secret: s1 ?s=abc&x=1')).toBe('"password":"***" token=*** secret: *** ?s=***&x=1')
  })
})
