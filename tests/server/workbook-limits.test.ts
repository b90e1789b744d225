import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { workbookBudget } from '../../src-server/files/workbook-limits'
import { MAX_IMPORT_ROWS } from '../../src-server/modules/member/import'
import { MAX_IMPORT_QUESTIONS } from '../../src-server/modules/question/import'
import { MAX_ROSTER_ROWS } from '../../src-server/modules/signup/roster'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { hugeCellWorkbook } from '../support/huge-cell-workbook'
import { validTrainForm } from '../support/training'
import { failureOf, signInAs, type Answer, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

/**
 * Workbook limits (issue 25): every import refuses a workbook with a cell longer than
 * Excel allows, or more content than its budget, early and with a message that says so —
 * the 100 KB file of one 100 M-character cell that used to take 16 s and a gigabyte.
 */
const CELL_TOO_LONG = '单元格内容超过 32767 个字符，超出 Excel 单元格的上限，请检查文件内容'
const tooLarge = (maxRows: number) => `文件内容过大（解压后超过 ${Math.floor(workbookBudget(maxRows) / 1024 / 1024)} MB），请删除多余的内容或分批导入`
const BOMB_CHARS = 100_000_000

const MEMBER_HEADERS = ['姓名*', '性别*', '民族*', '手机号*', '所属组织编码*']
const ROSTER_HEADERS = ['姓名', '手机号']
const QUESTION_HEADERS = ['题目类别', '题目类型', '题目名称']

/** A workbook whose row 2 holds one cell of two rich-text runs, each within the limit, together over it. */
async function richTextOverLimit(headers: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('导入')
  sheet.addRow(headers)
  sheet.getCell('A2').value = { richText: [{ text: 'a'.repeat(20_000) }, { text: 'b'.repeat(20_000) }] }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

describe.each(testDatabases())('workbook limits of every import ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let trainId: number

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    dataOf((await admin.patch('/api/train/audit', { id: trainId, status: 30 })).body)
  })
  afterAll(() => server?.stop())

  async function upload(bytes: Buffer): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), '导入.xlsx')
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: admin.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0].path
  }

  const imports: { name: string; headers: readonly string[]; bombMessage: string; run: (path: string) => Promise<Answer<unknown>> }[] = [
    // The member import's budget (100 000 rows) holds 100 MB: the scan finds the cell.
    { name: 'member import', headers: MEMBER_HEADERS, bombMessage: CELL_TOO_LONG, run: (path) => admin.post('/api/member/import/check', { path }) },
    // Smaller budgets: the zip's directory alone refuses the file.
    { name: 'roster import', headers: ROSTER_HEADERS, bombMessage: tooLarge(MAX_ROSTER_ROWS), run: (path) => admin.get('/api/train/sign/up/member/upload', { trainId, path }) },
    { name: 'question import', headers: QUESTION_HEADERS, bombMessage: tooLarge(MAX_IMPORT_QUESTIONS), run: (path) => admin.post('/api/question/import/check', { path, useType: 2 }) },
  ]

  it.each(imports)('the $name refuses a 100 KB workbook with a 100 M-character cell, at once', async ({ headers, bombMessage, run }) => {
    const bomb = hugeCellWorkbook(headers, BOMB_CHARS)
    expect(bomb.length).toBeLessThan(120_000)
    const path = await upload(bomb)
    const started = Date.now()
    const refused = failureOf(await run(path))
    expect(Date.now() - started).toBeLessThan(2000)
    expect([refused.status, refused.message]).toEqual([400, bombMessage])
    expect(await server.db.selectFrom('trainSignUp').select('id').where('trainId', '=', trainId).execute()).toEqual([])
  })

  it.each(imports)('the $name refuses a cell of 40 000 characters, however it is written', async ({ headers, run }) => {
    // One text run over the limit: found by the scan before the reader builds it.
    expect(failureOf(await run(await upload(hugeCellWorkbook(headers, 40_000)))).message).toBe(CELL_TOO_LONG)
    // Two runs within it, together over it: found in the row the reader gives.
    expect(failureOf(await run(await upload(await richTextOverLimit(headers)))).message).toBe(
      '单元格内容超过 32767 个字符（第 2 行），超出 Excel 单元格的上限，请检查文件内容',
    )
    // A cell of exactly Excel's limit is a cell like any other: the import goes on to the header check.
    const atLimit = failureOf(await run(await upload(hugeCellWorkbook(['备注'], 32_767))))
    expect(atLimit.message).not.toContain('32767')
  })

  it('budgets in proportion to the row limit, so a genuine workbook of the most rows fits', () => {
    // A member row of the template, written as exceljs writes it, is well under 2 KB of XML.
    expect(workbookBudget(MAX_IMPORT_ROWS) / MAX_IMPORT_ROWS).toBeGreaterThan(4000)
  })
})
