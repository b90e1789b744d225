import { mkdir, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy, cspOrigin, mapProviderFromEnv } from '../../src-main/core/content-security-policy'
import { startWebHost } from '../../src-main/web/web-host'
import { launchBrowser } from '../support/browser'
import { cleanUp, later, tempDir } from './harness'

/** A 1 × 1 PNG: a map tile. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64')

/** A stand-in site on this machine: /map.js (a provider's script), /tile.png, /api (its data). */
async function standIn(name: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    if (req.url?.startsWith('/map.js')) {
      res.setHeader('Content-Type', 'text/javascript')
      res.end(`window.loadedMaps = (window.loadedMaps || []).concat(${JSON.stringify(name)})`)
    } else if (req.url === '/tile.png') {
      res.setHeader('Content-Type', 'image/png')
      res.end(TILE)
    } else res.end(JSON.stringify({ from: name }))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  later(() => new Promise((done) => server.close(() => done())))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('the Content-Security-Policy lets the configured map provider in, and nothing else', () => {
  let browser: Browser
  let provider: string
  let tiles: string
  let elsewhere: string

  beforeAll(async () => {
    provider = (await standIn('provider')).origin
    tiles = (await standIn('tiles')).origin
    elsewhere = (await standIn('elsewhere')).origin
    browser = await launchBrowser()
    later(() => browser.close())
  })
  afterAll(cleanUp)

  async function hostWith(env: NodeJS.ProcessEnv) {
    const rendererDir = await tempDir()
    await mkdir(join(rendererDir, 'assets'))
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>控制台</title></head><body></body></html>')
    const host = await startWebHost({ dataDir: await tempDir(), env, rendererDir })
    later(() => host.close())
    const page = await browser.newPage()
    later(() => page.close())
    await page.goto(host.url)
    return page
  }

  /** What the page could load from each site: script, image, a call. */
  const probe = (page: Awaited<ReturnType<typeof hostWith>>, origin: string) =>
    page.evaluate(async (o) => {
      const script = await new Promise<boolean>((done) => {
        const el = document.createElement('script')
        el.src = `${o}/map.js?key=k`
        el.onload = () => done(true)
        el.onerror = () => done(false)
        document.head.append(el)
      })
      const image = await new Promise<boolean>((done) => {
        const img = new Image()
        img.onload = () => done(true)
        img.onerror = () => done(false)
        img.src = `${o}/tile.png`
      })
      const call = await fetch(`${o}/api`).then(
        () => true,
        () => false,
      )
      return { script, image, call }
    }, origin)

  it('with MAP_SCRIPT_URL and MAP_EXTRA_HOSTS: the provider runs, its tiles show, its hosts answer; another site is refused', async () => {
    const page = await hostWith({ MAP_SCRIPT_URL: `${provider}/map.js?v=2.0&key=abc`, MAP_EXTRA_HOSTS: tiles })
    expect(await probe(page, provider)).toEqual({ script: true, image: true, call: true })
    expect(await probe(page, tiles)).toEqual({ script: false, image: true, call: true })
    expect(await probe(page, elsewhere)).toEqual({ script: false, image: false, call: false })
    expect(await page.evaluate(() => (window as unknown as { loadedMaps?: string[] }).loadedMaps)).toEqual(['provider'])
  })

  it('without a configured provider no other site is allowed anything', async () => {
    const page = await hostWith({})
    expect(await probe(page, provider)).toEqual({ script: false, image: false, call: false })
  })

  it('takes only clean origins: https anywhere, http on the loopback, nothing that would widen the policy', () => {
    expect(cspOrigin('https://webapi.amap.com/maps?v=2.0&key=abc')).toBe('https://webapi.amap.com')
    expect(cspOrigin('https://*.is.autonavi.com')).toBe('https://*.is.autonavi.com')
    expect(cspOrigin('http://127.0.0.1:8080/map.js')).toBe('http://127.0.0.1:8080')
    for (const bad of ['http://maps.example.com/x.js', '*', "https://a.com; script-src 'unsafe-eval'", 'javascript:alert(1)', 'https://user:pw@a.com', '']) {
      expect(cspOrigin(bad), bad).toBeNull()
    }
    expect(mapProviderFromEnv({ MAP_SCRIPT_URL: 'ftp://x' })).toEqual({ script: [], images: [], connect: [] })
    const policy = contentSecurityPolicy(mapProviderFromEnv({ MAP_SCRIPT_URL: 'https://webapi.amap.com/maps?v=2.0', MAP_EXTRA_HOSTS: 'https://*.is.autonavi.com, bogus' }))
    expect(policy).toContain("script-src 'self' https://webapi.amap.com;")
    expect(policy).toContain("img-src 'self' data: blob: https://webapi.amap.com https://*.is.autonavi.com;")
    expect(policy).toContain("connect-src 'self' https://webapi.amap.com https://*.is.autonavi.com;")
  })
})
