import { afterAll, describe, expect, it } from 'vitest'
import { makeDocument } from '../../src-main/core/documents'
import { columnWidths } from '../../src-main/core/documents/table-view'
import { DocumentSchema, MAX_PRINTED_ROWS, type DocumentOf } from '../../src-shared/schemas/documents'
import { joined, PdfFile } from '../support/pdf-tools'
import { seededRandom, testSeed } from '../sync/seeded'

/**
 * 打印 of a list (the tableView document): read back with pdffonts / pdftotext / pdftoppm
 * as a clerk's tools would, not trusted from what the code meant to draw.
 */

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗']
const nameAt = (i: number) => `${SURNAMES[i % SURNAMES.length]}晓${i}`
const ORG = '中共南京市玄武区委组织部机关第二党支部'
const A4 = { width: 595.28, height: 841.89 }

const memberRows = (n: number) =>
  Array.from({ length: n }, (_, i) => [String(i + 1), nameAt(i), i % 2 ? '男' : '女', `1390000${String(i).padStart(4, '0')}`, ORG, i % 3 ? '启用' : '停用'])

const opened: PdfFile[] = []
async function printed(spec: Omit<DocumentOf<'tableView'>, 'kind' | 'fileName'>): Promise<PdfFile> {
  const made = await makeDocument(DocumentSchema.parse({ kind: 'tableView', fileName: spec.title, ...spec }))
  const file = new PdfFile(made.bytes)
  opened.push(file)
  return file
}
afterAll(() => opened.forEach((f) => f.remove()))

describe('打印 of a list', () => {
  it('a member list of 150: portrait A4, the embedded CJK font, every name, the title and filters, the header and a page number on every page', async () => {
    const rows = memberRows(150)
    const subtitle = '筛选条件：状态：启用；所在组织：玄武区委组织部 · 共 150 条 · 打印时间 2026-05-01 10:00'
    const file = await printed({ title: '党员列表', subtitle, columns: ['序号', '姓名', '性别', '手机号', '所属组织', '状态'], rows })
    for (const font of file.fonts()) {
      expect(font.name).toMatch(/^[A-Z]{6}\+NotoSansSC-(Regular|Bold)$/)
      expect(font.embedded).toBe(true)
    }
    expect(file.pageSize()).toEqual(A4)
    const pages = file.pages()
    expect(pages).toBeGreaterThan(3)
    const text = joined(file.text())
    for (const row of rows) expect(text).toContain(`${row[1]}${row[2]}${row[3]}`)
    expect(joined(file.text(1))).toContain(`党员列表${joined(subtitle)}`)
    for (let page = 1; page <= pages; page++) {
      const pageText = joined(file.text(page))
      expect(pageText).toContain('序号姓名性别手机号所属组织状态')
      expect(pageText).toContain(`第${page}/${pages}页`)
      // Nothing is drawn off the paper.
      for (const word of file.words(page)) expect(word.xMax).toBeLessThan(A4.width - 30)
    }
    // The title's ink is where pdftotext finds it, centred above the table.
    const title = file.words(1).find((w) => w.text === '党员列表')!
    expect(Math.abs((title.xMin + title.xMax) / 2 - A4.width / 2)).toBeLessThan(2)
    const page = file.render(1)
    expect(page.dark(title.xMin, title.yMin, title.xMax, title.yMax)).toBeGreaterThan(100)
    expect(page.dark(0, title.yMin, title.xMin - 4, title.yMax)).toBe(0)
  })

  it('a wide list goes landscape: short cells (a phone number, a date) stay on one line, long ones wrap and stay whole', async () => {
    const extra = ['出生日期', '入党时间', '学历', '职务', '工作单位及职务说明']
    const note = '南京市玄武区委组织部党员教育管理中心副主任兼办公室主任'
    const rows = memberRows(40).map((row) => [...row, '1980-01-01', '2001-07-01', '研究生', '支部书记', note])
    const file = await printed({ title: '党员列表', subtitle: '全部记录 · 共 40 条 · 打印时间 2026-05-01 10:00', columns: ['序号', '姓名', '性别', '手机号', '所属组织', '状态', ...extra], rows })
    expect(file.pageSize()).toEqual({ width: A4.height, height: A4.width })
    for (let page = 1; page <= file.pages(); page++) {
      // Every page, not only the first, is landscape.
      expect(file.render(page).width).toBe(Math.round(A4.height))
      const words = file.words(page)
      expect(joined(file.text(page))).toContain('序号姓名性别手机号所属组织状态出生日期入党时间学历职务工作单位及职务说明')
      for (const word of words) expect(word.xMax).toBeLessThan(A4.height - 30)
    }
    const words = file.words(1)
    expect(words.some((w) => w.text === '13900000000')).toBe(true)
    expect(words.some((w) => w.text === '1980-01-01')).toBe(true)
    // The long note wrapped onto a second line inside its cell, and reads whole.
    expect(words.some((w) => w.text === note)).toBe(false)
    expect(joined(file.text())).toContain(`支部书记${note}`)
  })

  it(`more than ${MAX_PRINTED_ROWS} rows are refused at the boundary with a message that says what to do`, () => {
    const result = DocumentSchema.safeParse({ kind: 'tableView', fileName: 'x', title: 'x', subtitle: '', columns: ['姓名'], rows: Array.from({ length: MAX_PRINTED_ROWS + 1 }, () => ['王']) })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(`最多打印${MAX_PRINTED_ROWS}条，请缩小查询范围后再打印`)
  })

  it('column widths fill the line; when they must shrink, only the widest give way and none under its minimum (seeded)', () => {
    const seed = testSeed()
    console.log(`column widths: seed ${seed} (SEED=${seed} repeats it)`)
    const random = seededRandom(seed)
    for (let run = 0; run < 500; run++) {
      const count = 1 + random.int(40)
      const natural = Array.from({ length: count }, () => 20 + random.next() * 580)
      // A minimum is never above the natural width (tableViewPdf makes them so).
      const minimum = natural.map((w) => Math.min(w, 20 + random.next() * 60))
      const { layout, widths } = columnWidths(natural, minimum)
      const total = natural.reduce((a, b) => a + b, 0)
      const room = (layout === 'portrait' ? A4.width : A4.height) - 72
      const where = `seed ${seed}, run ${run}`
      expect(layout, where).toBe(total <= A4.width - 72 ? 'portrait' : 'landscape')
      expect(widths.reduce((a, b) => a + b, 0), where).toBeCloseTo(room, 3)
      if (total <= room || minimum.reduce((a, b) => a + b, 0) >= room) continue
      widths.forEach((w, i) => {
        expect(w, where).toBeGreaterThanOrEqual(minimum[i] - 1e-6)
        expect(w, where).toBeLessThanOrEqual(natural[i] + 1e-6)
      })
      // One common cut: the columns cut below their natural width (and above their minimum) are equally wide.
      const cut = widths.filter((w, i) => w < natural[i] - 1e-3 && w > minimum[i] + 1e-3)
      if (cut.length > 1) expect(Math.max(...cut) - Math.min(...cut), where).toBeLessThan(1e-3)
    }
  })
})
