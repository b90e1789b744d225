import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { jsonFileSettingsStore } from '../../src-main/core/settings'
import { startWebHost, type WebHost } from '../../src-main/web/web-host'
import { launchBrowser, openConsole, type ConsolePage } from './browser'
import { freePort, serverProcess } from './server-process'

/**
 * A venue for the offline e2e tests: a platform server running as a process of its own
 * (stopped and started as the network comes and goes), a browser, and consoles connected to
 * the server in remote mode, each on its own data folder. Everything is closed after the
 * file's tests.
 */
export interface Venue {
  readonly server: ReturnType<typeof serverProcess>
  readonly browser: Browser
  /** A console on the data folder `name` (under the venue's folder): a new one, or a restart of one closed before. */
  consoleOn(name: string): Promise<WebHost>
  /** Closes a console (as quitting the app does), keeping its data folder. */
  closeConsole(host: WebHost): Promise<void>
  /** A browser tab on a console. */
  open(host: WebHost): Promise<ConsolePage>
}

export function useVenue(prefix: string): Venue {
  let dir = ''
  let port = 0
  let server: ReturnType<typeof serverProcess> | undefined
  let browser: Browser | undefined
  const hosts: WebHost[] = []
  const tabs: ConsolePage[] = []

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
    port = await freePort()
    server = serverProcess(dir, port)
    await server.up()
    browser = await launchBrowser()
  }, 120_000)

  afterAll(async () => {
    for (const tab of tabs) await tab.close()
    await browser?.close()
    for (const host of hosts) await host.close()
    await server?.down()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  return {
    get server() {
      if (!server) throw new Error('the venue has not started')
      return server
    },
    get browser() {
      if (!browser) throw new Error('the venue has not started')
      return browser
    },
    async consoleOn(name) {
      const dataDir = join(dir, name)
      await jsonFileSettingsStore(join(dataDir, 'settings.json')).set({ serverMode: 'remote', serverUrl: `http://127.0.0.1:${port}` })
      const host = await startWebHost({ dataDir, env: {}, rendererDir: resolve('out/renderer') })
      hosts.push(host)
      return host
    },
    async closeConsole(host) {
      hosts.splice(hosts.indexOf(host), 1)
      await host.close()
    },
    async open(host) {
      if (!browser) throw new Error('the venue has not started')
      const tab = await openConsole(browser, host)
      tabs.push(tab)
      return tab
    },
  }
}
