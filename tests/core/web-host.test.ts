import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInfo, RpcResult } from '../../src-shared/ipc'
import { startWebHost, type WebHost } from '../../src-main/web/web-host'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { CAPTCHA, cleanUp, expectFailure, expectOk, later, rawCall, SECRET_FILE, tempDir } from './harness'

const INDEX_HTML = '<!doctype html><html><head><title>控制台</title></head><body><div id="root"></div></body></html>'

/** A raw HTTP request, so that the Host header can be whatever a hostile page would send. */
function send(url: URL, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((done, fail) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', fail)
    req.end(options.body)
  })
}

describe('the web host', () => {
  let host: WebHost
  let origin: string
  let secret: string
  let dataDir: string
  let rendererDir: string

  beforeAll(async () => {
    rendererDir = await tempDir()
    await mkdir(join(rendererDir, 'assets'))
    await writeFile(join(rendererDir, 'index.html'), INDEX_HTML)
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
    dataDir = await tempDir()
    host = await startWebHost({ dataDir, env: { CAPTCHA_TEST_CODE: CAPTCHA }, rendererDir })
    later(() => host.close())
    const url = new URL(host.url)
    origin = url.origin
    secret = url.searchParams.get('s') ?? ''
  })
  afterAll(cleanUp)

  const rpc = async (method: string, input?: unknown): Promise<RpcResult<unknown>> => {
    const res = await fetch(`${origin}/rpc/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Bridge-Secret': secret },
      body: input === undefined ? '' : JSON.stringify(input),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as RpcResult<unknown>
  }

  it('gives an address on 127.0.0.1 carrying a long per-launch secret and the login route', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?s=[\w-]{43}#\/login$/)
  })

  it('serves the built renderer with its security policy, and nothing outside it', async () => {
    const page = await send(new URL('/', origin))
    expect(page.status).toBe(200)
    expect(page.body).toBe(INDEX_HTML)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect((await send(new URL('/assets/app.js', origin))).body).toBe('console.log(1)')
    expect((await send(new URL('/%2e%2e/%2e%2e/etc/passwd', origin))).status).toBe(404)
    expect((await send(new URL('/missing.js', origin))).status).toBe(404)
  })

  it('compresses text files with brotli or gzip as the browser accepts', async () => {
    const script = 'console.log("控制台")\n'.repeat(2000)
    await writeFile(join(rendererDir, 'assets', 'big.js'), script)
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(new URL('/assets/big.js', origin), { headers: { 'Accept-Encoding': encoding } })
      expect([response.headers.get('content-encoding'), response.headers.get('vary')]).toEqual([encoding, 'Accept-Encoding'])
      // fetch decodes: the script arrives whole.
      expect(await response.text()).toBe(script)
    }
    const plain = await send(new URL('/assets/big.js', origin))
    expect([plain.headers['content-encoding'], plain.body.length]).toEqual([undefined, script.length])
  })

  it('refuses RPC without the secret or with a wrong one', async () => {
    const url = new URL('/rpc/app.info', origin)
    const withoutSecret = await send(url, { method: 'POST' })
    expect(withoutSecret.status).toBe(403)
    // The page opened without the printed address says so, not 服务器内部错误.
    expect(JSON.parse(withoutSecret.body)).toEqual({ ok: false, error: { key: 'FORBIDDEN', message: '请使用启动时打印的地址打开控制台' } })
    expect((await send(url, { method: 'POST', headers: { 'X-Bridge-Secret': secret.slice(0, -1) + 'x' } })).status).toBe(403)
    expect((await send(url, { method: 'POST', headers: { 'X-Bridge-Secret': secret, Origin: 'http://evil.example' } })).status).toBe(403)
    expect((await send(new URL('/rpc/events?s=wrong', origin))).status).toBe(403)
  })

  it('refuses a request addressed to another host name (DNS rebinding)', async () => {
    const port = new URL(origin).port
    const headers = { 'X-Bridge-Secret': secret, Host: `evil.example:${port}` }
    expect((await send(new URL('/rpc/app.info', origin), { method: 'POST', headers })).status).toBe(403)
    expect((await send(new URL('/', origin), { headers: { Host: `localhost:${port}` } })).status).toBe(403)
  })

  it('answers RPC with the secret, and refuses unknown methods and bad JSON as data', async () => {
    const info = expectOk<AppInfo>(await rpc('app.info'))
    expect(info.host).toBe('web')
    expect(info.nativeDialogs).toBe(false)
    expectFailure(await rpc('no.such.method'), 'NOT_FOUND')
    const bad = await fetch(`${origin}/rpc/app.info`, { method: 'POST', headers: { 'X-Bridge-Secret': secret }, body: '{oops' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as RpcResult<unknown>).ok).toBe(false)
  })

  it('delivers the core’s events over Server-Sent Events', async () => {
    const events = await fetch(`${origin}/rpc/events?s=${secret}`)
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
    const messages: { event?: string }[] = []
    // The sync state is reported too (sync runs by itself): read until the expiry arrives.
    const expired = () => messages.find((m) => m.event === 'session.expired')
    const received = (async () => {
      let buffer = ''
      while (!expired()) {
        const { value, done } = await reader.read()
        if (done) return
        const blocks = (buffer + value).split('\n\n')
        buffer = blocks.pop() ?? ''
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (data) messages.push(JSON.parse(data.slice('data: '.length)) as { event?: string })
        }
      }
    })()

    // Sign in, have the session revoked elsewhere, then call: the core reports the expiry.
    const captcha = expectOk<{ id: string }>(await rpc('auth.captcha'))
    const { admin } = demoAccounts
    expectOk(await rpc('session.login', { username: admin.username, password: admin.password, checkCode: CAPTCHA, checkCodeId: captcha.id }))
    const serverUrl = expectOk<AppInfo>(await rpc('app.info')).serverUrl
    const token = await readFile(join(dataDir, SECRET_FILE), 'utf8')
    expect((await rawCall(serverUrl, 'POST', '/api/logout', token)).code).toBe(0)
    expectFailure(await rpc('auth.userInfo'), 'UNAUTHENTICATED')
    await received
    await reader.cancel()
    expect(expired()).toEqual({ event: 'session.expired', payload: { message: expect.stringContaining('登录') } })
  })
})
