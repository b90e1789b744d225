import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { ImportCheck, ImportResult } from '../../src-shared/schemas/imports'
import type { Page } from '../../src-shared/schemas/common'
import type { UploadedFile } from '../../src-shared/schemas/files'
import { memberForm, type Member, type MemberListItem } from '../../src-shared/schemas/member'
import type { Org, OrgNode } from '../../src-shared/schemas/org'
import { sheetOnlyHeaders } from '../../src-server/modules/member/columns'
import { MAX_IMPORT_ROWS } from '../../src-server/modules/member/import'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { XLS_ORG_CODE } from '../fixtures/make-xls-fixtures'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { failureOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

const HEADERS = ['姓名*', '性别*', '民族*', '手机号*', '所属组织编码*', '身份证号', '部门', '职务', '党内职务', '任职时间', '同职级年限', '密码']
/** An older template's: its password column was headed 初始密码. */
const OLDER_HEADERS = HEADERS.map((h) => (h === '密码' ? '初始密码' : h))

async function workbookOf(rows: unknown[][], headers = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('党员信息')
  sheet.addRow(headers)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function readWorkbook(bytes: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes)
  return workbook
}

function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

describe.each(testDatabases())('member import and export ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let ownBranch: Org
  let otherBranch: Org

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    ;[admin, orgadmin] = await Promise.all([signInAs(server.url, demoAccounts.admin), signInAs(server.url, demoAccounts.orgadmin)])
    const root = (await admin.data<Page<OrgNode>>('/api/org/children')).records[0]
    const tops = (await admin.data<Page<OrgNode>>('/api/org/children', { parentId: root.id })).records
    const ownTop = tops.find((o) => o.name === ORG_ADMIN_TOP_ORG)!
    const otherTop = tops.find((o) => o.name !== ORG_ADMIN_TOP_ORG)!
    ownBranch = (await admin.data<Page<Org>>('/api/org', { parentId: ownTop.id, name: '预算处' })).records[0]
    otherBranch = (await admin.data<Page<Org>>('/api/org', { parentId: otherTop.id, name: '党支部' })).records[0]
  })
  afterAll(() => server?.stop())

  async function uploadAs(as: ApiAs, name: string, bytes: Buffer): Promise<UploadedFile> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: as.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0]
  }

  async function download(as: ApiAs, path: string, query: Record<string, string> = {}): Promise<Response> {
    const url = new URL(path, server.url)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    return fetch(url, { headers: { Token: as.token } })
  }

  it('offers a template with the columns, how to fill them, and the caller’s organisations by path', async () => {
    const response = await download(orgadmin, '/api/member/import/template')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('党员导入模板.xlsx'))
    const workbook = await readWorkbook(await response.arrayBuffer())
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['党员信息', '填写说明', '组织'])
    const [header, example, ...rest] = sheetValues(workbook.worksheets[0])
    expect([header, rest]).toEqual([HEADERS.map((h) => (h === '所属组织编码*' ? '所属组织*' : h)), []])
    expect(example[0]).toBe('【示例】张三')
    const orgs = sheetValues(workbook.getWorksheet('组织')!)
    expect(orgs[0]).toEqual(['组织路径', '组织编码'])
    expect(orgs.map((r) => r[0])).toContain(`${ORG_ADMIN_TOP_ORG}/机关第一党总支/预算处党支部`)
    expect(orgs.map((r) => r[1])).not.toContain(otherBranch.orgCode)
    expect(orgs.slice(1)).toHaveLength(8)
  })

  it('dry-runs a file: reports every bad row and column in Chinese, with an error workbook, and writes nothing', async () => {
    const existing = (await admin.data<Page<MemberListItem>>('/api/member', { pageSize: 1 })).records[0]
    // An older template: its 初始密码 column is read as the password, and the report names it as the file does.
    const file = await uploadAs(admin, '党员.xlsx', await workbookOf([
      ['王一', '男', '汉族', '13811110001', ownBranch.orgCode, '', '预算处', '科员', '', '2021-03', 2, 'Import@123'],
      ['', '未知', '', '12345', '999999', '123', '', '', '', '2021/3', 0, '1'],
      ['王三', '女', '回族', 13811110001, ownBranch.orgCode],
      ['王四', '女', '汉族', existing.telephone, otherBranch.orgCode],
      [],
      ['王五', '男', '满族', '13811110005', ownBranch.orgCode],
    ], OLDER_HEADERS))
    const before = (await admin.data<Page<MemberListItem>>('/api/member')).total
    const report = dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path: file.path })).body)
    expect(report).toMatchObject({ total: 5, valid: 2, invalid: 3 })
    const at = (row: number) => Object.fromEntries(report.issues.filter((i) => i.row === row).map((i) => [i.column, i.message]))
    expect(at(3)).toEqual({
      姓名: '请输入姓名', 性别: '性别只能填写 男 或 女', 民族: '请输入民族', 手机号: '手机号格式错误', 所属组织编码: '组织编码不存在或不在本单位范围内',
      身份证号: '身份证号应为18位（现为3位）', 任职时间: '任职时间格式应为 yyyy-MM', 同职级年限: '同职级年限最小为 1', 初始密码: '密码不能少于6位',
    })
    expect(at(4)).toEqual({ 手机号: '与第 2 行的手机号重复' })
    expect(at(5)).toEqual({ 手机号: '该手机号已存在' })
    expect((await admin.data<Page<MemberListItem>>('/api/member')).total).toBe(before)

    const errors = await download(admin, '/api/file', { path: report.errorFile! })
    const sheet = (await readWorkbook(await errors.arrayBuffer())).worksheets[0]
    const rows = sheetValues(sheet)
    expect(rows[0].at(-1)).toBe('错误信息')
    expect(rows.slice(1).map((r) => r[0] ?? '')).toEqual(['', '王三', '王四'])
    expect(String(rows[1].at(-1))).toContain('第 3 行【手机号】手机号格式错误')
  })

  it('imports the good rows in one go and skips the bad; a second run finds them all present', async () => {
    const file = await uploadAs(admin, '党员.xlsx', await workbookOf([
      ['李一', '男', '汉族', '13922220001', ownBranch.orgCode, '', '预算处', '科员', '', '2021-03', 2, 'Import@123'],
      ['李二', '女', '汉族', '13922220002', otherBranch.orgCode],
      ['李三', '女', '汉族', '1392222', ownBranch.orgCode],
    ]))
    expect(dataOf((await admin.post<ImportResult>('/api/member/import/commit', { path: file.path })).body)).toEqual({ imported: 2, skipped: 1 })
    const imported = await admin.data<Page<MemberListItem>>('/api/member', { name: '李', telephone: '1392222' })
    expect(imported.records.map((m) => [m.name, m.orgName, m.gender])).toEqual([
      ['李一', ownBranch.name, 1],
      ['李二', otherBranch.name, 0],
    ])
    expect(await admin.data<Member>(`/api/member/${imported.records[0].id}`)).toMatchObject({ jobs: '科员', tenureTime: '2021-03', sameTenureYear: 2, enabled: true })
    const { pwdHash } = await server.db.selectFrom('member').select('pwdHash').where('telephone', '=', '13922220001').executeTakeFirstOrThrow()
    expect(pwdHash).toMatch(/^scrypt\$/)
    expect(dataOf((await admin.post<ImportResult>('/api/member/import/commit', { path: file.path })).body)).toEqual({ imported: 0, skipped: 3 })
  })

  it('keeps a member-linked account inside its tree, and reads only its own uploads', async () => {
    const file = await uploadAs(orgadmin, '党员.xlsx', await workbookOf([['赵一', '男', '汉族', '13633330001', otherBranch.orgCode]]))
    const report = dataOf((await orgadmin.post<ImportCheck>('/api/member/import/check', { path: file.path })).body)
    expect(report.issues).toEqual([{ row: 2, column: '所属组织编码', message: '组织编码不存在或不在本单位范围内' }])
    expect(failureOf(await admin.post('/api/member/import/check', { path: file.path }))).toMatchObject({ status: 404, message: '导入文件不存在，请重新上传' })
  })

  it('reads a real Excel 97–2003 workbook: good rows imported, the bad row reported', async () => {
    dataOf((await admin.post<Org>('/api/org', { parentId: ownBranch.id, name: '九七党支部', shortName: '九七', orgCode: XLS_ORG_CODE })).body)
    const xls = await uploadAs(admin, '党员.xls', await readFile(join(__dirname, '../fixtures/members-97-2003.xls')))
    const report = dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path: xls.path })).body)
    expect(report).toMatchObject({ total: 3, valid: 2, invalid: 1 })
    expect(report.issues.map((i) => [i.row, i.column])).toEqual([
      [3, '性别'],
      [3, '手机号'],
    ])
    expect(dataOf((await admin.post<ImportResult>('/api/member/import/commit', { path: xls.path })).body)).toEqual({ imported: 2, skipped: 1 })
    const imported = await admin.data<Page<MemberListItem>>('/api/member', { telephone: '1397777000' })
    expect(imported.records.map((m) => [m.name, m.telephone]).sort()).toEqual([
      ['王九七', '13977770001'],
      ['赵二零', '13977770002'],
    ])
  })

  it('heads the template’s and the export’s columns with the member dialog’s labels, from the fields’ declarations', async () => {
    // A picture has no column; the sheets add the organisation's code, the unit and the state. Each keeps its own order.
    const labels = Object.values(memberForm).filter((decl) => decl.kind !== 'image').map((decl) => decl.label).sort()
    const sheetOnly: string[] = Object.values(sheetOnlyHeaders)
    const template = sheetValues((await readWorkbook(await (await download(admin, '/api/member/import/template')).arrayBuffer())).worksheets[0])[0].map((h) => String(h).replace(/\*$/, ''))
    expect(template.sort()).toEqual(labels)
    const exported = sheetValues((await readWorkbook(await (await download(admin, '/api/member/export')).arrayBuffer())).worksheets[0])[0].map(String)
    expect(exported.filter((h) => !sheetOnly.includes(h)).sort()).toEqual(labels.filter((label) => label !== memberForm.pwd.label))
  })

  it('refuses a file that is no workbook, one past the row limit, and one without the required columns', async () => {
    const fakeXls = await uploadAs(admin, '党员.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]))
    expect(failureOf(await admin.post('/api/member/import/check', { path: fakeXls.path })).message).toBe('无法读取该 Excel 文件，请确认文件未损坏且为 xlsx 或 xls 格式')
    const long = new ExcelJS.Workbook()
    const sheet = long.addWorksheet('党员信息')
    sheet.addRow(HEADERS)
    sheet.getCell(`A${MAX_IMPORT_ROWS + 2}`).value = '多出的一行'
    const tooLong = await uploadAs(admin, '党员.xlsx', Buffer.from(await long.xlsx.writeBuffer()))
    expect(failureOf(await admin.post('/api/member/import/check', { path: tooLong.path })).message).toBe(`一次最多导入 ${MAX_IMPORT_ROWS} 行，请分批导入`)
    const noColumns = await uploadAs(admin, '党员.xlsx', await workbookOf([['x']], ['姓名', '备注']))
    expect(failureOf(await admin.post('/api/member/import/check', { path: noColumns.path })).message).toBe(
      '导入文件缺少必填列：性别、民族、手机号、所属组织，请使用导入模板',
    )
  })

  it('exports the current filter, formula-like text as text cells, and the export imports again', async () => {
    const created = dataOf(
      (await admin.post<Member>('/api/member', { name: '=HYPERLINK("x")', nation: '汉族', gender: 1, telephone: '13544440001', orgId: ownBranch.id, pwd: 'Export@123', jobs: '-1+2' })).body,
    )
    const response = await download(admin, '/api/member/export', { orgId: String(ownBranch.id) })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('spreadsheetml')
    const rows = sheetValues((await readWorkbook(await response.arrayBuffer())).worksheets[0])
    const list = await admin.data<Page<MemberListItem>>('/api/member', { orgId: ownBranch.id, pageSize: 100 })
    expect(rows[0]).toEqual(['姓名', '性别', '民族', '手机号', '所属组织编码', '所属组织', '所属单位', '身份证号', '部门', '职务', '党内职务', '任职时间', '同职级年限', '状态'])
    expect(rows.slice(1).map((r) => r[3])).toEqual(list.records.map((m) => m.telephone))
    const mine = rows.find((r) => r[3] === created.telephone)!
    // Text cells, as stored: a text cell never runs as a formula, and shows no guard apostrophe.
    expect(mine[0]).toBe('=HYPERLINK("x")')
    expect(mine[9]).toBe('-1+2')
    expect(mine.slice(4, 7)).toEqual([ownBranch.orgCode, ownBranch.name, ORG_ADMIN_TOP_ORG])

    // Round trip: the export, imported again, is all "already present".
    const again = await uploadAs(admin, '导出.xlsx', Buffer.from(await (await download(admin, '/api/member/export', { orgId: String(ownBranch.id) })).arrayBuffer()))
    const report = dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path: again.path })).body)
    expect(report.invalid).toBe(list.total)
    expect(new Set(report.issues.map((i) => i.message))).toEqual(new Set(['该手机号已存在']))
  })

  it('exports only the selected members when given ids, and never one outside the caller’s tree', async () => {
    const list = await orgadmin.data<Page<MemberListItem>>('/api/member', { pageSize: 3 })
    const foreign = await admin.data<Page<MemberListItem>>('/api/member', { orgId: otherBranch.id, pageSize: 1 })
    const ids = [list.records[0].id, list.records[2].id, foreign.records[0].id]
    const response = await download(orgadmin, '/api/member/export', { ids: ids.join(',') })
    expect(response.status).toBe(200)
    const rows = sheetValues((await readWorkbook(await response.arrayBuffer())).worksheets[0])
    expect(rows.slice(1).map((r) => r[3]).sort()).toEqual([list.records[0].telephone, list.records[2].telephone].sort())
    const refused = await download(orgadmin, '/api/member/export', { ids: '1,x' })
    expect(await refused.json()).toMatchObject({ error: 'VALIDATION', message: '选中的党员编号无效' })
  })

  it('answers an export filter outside the caller’s tree as JSON not found', async () => {
    const response = await download(orgadmin, '/api/member/export', { orgId: String(otherBranch.id) })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'NOT_FOUND', message: '组织不存在' })
  })
})
