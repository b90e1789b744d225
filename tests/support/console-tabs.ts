import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { launchBrowser, openConsole, startConsole, type ConsolePage, type ConsoleUnderTest } from './browser'

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
  let browser: Browser | undefined
  let app: ConsoleUnderTest | undefined
  let tab: ConsolePage | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
    app = await startConsole()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })
  beforeEach(async () => {
    tab = await openConsole(browser!, app!.host)
  })
  afterEach(async () => {
    expect(tab!.errors).toEqual([])
    await tab!.close()
    await app!.host.core.dispatch('session.logout', undefined)
  })
  return {
    get browser() {
      return browser!
    },
    get app() {
      return app!
    },
    get tab() {
      return tab!
    },
  }
}
