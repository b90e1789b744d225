import { afterAll, describe, expect, it } from 'vitest'
import { makeDocument } from '../../src-main/core/documents'
import { createDocumentMethods } from '../../src-main/core/documents/methods'
import { createCoreFiles } from '../../src-main/core/files'
import type { ApiClient } from '../../src-main/core/api-client'
import { DocumentSchema, type DocumentSpec, type VenuePerson } from '../../src-shared/schemas/documents'
import { joined, PdfFile } from '../support/pdf-tools'

/**
 * The one document pipeline (src-main/core/documents): every PDF the product writes has
 * the shipped CJK font embedded and real text — pdffonts and pdftotext read them as a
 * person's tools would, and a page rendered by pdftoppm has ink where the text says.
 */

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗']
const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华']
/** Distinct names: each one must be found in the PDF. */
const nameAt = (i: number) => `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${i >= 500 ? GIVEN[i % GIVEN.length] : ''}${i}`
const TITLE_30 = '机关新任支部书记示范培训班（评测专用第二期）全省示范班'.padEnd(30, '班')
const LONG_UNIT = '中共江苏省南京市玄武区委组织部机关第二党支部党员教育管理中心'

const people = (n: number): VenuePerson[] =>
  Array.from({ length: n }, (_, i) => ({ name: nameAt(i), unit: i % 4 === 0 ? LONG_UNIT : '南京市委组织部', seat: `${1 + Math.floor(i / 10)}排${1 + (i % 10)}列` }))

const opened: PdfFile[] = []
async function pdfOf(spec: DocumentSpec): Promise<PdfFile> {
  // Every document the renderer sends passes the RPC schema first.
  const made = await makeDocument(DocumentSchema.parse(spec))
  const file = new PdfFile(made.bytes)
  opened.push(file)
  return file
}
afterAll(() => opened.forEach((f) => f.remove()))

function expectEmbeddedCjkFont(file: PdfFile) {
  const fonts = file.fonts()
  expect(fonts.length).toBeGreaterThan(0)
  // Every font is the shipped Noto Sans SC, embedded as a subset (ABCDEF+ prefix).
  for (const font of fonts) {
    expect(font.name).toMatch(/^[A-Z]{6}\+NotoSansSC-(Regular|Bold)$/)
    expect(font.embedded).toBe(true)
  }
}

describe('document pipeline', () => {
  it('seat chart of a 25 × 40 hall with a 30-character title: A3, split over pages with labels repeated, every name and the whole title as text', async () => {
    expect([...TITLE_30]).toHaveLength(30)
    const seats = Array.from({ length: 25 * 40 }, (_, i) => (i % 9 === 4 ? null : nameAt(i)))
    const file = await pdfOf({ kind: 'seatChart', fileName: 'x', title: TITLE_30, rows: 25, columns: 40, groups: Array.from({ length: 40 }, (_, c) => (c < 20 ? 1 : 2)), seats })
    expectEmbeddedCjkFont(file)
    expect(file.pageSize()).toEqual({ width: 1190.55, height: 841.89 })
    expect(file.pages()).toBe(2)
    const text = joined(file.text())
    for (const name of seats) if (name) expect(text).toContain(name)
    for (const page of [1, 2]) {
      const pageText = joined(file.text(page))
      expect(pageText).toContain(`${TITLE_30}座位表`)
      expect(pageText).toContain('主席台')
      expect(pageText).toContain('1排')
      expect(pageText).toContain('25排')
    }
    expect(joined(file.text(1))).toContain('1列·第1组')
    expect(joined(file.text(2))).toContain('40列·第2组')

    // The title lies inside the page (never clipped) at its top, and the rendered page has ink there.
    const words = file.words(1)
    const titleWords = words.filter((w) => w.yMin < 60 && w.text.length > 3)
    expect(titleWords.length).toBeGreaterThan(0)
    const left = Math.min(...titleWords.map((w) => w.xMin))
    const right = Math.max(...titleWords.map((w) => w.xMax))
    expect(left).toBeGreaterThan(20)
    expect(right).toBeLessThan(1190.55 - 20)
    const page = file.render(1)
    expect(page.width).toBe(1191)
    const top = Math.min(...titleWords.map((w) => w.yMin))
    const bottom = Math.max(...titleWords.map((w) => w.yMax))
    expect(page.dark(left, top, right, bottom)).toBeGreaterThan(500)
    // The margin beside the title is blank paper.
    expect(page.dark(0, top, left - 4, bottom)).toBe(0)
  })

  it('a small hall fits one A4 landscape page with the stage drawn in front of row 1', async () => {
    const seats = Array.from({ length: 5 * 8 }, (_, i) => nameAt(i))
    const file = await pdfOf({ kind: 'seatChart', fileName: 'x', title: '短标题', rows: 5, columns: 8, groups: Array(8).fill(null), seats })
    expect(file.pages()).toBe(1)
    expect(file.pageSize()).toEqual({ width: 841.89, height: 595.28 })
    const words = file.words(1)
    const stage = words.find((w) => w.text === '主')!
    const firstRow = words.find((w) => w.text === '1排')!
    expect(stage.yMax).toBeLessThan(firstRow.yMin)
    // The red stage bar is inked around its label.
    expect(file.render(1).dark(stage.xMin - 40, stage.yMin, stage.xMin - 10, stage.yMax)).toBeGreaterThan(50)
  })

  it('签到表: every person with unit and seat, the header row on every page, an empty signature column', async () => {
    const list = people(120)
    const file = await pdfOf({ kind: 'signInSheet', fileName: 'x', trainName: TITLE_30, subtitle: '按座位排序 · 共 120 人', people: list })
    expectEmbeddedCjkFont(file)
    const text = joined(file.text())
    expect(text).toContain(`${TITLE_30}签到表`)
    for (const p of list) expect(text).toContain(p.name)
    expect(text).toContain(LONG_UNIT)
    expect(text).toContain('12排10列')
    expect(file.pages()).toBeGreaterThan(3)
    for (let page = 1; page <= file.pages(); page++) {
      const words = file.words(page)
      const header = words.find((w) => w.text === '签名')!
      expect(header).toBeDefined()
      // The signature cells below the header hold no text: nothing is written right of its left edge but the header.
      expect(words.filter((w) => w.xMin >= header.xMin - 20 && w.yMin > header.yMax && w.yMin < 800)).toHaveLength(0)
    }
  })

  it('桌签: two tents per A4 page, the name on both faces (the upper one turned over) with the unit', async () => {
    const list = people(3)
    const file = await pdfOf({ kind: 'nameTents', fileName: 'x', people: list })
    expectEmbeddedCjkFont(file)
    expect(file.pages()).toBe(2)
    const text = file.text(1)
    // Each name twice: once upright, once on the turned-over face.
    expect(text.split(list[0].name).length - 1).toBe(2)
    expect(text.split(list[1].name).length - 1).toBe(2)
    expect(joined(text)).toContain(LONG_UNIT)
    const upright = file.words(1).filter((w) => w.text === list[0].name)
    // pdftotext finds the upright face in the lower quarter of the first tent (y 210–421).
    expect(upright.some((w) => w.yMin > 210 && w.yMax < 421)).toBe(true)
    const page = file.render(1)
    // Ink on both faces of the first tent: the upper face (turned) and the lower one.
    expect(page.dark(40, 20, 555, 200)).toBeGreaterThan(1000)
    expect(page.dark(40, 230, 555, 410)).toBeGreaterThan(1000)
  })

  it('座位标签: row / column and name on each label, 24 to a page', async () => {
    const labels = Array.from({ length: 30 }, (_, i) => ({ row: 1 + Math.floor(i / 10), column: 1 + (i % 10), name: nameAt(i) }))
    const file = await pdfOf({ kind: 'seatLabels', fileName: 'x', trainName: TITLE_30, labels })
    expectEmbeddedCjkFont(file)
    expect(file.pages()).toBe(2)
    const text = joined(file.text())
    for (const l of labels) {
      expect(text).toContain(l.name)
      expect(text).toContain(`${l.row}排${l.column}列`)
    }
  })

  it('结业证书: one page per person in each template, with training, host unit, hours and number', async () => {
    for (const template of ['classic', 'red', 'simple'] as const) {
      const list = people(3).map((p, i) => ({ name: p.name, unit: p.unit, number: `JY2026-0007-${String(i + 1).padStart(4, '0')}` }))
      const file = await pdfOf({ kind: 'certificates', fileName: 'x', template, trainName: TITLE_30, hostUnit: '中共江苏省委组织部', hours: 24, period: '2026-05-10 至 2026-05-12', issueDate: '2026-05-12', people: list })
      expectEmbeddedCjkFont(file)
      expect(file.pages()).toBe(3)
      list.forEach((p, i) => {
        const page = joined(file.text(i + 1))
        expect(page).toContain(p.name)
        expect(page).toContain(p.number)
        expect(page).toContain(TITLE_30)
        expect(page).toContain('中共江苏省委组织部')
        expect(page).toContain('24学时')
      })
    }
  })

  it('reports (answer analysis, questionnaire): title, headings, table rows across pages with the header repeated, vector charts', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [String(i + 1), `${nameAt(i)}：下列关于党的基本路线的表述，哪一项是正确的？`, '50.0%'])
    const file = await pdfOf({
      kind: 'report',
      fileName: 'x',
      title: `${TITLE_30} 成绩分析报告`,
      blocks: [
        { type: 'heading', text: '二、成绩分布', level: 1 },
        { type: 'chart', kind: 'bar', categories: ['0–59分', '60–69分', '70–79分'], values: [1, 3, 5] },
        { type: 'chart', kind: 'pie', categories: ['非常满意', '满意'], values: [3, 1] },
        { type: 'table', columns: [{ title: '序号', share: 0.1 }, { title: '题目', share: 0.7 }, { title: '正确率', share: 0.2 }], rows },
      ],
    })
    expectEmbeddedCjkFont(file)
    const text = joined(file.text())
    expect(text).toContain(`${TITLE_30}成绩分析报告`)
    for (const row of rows) expect(text).toContain(joined(row[1]))
    expect(text).toContain('非常满意3（75.0%）')
    expect(file.pages()).toBeGreaterThan(2)
    for (let page = 2; page <= file.pages(); page++) expect(joined(file.text(page))).toContain('序号题目正确率')
  })

  it('documents.save hands the web host the PDF; documents.print hands it back for the browser to print', async () => {
    const files = createCoreFiles({ client: {} as ApiClient })
    const methods = createDocumentMethods({ files })
    const document: DocumentSpec = { kind: 'nameTents', fileName: '第一期/桌签', people: people(1) }
    const saved = await methods['documents.save']({ document })
    expect(saved).toMatchObject({ kind: 'data', name: '第一期 桌签.pdf', contentType: 'application/pdf' })
    const printed = await methods['documents.print']({ document })
    expect(printed.kind).toBe('data')
    if (printed.kind !== 'data') return
    const file = new PdfFile(Buffer.from(printed.base64, 'base64'))
    opened.push(file)
    expect(file.text()).toContain(people(1)[0].name)
    let asked = 0
    const desktop = createDocumentMethods({ files, printer: { print: async (pdf) => (asked++, expect(pdf.name).toBe('第一期 桌签.pdf'), 'printed') } })
    expect(await desktop['documents.print']({ document })).toEqual({ kind: 'printed' })
    expect(asked).toBe(1)
  })
})
