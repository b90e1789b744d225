import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { FileDialogPort } from '../../src-main/core/files'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { cleanUp, expectFailure, expectOk, remoteCore, signIn, startTestServer, tempDir } from './harness'

/** A real 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

describe('files through the core', () => {
  let serverUrl: string

  beforeAll(async () => {
    serverUrl = (await startTestServer()).url
  })
  afterAll(cleanUp)

  async function signedInCore(dialogs?: FileDialogPort) {
    const { core } = await remoteCore(serverUrl, dialogs ? { dialogs } : {})
    expectOk(await signIn(core, demoAccounts.admin.username, demoAccounts.admin.password))
    return core
  }

  it('refuses a wrong type or an oversized image before sending anything', async () => {
    // Not signed in: had the file been sent, the server would have answered UNAUTHENTICATED.
    const { core } = await remoteCore(serverUrl)
    expectFailure(
      await core.dispatch('files.uploadBytes', { kind: 'image', name: 'photo.gif', base64: PNG_BASE64 }),
      'FILE_REJECTED',
      '只能上传 jpg、jpeg、png 格式的文件!',
    )
    const tooLarge = Buffer.alloc(1024 * 1024 + 1).toString('base64')
    expectFailure(
      await core.dispatch('files.uploadBytes', { kind: 'image', name: 'big.png', base64: tooLarge }),
      'FILE_REJECTED',
      '上传图片大小不能超过 1MB!',
    )
  })

  it('uploads bytes and reads the stored file back as a data URL', async () => {
    const core = await signedInCore()
    const [stored] = expectOk<UploadedFile[]>(await core.dispatch('files.uploadBytes', { kind: 'image', name: '群二维码.png', base64: PNG_BASE64 }))
    expect(stored.name).toBe('群二维码.png')
    expect(stored.path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/)
    expect(expectOk(await core.dispatch('files.readAsDataUrl', { path: stored.path }))).toBe(`data:image/png;base64,${PNG_BASE64}`)
  })

  it('uploads the files picked in a native dialog, and nothing when it is cancelled', async () => {
    const dir = await tempDir()
    const picked = join(dir, 'seat.png')
    await writeFile(picked, Buffer.from(PNG_BASE64, 'base64'))
    let answer: string[] | null = [picked]
    const asked: { extensions: readonly string[]; multiple: boolean }[] = []
    // Stands in for the operating system's dialog, which cannot open here.
    const dialogs: FileDialogPort = {
      openFiles: async ({ extensions, multiple }) => {
        asked.push({ extensions, multiple })
        return answer
      },
      saveFile: async () => null,
    }
    const core = await signedInCore(dialogs)

    const [stored] = expectOk<UploadedFile[]>(await core.dispatch('files.pickAndUpload', { kind: 'image' }))
    expect(asked).toEqual([{ extensions: ['jpg', 'jpeg', 'png'], multiple: false }])
    expect(stored.name).toBe('seat.png')
    expect(expectOk(await core.dispatch('files.readAsDataUrl', { path: stored.path }))).toBe(`data:image/png;base64,${PNG_BASE64}`)

    answer = null
    expect(expectOk(await core.dispatch('files.pickAndUpload', { kind: 'image' }))).toBeNull()
  })

  it('refuses content that is not what its name says, with the server’s message', async () => {
    const core = await signedInCore()
    const error = expectFailure(
      await core.dispatch('files.uploadBytes', { kind: 'image', name: 'fake.png', base64: Buffer.from('not an image').toString('base64') }),
      'FILE_REJECTED',
    )
    expect(error.message).not.toBe('')
  })
})
