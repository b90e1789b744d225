import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { ImportCheck } from '../../src-shared/schemas/imports'
import type { UploadedFile } from '../../src-shared/schemas/files'
import { residentIdIssue } from '../../src-shared/schemas/identity'
import { EXAMPLE_MARK, TEMPLATE_ROWS } from '../../src-server/files/xlsx'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

/** The data sheet's column numbers (1-based) by header, a trailing * ignored. */
function columnsOf(sheet: ExcelJS.Worksheet): Map<string, number> {
  const columns = new Map<string, number>()
  sheet.getRow(1).eachCell((cell, col) => columns.set(String(cell.value).replace(/\*$/, ''), col))
  return columns
}

describe.each(testDatabases())('import templates ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
  })
  afterAll(() => server?.stop())

  async function workbookAt(path: string): Promise<ExcelJS.Workbook> {
    const response = await fetch(new URL(path, server.url), { headers: { Token: admin.token } })
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    return workbook
  }

  async function upload(workbook: ExcelJS.Workbook): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), '模板.xlsx')
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: admin.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0].path
  }

  /** A drop-down on every data row of the column, as Excel sees it: first and last covered row. */
  function dropDownOf(sheet: ExcelJS.Worksheet, col: number): ExcelJS.DataValidation | undefined {
    const first = sheet.getCell(2, col).dataValidation
    expect(sheet.getCell(TEMPLATE_ROWS + 1, col).dataValidation).toEqual(first)
    return first
  }

  it('members: number-like columns in text format, 性别 a drop-down, and an example row that is skipped as it stands and imports once unmarked', async () => {
    const workbook = await workbookAt('/api/member/import/template')
    const sheet = workbook.worksheets[0]
    const col = columnsOf(sheet)
    for (const header of ['手机号', '身份证号', '任职时间', '密码']) expect(sheet.getColumn(col.get(header)!).numFmt, header).toBe('@')
    for (const header of ['姓名', '性别', '部门', '所属组织']) expect(sheet.getColumn(col.get(header)!).numFmt, header).toBeUndefined()
    expect(dropDownOf(sheet, col.get('性别')!)).toMatchObject({ type: 'list', formulae: ['"男,女"'], showErrorMessage: true, errorStyle: 'stop' })
    // 所属组织: the caller's tree by path from the 组织 sheet, a name typed instead only warned about.
    const orgs = workbook.getWorksheet('组织')!
    expect(dropDownOf(sheet, col.get('所属组织')!)).toMatchObject({ type: 'list', formulae: [`'组织'!$A$2:$A$${orgs.rowCount}`], errorStyle: 'warning' })

    const example = (header: string) => String(sheet.getCell(2, col.get(header)!).value ?? '')
    expect(example('姓名')).toBe(`${EXAMPLE_MARK}张三`)
    expect(residentIdIssue(example('身份证号'))).toBeNull()
    // The example's organisation is a listed path (it is imported below once unmarked).
    expect(example('所属组织')).toContain('/')
    expect(orgs.getColumn(1).values).toContain(example('所属组织'))

    const asIs = dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path: await upload(workbook) })).body)
    expect(asIs).toMatchObject({ total: 0, valid: 0, invalid: 0 })
    sheet.getCell(2, col.get('姓名')!).value = '张三'
    sheet.getCell(2, col.get('手机号')!).value = '17399990001'
    const unmarked = dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path: await upload(workbook) })).body)
    expect(unmarked).toMatchObject({ total: 1, valid: 1, invalid: 0 })
  })

  it('the member export, which is imported again after editing, keeps its number-like columns in text format too', async () => {
    const sheet = (await workbookAt('/api/member/export')).worksheets[0]
    const col = columnsOf(sheet)
    for (const header of ['手机号', '所属组织编码', '身份证号', '任职时间']) expect(sheet.getColumn(col.get(header)!).numFmt, header).toBe('@')
    expect(sheet.getColumn(col.get('姓名')!).numFmt).toBeUndefined()
  })

  for (const useType of [1, 2]) {
    it(`questions (use ${useType}): drop-downs for 题目类型 and for the 类别 sheet, and an example that is skipped, or imports once unmarked`, async () => {
      for (const name of ['党史', '理论']) dataOf((await admin.post('/api/question/category', { name: `${name}${useType}`, useType })).body)
      const workbook = await workbookAt(`/api/question/import/template?useType=${useType}`)
      const sheet = workbook.worksheets[0]
      const col = columnsOf(sheet)
      const types = useType === 1 ? '"单选题,多选题,问答题"' : '"单选题,多选题,判断题,问答题,填空题"'
      expect(dropDownOf(sheet, col.get('题目类型')!)).toMatchObject({ type: 'list', formulae: [types] })
      const categories = workbook.getWorksheet('类别')!.rowCount - 1
      expect(categories).toBe(2)
      expect(dropDownOf(sheet, col.get('题目类别')!)).toMatchObject({ type: 'list', formulae: [`'类别'!$A$2:$A$${categories + 1}`] })
      const category = String(sheet.getCell(2, 1).value)
      expect(category.startsWith(EXAMPLE_MARK)).toBe(true)

      const check = async () => dataOf((await admin.post<ImportCheck>('/api/question/import/check', { path: await upload(workbook), useType })).body)
      expect(await check()).toMatchObject({ total: 0, valid: 0 })
      sheet.getCell(2, 1).value = category.slice(EXAMPLE_MARK.length)
      expect(await check()).toMatchObject({ total: 1, valid: 1, invalid: 0 })
    })
  }
})
