import { createHash } from 'node:crypto'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import type { UploadedFile } from '../../src-shared/schemas/files'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { CACHE_DAYS } from '../../src-main/core/sync/gateway'
import { validTrainForm } from '../support/training'
import { call, cleanUp, expectFailure, expectOk, remoteCore, serverIn, signIn, tempDir } from './harness'

/*
 * The cache keeps what a prepared training needs, however old, and forgets the rest once
 * older than CACHE_DAYS (at the console's start): offline, the prepared training's plan and
 * seat picture are there, another training read long ago is not, a recent read still is.
 * The files are files of a folder beside the cache file: an evicted one is gone from it, as
 * is one no row names, and leaving the server empties it.
 */
afterAll(cleanUp)

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const DAY_MS = 24 * 60 * 60 * 1000
/** The cached files' folder of a data folder, and the name a stored path's file has in it. */
const folderOf = (dataDir: string) => join(dataDir, 'offline-cache-files')
const fileOf = (path: string) => createHash('sha256').update(path).digest('hex')

it('forgets old reads and files no prepared training needs, keeps the prepared one’s and recent ones, and forgets all of them when leaving the server', async () => {
  const dir = await tempDir()
  const server = await serverIn(dir)
  const first = await remoteCore(server.url)
  expectOk(await signIn(first.core, demoAccounts.admin.username, demoAccounts.admin.password))
  const [prepared, other] = [await call(first.core, 'train.create', validTrainForm({ maxNum: 0, name: '已准备离线的培训班' })), await call(first.core, 'train.create', validTrainForm({ maxNum: 0, name: '很久以前看过的培训班' }))]
  const picture = async (trainId: number) => {
    const [stored] = expectOk<UploadedFile[]>(await first.core.dispatch('files.uploadBytes', { kind: 'image', name: `座位图${trainId}.png`, base64: PNG_BASE64 }))
    await call(first.core, 'seatPicture.create', { trainId, imagePath: stored.path })
    return stored.path
  }
  const [preparedPicture, otherPicture] = [await picture(prepared.id), await picture(other.id)]
  await call(first.core, 'offline.prepare', { trainId: prepared.id })
  // The other training only read online: its plan, pictures and picture file are cached too.
  await call(first.core, 'train.get', { id: other.id })
  await call(first.core, 'seat.plan', { trainId: other.id })
  await call(first.core, 'seatPicture.all', { trainId: other.id })
  await call(first.core, 'files.readAsDataUrl', { path: otherPicture })
  await call(first.core, 'member.list', { pageSize: 1 })
  await first.core.close()

  // Time passes: everything was read CACHE_DAYS + 1 days ago, but the member list CACHE_DAYS - 1.
  const file = new BetterSqlite3(join(first.dataDir, 'offline-cache.sqlite'))
  file.prepare("UPDATE cache_read SET at = at - ? WHERE key NOT LIKE '%|member.list|%'").run((CACHE_DAYS + 1) * DAY_MS)
  file.prepare("UPDATE cache_read SET at = at - ? WHERE key LIKE '%|member.list|%'").run((CACHE_DAYS - 1) * DAY_MS)
  file.prepare('UPDATE cache_file SET at = at - ?').run((CACHE_DAYS + 1) * DAY_MS)
  file.close()
  expect(readdirSync(folderOf(first.dataDir)).sort()).toEqual([fileOf(preparedPicture), fileOf(otherPicture)].sort())
  // A file whose row is gone (a write cut short by a crash).
  writeFileSync(join(folderOf(first.dataDir), `${fileOf('/upload/gone.png')}.123.tmp`), 'x')
  await server.close()

  // The console starts with the server gone.
  const { core } = await remoteCore(server.url, { dataDir: first.dataDir })
  expect((await call(core, 'session.current'))?.name).toBe(demoAccounts.admin.username)
  expect((await call(core, 'sync.status')).online).toBe(false)
  expect((await call(core, 'train.get', { id: prepared.id })).name).toBe('已准备离线的培训班')
  expect((await call(core, 'seat.plan', { trainId: prepared.id })).trainId).toBe(prepared.id)
  expect(await call(core, 'files.readAsDataUrl', { path: preparedPicture })).toBe(`data:image/png;base64,${PNG_BASE64}`)
  expect((await call(core, 'member.list', { pageSize: 1 })).records).toHaveLength(1)
  for (const [method, input] of [['train.get', { id: other.id }], ['seat.plan', { trainId: other.id }], ['seatPicture.all', { trainId: other.id }]] as const)
    expectFailure(await core.dispatch(method, input), 'OFFLINE', '离线状态下没有这项数据，请联网后查看（可在培训班上先“准备离线”）')
  expectFailure(await core.dispatch('files.readAsDataUrl', { path: otherPicture }), 'OFFLINE')
  expect(readdirSync(folderOf(first.dataDir))).toEqual([fileOf(preparedPicture)])

  // The console moves to another server: nothing of this one stays, files included.
  await call(core, 'settings.set', { serverMode: 'remote', serverUrl: 'http://127.0.0.1:9' })
  expect(readdirSync(folderOf(first.dataDir))).toEqual([])
  expectFailure(await core.dispatch('files.readAsDataUrl', { path: preparedPicture }), 'OFFLINE')
}, 60_000)
