import { createElement, Fragment, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { cellText, filterSummary, printedColumns, tableViewDocument, tooLongToPrint } from '../../src-renderer/components/printView'
import { DocumentSchema, MAX_PRINTED_ROWS } from '../../src-shared/schemas/documents'

/** What 打印 on a list puts on paper, from the columns and filters a screen declares (src-renderer/components/printView.ts). */

const Badge = ({ children }: { children?: ReactNode }) => children
const Switch = (_: { checked: boolean }) => null

describe('a printed list', () => {
  it('reads a cell as it shows: text and numbers, a badge by its words, a line break where the cell breaks', () => {
    expect(cellText('王伟')).toBe('王伟')
    expect(cellText(12)).toBe('12')
    expect(cellText(null)).toBe('')
    expect(cellText(createElement(Badge, null, '差 ', 3, ' 学时'))).toBe('差 3 学时')
    expect(cellText(createElement(Fragment, null, '2026-05-01 09:00', createElement('br'), '2026-05-02 17:00'))).toBe('2026-05-01 09:00\n2026-05-02 17:00')
    // A control draws no words of its own: such a column gives its text itself.
    expect(cellText(createElement(Switch, { checked: true }))).toBe('')
  })

  it('keeps the columns in their order, leaves out a picture column, and uses a column’s own text over what it draws', () => {
    type Row = { name: string; enabled: boolean }
    const columns = printedColumns<Row>([
      { title: '姓名', render: (r) => r.name },
      { title: '照片', render: () => createElement('img'), text: false },
      { title: '启用', render: (r) => createElement(Switch, { checked: r.enabled }), text: (r) => (r.enabled ? '是' : '否') },
    ])
    expect(columns.map((c) => c.title)).toEqual(['姓名', '启用'])
    expect(columns.map((c) => c.text({ name: '李娜', enabled: false }))).toEqual(['李娜', '否'])
  })

  it('says what was filtered in the words of the filter bar (option labels, names), how many rows, and when', () => {
    const fields = [
      { name: 'name' as const, label: '姓名' },
      { name: 'status' as const, label: '状态', options: [{ value: '1', label: '启用' }, { value: '0', label: '停用' }] },
      { name: 'orgId' as const, label: '所在组织', summary: (id: string) => (id === '7' ? '预算处党支部' : id) },
      { name: 'from' as const, label: '开始时间', type: 'datetime-local' as const },
    ]
    expect(filterSummary(fields, { name: '王', status: '0', orgId: '7', from: '2026-05-01T08:30' })).toBe('姓名：王；状态：停用；所在组织：预算处党支部；开始时间：2026-05-01 08:30')
    expect(filterSummary(fields, {})).toBe('')

    const rows = [{ name: '王伟' }, { name: '李娜' }]
    const printedAt = new Date(2026, 4, 1, 9, 5, 42)
    const document = tableViewDocument({ title: '党员列表', columns: [{ title: '姓名', text: (r: { name: string }) => r.name }], rows, filters: '状态：停用', printedAt })
    expect(DocumentSchema.parse(document)).toEqual(document)
    expect(document).toMatchObject({ title: '党员列表', subtitle: '筛选条件：状态：停用 · 共 2 条 · 打印时间 2026-05-01 09:05', columns: ['姓名'], rows: [['王伟'], ['李娜']] })
    expect(tableViewDocument({ title: '党员列表', columns: [], rows: [], filters: '', printedAt }).subtitle).toBe('全部记录 · 共 0 条 · 打印时间 2026-05-01 09:05')
  })

  it(`prints up to ${MAX_PRINTED_ROWS} rows; above, says how many there are and what to do instead`, () => {
    expect(tooLongToPrint(0)).toBeNull()
    expect(tooLongToPrint(MAX_PRINTED_ROWS)).toBeNull()
    expect(tooLongToPrint(MAX_PRINTED_ROWS + 1)).toBe(`共 ${MAX_PRINTED_ROWS + 1} 条，一次最多打印 ${MAX_PRINTED_ROWS} 条，请缩小查询范围后再打印`)
    // A count the server stopped at the cap means more rows than that.
    expect(tooLongToPrint(MAX_PRINTED_ROWS, true)).toBe(`共 ${MAX_PRINTED_ROWS}+ 条，一次最多打印 ${MAX_PRINTED_ROWS} 条，请缩小查询范围后再打印`)
    expect(tooLongToPrint(100, true)).toBeNull()
    // The limit is the one the document's schema holds.
    const rows = (n: number) => ({ kind: 'tableView', fileName: 'x', title: 'x', subtitle: '', columns: ['姓名'], rows: Array.from({ length: n }, () => ['王']) })
    expect(DocumentSchema.safeParse(rows(MAX_PRINTED_ROWS)).success).toBe(true)
    expect(DocumentSchema.safeParse(rows(MAX_PRINTED_ROWS + 1)).success).toBe(false)
  })
})
