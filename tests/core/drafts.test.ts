import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Draft } from '../../src-shared/ipc'
import { ErrorKey } from '../../src-shared/errors'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { cleanUp, expectFailure, expectOk, remoteCore, signIn, startTestServer } from './harness'

/*
 * Drafts of long forms live in the core's own file, per account (issue 32): they outlive
 * the window and the process, and another account on the same computer never sees them.
 */
const { admin, orgadmin } = demoAccounts
let serverUrl: string

beforeAll(async () => {
  serverUrl = (await startTestServer()).url
})
afterAll(cleanUp)

const KEY = 'train:new'
const values = JSON.stringify({ name: '2027年党支部书记培训班', trainStartTime: '2027-03-10 09:00:00' })

it('keeps a draft per account across a restart of the core, until it is discarded', async () => {
  const first = await remoteCore(serverUrl)
  // No account yet: nothing to keep a draft for.
  expectFailure(await first.core.dispatch('drafts.save', { key: KEY, data: values }), ErrorKey.VALIDATION, '请先登录')
  expectOk(await signIn(first.core, admin.username, admin.password))
  expect(expectOk(await first.core.dispatch('drafts.get', { key: KEY }))).toBeNull()
  expectOk(await first.core.dispatch('drafts.save', { key: KEY, data: values }))
  await first.core.close()

  // A new process on the same data folder (a crash, a reload of the desktop app): the draft is there.
  const second = await remoteCore(serverUrl, { dataDir: first.dataDir })
  expectOk(await second.core.dispatch('session.current', undefined))
  const draft = expectOk<Draft | null>(await second.core.dispatch('drafts.get', { key: KEY }))
  expect(draft?.data).toBe(values)
  expect(draft?.savedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)

  // Another account on this computer has no such draft.
  expectOk(await second.core.dispatch('session.logout', undefined))
  expectOk(await signIn(second.core, orgadmin.username, orgadmin.password))
  expect(expectOk(await second.core.dispatch('drafts.get', { key: KEY }))).toBeNull()

  // Back as the first account: dropped once discarded (放弃, or saved for real).
  expectOk(await second.core.dispatch('session.logout', undefined))
  expectOk(await signIn(second.core, admin.username, admin.password))
  expect(expectOk<Draft | null>(await second.core.dispatch('drafts.get', { key: KEY }))?.data).toBe(values)
  expectOk(await second.core.dispatch('drafts.discard', { key: KEY }))
  expect(expectOk(await second.core.dispatch('drafts.get', { key: KEY }))).toBeNull()
})
