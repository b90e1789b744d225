import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import * as XLSX from '@e965/xlsx'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DownloadResult, RpcEvents } from '../../src-shared/ipc'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { FileDialogPort } from '../../src-main/core/files'
import { jpegPdf } from '../support/image-pdf'
import { openRangedPdf } from '../../src-renderer/features/seating/rangedPdf'
import { MAX_READ_RANGE_BYTES, type FileRange } from '../../src-shared/schemas/files'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { cleanUp, expectFailure, expectOk, remoteCore, signIn, startTestServer, tempDir } from './harness'

/** A real 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64')

/** Stands in for the operating system's save dialog, which cannot open here. */
function saveDialog(answer: () => string | null, asked: { defaultName: string; extensions: readonly string[] }[]): FileDialogPort {
  return {
    openFiles: async () => null,
    saveFile: async ({ defaultName, extensions }) => {
      asked.push({ defaultName, extensions })
      return answer()
    },
  }
}

/** 50 MB that the server takes for an MP4 (an ISO media box first). */
function largeVideo(): Buffer {
  const bytes = Buffer.alloc(50 * 1024 * 1024)
  bytes.write('ftyp', 4)
  return bytes
}

/**
 * A seat chart of six A4 pages with a 3 MB picture each (about 18 MB); the pictures are
 * JPEG-framed filler, as only the PDF's structure matters for reading by ranges.
 */
function largeChart(): Buffer {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(3 * 1024 * 1024, 0x20), Buffer.from([0xff, 0xd9])])
  return Buffer.from(jpegPdf(Array.from({ length: 6 }, () => ({ jpeg, width: 1600, height: 1200 })), 'landscape'))
}

describe('files through the core: uploads and downloads', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let serverUrl: string

  beforeAll(async () => {
    server = await startTestServer()
    serverUrl = server.url
  })

  /** Every file in the server's upload folder. */
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(server.uploadDir, { recursive: true, withFileTypes: true })
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  }
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

  describe('a large seat-chart PDF read by ranges', () => {
    const chart = largeChart()
    let core: Awaited<ReturnType<typeof signedInCore>>
    let dataDir: string
    let path: string
    const readRange = async (start: number, end: number) => expectOk<FileRange>(await core.dispatch('files.readRange', { path, start, end }))

    beforeAll(async () => {
      ;({ core, dataDir } = await remoteCore(serverUrl))
      expectOk(await signIn(core, demoAccounts.admin.username, demoAccounts.admin.password))
      path = expectOk<UploadedFile[]>(await core.dispatch('files.uploadBytes', { kind: 'pdf', name: '座位编排.pdf', base64: chart.toString('base64') }))[0].path
    })

    it('reassembles the file from ranges of at most 8MB, and refuses a larger or a past-the-end range', async () => {
      const pieces: Buffer[] = []
      for (let start = 0; start < chart.length; start += MAX_READ_RANGE_BYTES) {
        const range = await readRange(start, start + MAX_READ_RANGE_BYTES)
        expect(range.total).toBe(chart.length)
        pieces.push(Buffer.from(range.base64, 'base64'))
      }
      expect(pieces.length).toBeGreaterThan(2)
      expect(Buffer.concat(pieces).equals(chart)).toBe(true)
      expect(Buffer.from((await readRange(5, 1_234_567)).base64, 'base64').equals(chart.subarray(5, 1_234_567))).toBe(true)

      expectFailure(await core.dispatch('files.readRange', { path, start: 0, end: MAX_READ_RANGE_BYTES + 1 }), 'VALIDATION', '读取范围须为 1 字节到 8MB')
      expectFailure(await core.dispatch('files.readRange', { path, start: 10, end: 10 }), 'VALIDATION', '读取范围须为 1 字节到 8MB')
      expectFailure(
        await core.dispatch('files.readRange', { path, start: chart.length, end: chart.length + 1 }),
        'VALIDATION',
        `请求的读取范围超出文件大小（文件共 ${chart.length} 字节）`,
      )
    })

    it('lets pdf.js open it and draw page 1 reading a small part of the file', async () => {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
      let bytesRead = 0
      const counted = async (start: number, end: number) => {
        const range = await readRange(start, end)
        bytesRead += Buffer.byteLength(range.base64, 'base64')
        return range
      }
      const task = await openRangedPdf(pdfjs, counted, (error) => expect.fail(String(error)))
      const doc = await task.promise
      expect(doc.numPages).toBe(6)
      // What drawing page 1 needs: its objects, its content stream and its picture.
      await (await doc.getPage(1)).getOperatorList()
      expect(bytesRead).toBeGreaterThan(3 * 1024 * 1024)
      // pdf.js also reads the chunk holding each page's object (it checks the last page
      // through the page tree), but none of the other pages' pictures.
      expect(bytesRead).toBeLessThan(chart.length / 2)
      await task.destroy()
    })

    it('offline, reads the file cached while online back byte-identical, whole and by ranges, from a file beside the cache', async () => {
      expect(expectOk(await core.dispatch('files.readAsDataUrl', { path }))).toMatch(/^data:application\/pdf;base64,/)
      await core.close()
      // The same data folder, with the server's address now answering nothing.
      const offline = (await remoteCore('http://127.0.0.1:1', { dataDir })).core
      for (const [start, end] of [[0, 1000], [1, 2], [2, 6_000_001], [chart.length - 7, chart.length + 100]]) {
        const range = expectOk<FileRange>(await offline.dispatch('files.readRange', { path, start, end }))
        expect(range.total).toBe(chart.length)
        expect(Buffer.from(range.base64, 'base64').equals(chart.subarray(start, end))).toBe(true)
      }
      const whole = expectOk<string>(await offline.dispatch('files.readAsDataUrl', { path }))
      expect(whole.startsWith('data:application/pdf;base64,')).toBe(true)
      expect(Buffer.from(whole.slice(whole.indexOf(',') + 1), 'base64').equals(chart)).toBe(true)
      // Kept as a file of its own, not as text in the cache file.
      const kept = await readdir(join(dataDir, 'offline-cache-files'))
      expect(kept).toHaveLength(1)
      expect((await readFile(join(dataDir, 'offline-cache-files', kept[0]))).equals(chart)).toBe(true)
    })
  })

  it('reports the bytes of a large upload as they go out', async () => {
    const dir = await tempDir()
    const video = join(dir, '党课.mp4')
    await writeFile(video, largeVideo())
    const core = await signedInCore({ openFiles: async () => [video], saveFile: async () => null })
    const progress: RpcEvents['progress'][] = []
    core.events.on('progress', (event) => progress.push(event))

    const [stored] = expectOk<UploadedFile[]>(await core.dispatch('files.pickAndUpload', { kind: 'video', taskId: 'video' }))

    expect(stored.size).toBe(50 * 1024 * 1024)
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every((event) => event.taskId === 'video' && event.label === '党课.mp4')).toBe(true)
    const done = progress.map((event) => event.done)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    // The multipart request is the file and a few hundred bytes of framing.
    expect(done.at(-1)).toBe(progress[0].total)
    expect(progress[0].total).toBeGreaterThan(stored.size)
  })

  it('cancels an upload mid-way: refused as 已取消上传, with no half file and no record left on the server', async () => {
    const core = await signedInCore()
    const before = await storedFiles()
    const recordsBefore = await server.db.selectFrom('upload').select('path').execute()
    const progress: number[] = []
    core.events.on('progress', (event) => {
      progress.push(event.done)
      if (progress.length > 1) return
      // Cancelled once the server has started writing the file.
      void (async () => {
        while ((await storedFiles()).length === before.length) await sleep(5)
        expectOk(await core.dispatch('files.cancel', { taskId: 'video' }))
      })()
    })

    const upload = core.dispatch('files.uploadBytes', { kind: 'video', name: '党课.mp4', base64: largeVideo().toString('base64'), taskId: 'video' })

    expectFailure(await upload, 'FILE_REJECTED', '已取消上传')
    // The server notices the closed connection a moment later.
    for (let waited = 0; (await storedFiles()).length > before.length && waited < 5000; waited += 50) await sleep(50)
    expect(await storedFiles()).toEqual(before)
    expect(await server.db.selectFrom('upload').select('path').execute()).toEqual(recordsBefore)
    // Cancelling what no longer runs does nothing.
    expectOk(await core.dispatch('files.cancel', { taskId: 'video' }))
  })

  it('refuses content that is not what its name says, with the server’s message', async () => {
    const core = await signedInCore()
    const error = expectFailure(
      await core.dispatch('files.uploadBytes', { kind: 'image', name: 'fake.png', base64: Buffer.from('not an image').toString('base64') }),
      'FILE_REJECTED',
    )
    expect(error.message).not.toBe('')
  })

  async function uploadPng(core: Awaited<ReturnType<typeof signedInCore>>): Promise<string> {
    const [stored] = expectOk<UploadedFile[]>(await core.dispatch('files.uploadBytes', { kind: 'image', name: '党员照片.png', base64: PNG_BASE64 }))
    return stored.path
  }

  it('hands the bytes and the server’s file name back when there is no native dialog (web host)', async () => {
    const core = await signedInCore()
    const path = await uploadPng(core)
    const progress: RpcEvents['progress'][] = []
    core.events.on('progress', (event) => progress.push(event))

    const result = expectOk<DownloadResult>(await core.dispatch('files.download', { route: 'files.get', input: { path }, taskId: 'photo' }))

    expect(result).toEqual({ kind: 'data', name: '党员照片.png', contentType: 'image/png', base64: PNG_BASE64 })
    expect(progress.at(-1)).toEqual({ taskId: 'photo', done: PNG_BYTES.length, total: PNG_BYTES.length, label: '党员照片.png' })
  })

  it('saves where the native dialog says, and nothing when it is cancelled', async () => {
    const dir = await tempDir()
    const target = join(dir, '导出.png')
    let answer: string | null = target
    const asked: { defaultName: string; extensions: readonly string[] }[] = []
    const core = await signedInCore(saveDialog(() => answer, asked))
    const path = await uploadPng(core)

    const saved = expectOk<DownloadResult>(await core.dispatch('files.download', { route: 'files.get', input: { path } }))
    expect(saved).toEqual({ kind: 'saved', name: '导出.png', path: target })
    expect(asked).toEqual([{ defaultName: '党员照片.png', extensions: ['png'] }])
    expect(await readFile(target)).toEqual(PNG_BYTES)

    answer = null
    expect(expectOk(await core.dispatch('files.download', { route: 'files.get', input: { path } }))).toEqual({ kind: 'cancelled' })
    // No temporary file left behind.
    expect(await readdir(dir)).toEqual(['导出.png'])
  })

  it('offers .xls beside .xlsx for a workbook, and writes a real 97–2003 file when it is chosen', async () => {
    const dir = await tempDir()
    const target = join(dir, '党员信息.xls')
    const asked: { defaultName: string; extensions: readonly string[] }[] = []
    const core = await signedInCore(saveDialog(() => target, asked))
    expect(expectOk(await core.dispatch('files.download', { route: 'member.export', input: {} }))).toEqual({ kind: 'saved', name: '党员信息.xls', path: target })
    expect(asked[0].extensions).toEqual(['xlsx', 'xls'])
    const bytes = await readFile(target)
    // The compound-file signature of Excel 97–2003, not a renamed .xlsx (a zip).
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0')
    const workbook = XLSX.read(bytes, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1 })
    expect(rows[0]).toContain('姓名')
    expect(rows.length).toBeGreaterThan(1)
    expect(await readdir(dir)).toEqual(['党员信息.xls'])
  })

  it('reports the server’s refusal in Chinese and asks for no destination', async () => {
    const asked: { defaultName: string; extensions: readonly string[] }[] = []
    const core = await signedInCore(saveDialog(() => '/nowhere', asked))
    expectFailure(
      await core.dispatch('files.download', { route: 'files.get', input: { path: '2026/01/00000000000000000000000000000000.png' } }),
      'NOT_FOUND',
      '文件不存在',
    )
    expect(asked).toEqual([])
  })

  describe('files the renderer made (a seat list, a PDF report)', () => {
    const PDF = Buffer.from('%PDF-1.4\n座位表\n%%EOF\n')
    const pdf = { name: '第一期培训班座位表.pdf', contentType: 'application/pdf', base64: PDF.toString('base64') }

    it('hands the same bytes back when there is no native dialog (web host), for the browser to save', async () => {
      const { core } = await remoteCore(serverUrl)
      expect(expectOk<DownloadResult>(await core.dispatch('files.saveBytes', pdf))).toEqual({ kind: 'data', ...pdf })
    })

    it('says saved only once the file is where the native dialog says, and nothing is written when it is cancelled', async () => {
      const dir = await tempDir()
      const target = join(dir, '座位表.pdf')
      let answer: string | null = target
      const asked: { defaultName: string; extensions: readonly string[] }[] = []
      const { core } = await remoteCore(serverUrl, { dialogs: saveDialog(() => answer, asked) })

      expect(expectOk<DownloadResult>(await core.dispatch('files.saveBytes', pdf))).toEqual({ kind: 'saved', name: '座位表.pdf', path: target })
      expect(asked).toEqual([{ defaultName: pdf.name, extensions: ['pdf'] }])
      expect(await readFile(target)).toEqual(PDF)

      answer = null
      await rm(target)
      expect(expectOk(await core.dispatch('files.saveBytes', pdf))).toEqual({ kind: 'cancelled' })
      expect(await readdir(dir)).toEqual([])
    })

    it('fails, leaving no half file, when the chosen place cannot take the file', async () => {
      const dir = await tempDir()
      const { core } = await remoteCore(serverUrl, { dialogs: saveDialog(() => join(dir, '不存在的文件夹', '座位表.pdf'), []) })
      expectFailure(await core.dispatch('files.saveBytes', pdf), 'INTERNAL')
      expect(await readdir(dir)).toEqual([])
    })

    it('saves a seat list workbook as a real 97–2003 file when .xls is chosen', async () => {
      const dir = await tempDir()
      const target = join(dir, '座位名单.xls')
      const asked: { defaultName: string; extensions: readonly string[] }[] = []
      const { core } = await remoteCore(serverUrl, { dialogs: saveDialog(() => target, asked) })
      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['姓名', '排', '列'], ['张三', 1, 2]]), '座位名单')
      const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
      const input = { name: '座位名单.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: xlsx.toString('base64') }

      expect(expectOk(await core.dispatch('files.saveBytes', input))).toEqual({ kind: 'saved', name: '座位名单.xls', path: target })
      expect(asked[0].extensions).toEqual(['xlsx', 'xls'])
      const bytes = await readFile(target)
      expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0')
      const saved = XLSX.read(bytes, { type: 'buffer' })
      expect(XLSX.utils.sheet_to_json<unknown[]>(saved.Sheets[saved.SheetNames[0]], { header: 1 })).toEqual([['姓名', '排', '列'], ['张三', 1, 2]])
      expect(await readdir(dir)).toEqual(['座位名单.xls'])
    })

    it('refuses a file without a name before asking where to save it', async () => {
      const asked: { defaultName: string; extensions: readonly string[] }[] = []
      const { core } = await remoteCore(serverUrl, { dialogs: saveDialog(() => '/nowhere', asked) })
      expectFailure(await core.dispatch('files.saveBytes', { ...pdf, name: '' }), 'VALIDATION')
      expect(asked).toEqual([])
    })
  })

  it('checks the route and its input before sending', async () => {
    const { core } = await remoteCore(serverUrl)
    // Not a download route (and not signed in: had it been sent, the server would say UNAUTHENTICATED).
    expectFailure(await core.dispatch('files.download', { route: 'member.list' }), 'VALIDATION', '不支持的下载')
    expectFailure(await core.dispatch('files.download', { route: 'files.get', input: { path: '../etc/passwd' } }), 'VALIDATION', '文件路径无效')
  })
})
