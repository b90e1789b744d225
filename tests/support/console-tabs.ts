import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import type { RpcName, RpcOutput } from '../../src-shared/ipc'
import { openDatabase } from '../../src-server/db/connect'
import type { Db } from '../../src-server/db/types'
import { coreCall, launchBrowser, openConsole, signInCore, startConsole, type ConsolePage, type ConsoleUnderTest } from './browser'

export interface ConsoleTabs {
  readonly browser: Browser
  readonly app: ConsoleUnderTest
  /** The tab of the running test. */
  readonly tab: ConsolePage
}

/**
 * The hooks of an e2e file: one browser and one console for the file, a fresh tab for
 * each test that must end without page errors, and signed out afterwards (the web host
 * keeps one session for the machine, so every test starts signed out).
 */
export function useConsoleTabs(): ConsoleTabs {
  // Filled in by the hooks; the tests read it once they have run.
  const fixture = {} as { browser: Browser; app: ConsoleUnderTest; tab: ConsolePage }
  beforeAll(async () => {
    fixture.browser = await launchBrowser()
    fixture.app = await startConsole()
  })
  afterAll(async () => {
    await fixture.browser?.close()
    await fixture.app?.close()
  })
  beforeEach(async () => {
    fixture.tab = await openConsole(fixture.browser, fixture.app.host)
  })
  afterEach(async () => {
    expect(fixture.tab.errors).toEqual([])
    await fixture.tab.close()
    await fixture.app.host.core.dispatch('session.logout', undefined)
  })
  return fixture
}

export interface SignedInConsole extends ConsoleTabs {
  /** A method of the console's core, as the renderer calls it (signed in as the super user). */
  core<K extends RpcName>(method: K, input?: unknown): Promise<RpcOutput<K>>
  /** The embedded server's address (member pages, API calls as a member). */
  readonly serverUrl: string
  /** A folder of the file's own for downloads, removed afterwards. */
  readonly workDir: string
}

/**
 * The hooks of an e2e file whose tests go on from one another in one tab (a training made,
 * then seated, then printed): one browser, one console signed in at the core, `prepare`
 * run once before the tab opens (records made through the core or in the server's
 * database), and the whole file ending without page errors.
 */
export function useSignedInConsole(prepare?: (console: SignedInConsole) => Promise<void>, options: { viewport?: { width: number; height: number }; timeout?: number } = {}): SignedInConsole {
  // Filled in by the hooks; the tests read it once they have run.
  const fixture = { core: (method, input) => coreCall(fixture.app.host, method, input) } as { -readonly [K in keyof SignedInConsole]: SignedInConsole[K] }
  beforeAll(async () => {
    fixture.browser = await launchBrowser()
    fixture.app = await startConsole()
    fixture.workDir = await mkdtemp(join(tmpdir(), 'e2e-files-'))
    await signInCore(fixture.app.host)
    fixture.serverUrl = (await fixture.core('app.info')).serverUrl
    await prepare?.(fixture)
    fixture.tab = await openConsole(fixture.browser, fixture.app.host)
    if (options.viewport) await fixture.tab.page.setViewportSize(options.viewport)
  }, options.timeout ?? 60_000)
  afterAll(async () => {
    expect(fixture.tab?.errors ?? []).toEqual([])
    await fixture.tab?.close()
    await fixture.browser?.close()
    await fixture.app?.close()
    if (fixture.workDir) await rm(fixture.workDir, { recursive: true, force: true })
  })
  return fixture
}

/** Works in the embedded server's SQLite file (records the console has no screen to make quickly). */
export async function withServerDb<T>(app: ConsoleUnderTest, work: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openDatabase(join(app.dataDir, 'platform.sqlite'))
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/** A member's phone (390 × 844) on the exam page; signed in with `password` when given. */
export async function memberPhone(browser: Browser, serverUrl: string, signIn?: { telephone: string; password: string }): Promise<{ context: BrowserContext; phone: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true, hasTouch: true })
  const phone = await context.newPage()
  phone.on('dialog', (d) => void d.accept())
  await phone.goto(`${serverUrl}/m/exam`)
  if (signIn) {
    await phone.fill('#telephone', signIn.telephone)
    await phone.fill('#password', signIn.password)
    await phone.click('button[type=submit]')
  }
  return { context, phone }
}
