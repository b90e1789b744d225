import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { phoneRoutes } from '../../src-shared/routes/phone'

/**
 * The member phone pages call the server only through the phone's route table (issue 29):
 * their script (src-phone, built to out/phone/phone.js) names a route, never a path, and the
 * server's page modules carry no script of their own.
 */
const root = join(__dirname, '../..')
const phoneSources = readdirSync(join(root, 'src-phone')).map((f) => join('src-phone', f))
const pageModules = ['src-server/modules/signup/mobile-html.ts', 'src-server/modules/signup/signup-page.ts', 'src-server/modules/exam/exam-page.ts']

describe('the phone pages from the contract', () => {
  it('has no hand-written /api/ path in the phone script or the pages the server renders', () => {
    expect(phoneSources.length).toBeGreaterThan(5)
    for (const file of [...phoneSources, ...pageModules]) expect(readFileSync(join(root, file), 'utf8'), file).not.toContain('/api/')
  })

  it('renders no inline script: the pages load the bundle, allowed by their nonce', () => {
    for (const file of pageModules) {
      const inline = [...readFileSync(join(root, file), 'utf8').matchAll(/<script(?![^>]*(src=|type="application\/json"))[^>]*>/g)]
      expect(inline.map((m) => m[0]), file).toEqual([])
    }
  })

  it('reaches only routes a member may call: public or the member session, never a console permission', () => {
    const names = Object.keys(phoneRoutes) as (keyof typeof phoneRoutes)[]
    const calledBy = phoneSources.map((f) => readFileSync(join(root, f), 'utf8')).join('\n')
    for (const name of names) {
      expect(['public', 'member'], name).toContain(phoneRoutes[name].access)
      expect(phoneRoutes[name].rpc, name).toBe(false)
    }
    // Every API row of the table is called by the bundle (a row nobody calls belongs elsewhere).
    for (const name of names.filter((n) => phoneRoutes[n].path.startsWith('/api/'))) expect(calledBy, name).toContain(`'${name}'`)
  })
})
