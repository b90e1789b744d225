import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrainDetail, TrainListRow } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { login } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'

/**
 * The generated notice as an office sees it: converted to PDF by LibreOffice and read back
 * with pdfjs. The layout does not depend on the database, so SQLite alone.
 */

const run = promisify(execFile)
const MM = 72 / 25.4
/** The A4 page and its type area (GB/T 9704-2012 §5.2): 37 mm from the top, 28 mm from the left, 156 × 225 mm. */
const TYPE_AREA = { left: 28 * MM, right: (28 + 156) * MM, top: 297 * MM - 37 * MM, bottom: 297 * MM - (37 + 225) * MM }
const LINE_PITCH = (225 * MM) / 22
/** One character of 3号 (16 pt) and of 4号 (14 pt). */
const BODY_PT = 16
const SMALL_PT = 14

interface Line {
  /** Baseline, in points from the page's foot. */
  y: number
  x: number
  right: number
  size: number
  text: string
}

/** The text of a PDF page as lines: items on one baseline, left to right. */
async function linesOf(pdf: Awaited<ReturnType<typeof getDocument>['promise']>, pageNumber: number): Promise<Line[]> {
  const content = await (await pdf.getPage(pageNumber)).getTextContent()
  const lines = new Map<string, Line>()
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue
    const [size, , , , x, y] = item.transform as number[]
    const key = `${size}@${y.toFixed(1)}`
    const line = lines.get(key) ?? { y, x, right: x, size, text: '' }
    lines.set(key, { ...line, x: Math.min(line.x, x), right: Math.max(line.right, x + item.width), text: line.text + item.str })
  }
  return [...lines.values()].sort((a, b) => b.y - a.y || a.x - b.x)
}

/** Converts a .docx to PDF with LibreOffice in its own profile, so parallel runs don't share one. */
async function toPdf(docx: Buffer, folder: string): Promise<Buffer> {
  try {
    await run('soffice', ['--version'])
  } catch {
    throw new Error('LibreOffice (soffice) is needed to check the notice layout: apt-get install --no-install-recommends libreoffice-writer-nogui')
  }
  const input = join(folder, 'notice.docx')
  await writeFile(input, docx)
  const profile = pathToFileURL(join(folder, 'lo-profile')).href
  await run('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', folder, input], { timeout: 120_000 })
  return readFile(join(folder, 'notice.pdf'))
}

describe.each(testDatabases().filter((d) => d.name === 'sqlite'))('the notice in LibreOffice ($name)', (database) => {
  let server: TestServer
  let admin: string
  let folder: string

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    folder = await mkdtemp(join(tmpdir(), 'lo-profile-'))
  })
  afterAll(async () => {
    await server?.stop()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  it('lays out a seeded training hosted by 其他 as a 公文: title, the root organisation as 署名, 成文日期, page numbers, 版记, 22 lines of 28 characters', { timeout: 180_000 }, async () => {
    const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => call<T>(server.url, method, path, { token: admin, body, query })
    const list = dataOf((await api<{ records: TrainListRow[] }>('GET', '/api/train', undefined, { name: '全省机关党委书记' })).body)
    const train = dataOf((await api<TrainDetail>('GET', `/api/train/${list.records[0].id}`)).body)
    expect(train.depName).toBe('其他')
    const { wordPath } = dataOf((await api<{ wordPath: string }>('POST', '/api/train/notice', { id: train.id })).body)
    const docx = Buffer.from(await (await fetch(`${server.url}/api/file?path=${encodeURIComponent(wordPath)}`, { headers: { Token: admin } })).arrayBuffer())

    const pdf = await getDocument({ data: new Uint8Array(await toPdf(docx, folder)) }).promise
    expect(pdf.numPages).toBeGreaterThanOrEqual(1)
    const pages = await Promise.all(Array.from({ length: pdf.numPages }, (_, i) => linesOf(pdf, i + 1)))
    const allText = pages.flat().map((l) => l.text).join('')
    const [year, month, day] = train.createTime.slice(0, 10).split('-').map(Number)
    const dated = `${year}年${month}月${day}日`

    // The head: the issuing office's mark and the title, in the root organisation's name, never 其他.
    expect(pages[0][0]).toMatchObject({ text: '省直机关工委', size: 36 })
    expect(allText).toContain(`关于举办${train.name}的通知`)
    expect(allText).not.toContain('其他')

    // The link line is not justified: the link follows its label without a gap.
    const body = pages.flat().filter((l) => l.size === BODY_PT)
    const link = body.find((l) => l.text.startsWith('报名链接：'))!
    expect(link.text).toContain('http')
    expect(link.right).toBeLessThan(TYPE_AREA.right - BODY_PT)

    // Signature and date: the date 右空二字, the signature starting two characters left of it.
    const last = pages[pages.length - 1]
    const lastBody = last.filter((l) => l.size === BODY_PT)
    const [signature, date] = lastBody.slice(-2)
    expect([signature.text, date.text]).toEqual(['省直机关工委', dated])
    expect((TYPE_AREA.right - date.right) / BODY_PT).toBeCloseTo(2, 0)
    expect((date.x - signature.x) / BODY_PT).toBeCloseTo(2, 0)

    // Page numbers “— n —” in 4号 below the type area: odd pages 右空一字, even pages 左空一字.
    pages.forEach((lines, i) => {
      const number = lines.find((l) => l.text === `— ${i + 1} —`)
      expect(number, `page ${i + 1}`).toBeDefined()
      expect(number!.size).toBe(SMALL_PT)
      expect(number!.y).toBeLessThan(TYPE_AREA.bottom)
      if (i % 2 === 0) expect((TYPE_AREA.right - number!.right) / SMALL_PT).toBeCloseTo(1, 0)
      else expect((number!.x - TYPE_AREA.left) / SMALL_PT).toBeCloseTo(1, 0)
    })

    // The 版记 at the foot of the last page's type area: 印发机关 左空一字, 印发日期 右空一字.
    const colophon = last.find((l) => l.size === SMALL_PT && l.text.endsWith(`${dated}印发`))!
    expect(colophon.text).toBe(`省直机关工委${dated}印发`)
    expect(colophon.y).toBeGreaterThan(TYPE_AREA.bottom)
    expect(colophon.y).toBeLessThan(TYPE_AREA.bottom + LINE_PITCH)
    expect((colophon.x - TYPE_AREA.left) / SMALL_PT).toBeCloseTo(1, 0)
    expect((TYPE_AREA.right - colophon.right) / SMALL_PT).toBeCloseTo(1, 0)

    // The grid: every body line on one of a page's 22 lines, at most 28 characters wide.
    const firstLine = body[0].y
    for (const line of body) {
      const lines = (firstLine - line.y) / LINE_PITCH
      expect(Math.abs(lines - Math.round(lines)), line.text).toBeLessThan(0.05)
      expect(line.y, line.text).toBeGreaterThan(TYPE_AREA.bottom)
      expect(line.right - line.x, line.text).toBeLessThanOrEqual(TYPE_AREA.right - TYPE_AREA.left + 1)
    }
    for (const lines of pages) {
      expect(new Set(lines.filter((l) => l.size === BODY_PT).map((l) => l.y.toFixed(1))).size).toBeLessThanOrEqual(22)
    }
    // The first page is full: its last body line is the 22nd.
    const firstPageBody = pages[0].filter((l) => l.size === BODY_PT)
    expect(Math.round((TYPE_AREA.top - firstPageBody[firstPageBody.length - 1].y) / LINE_PITCH)).toBe(22)
  })
})
