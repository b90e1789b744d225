import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as XLSX from '@e965/xlsx'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiFailure } from '../../src-shared/errors'
import type { ImportCheck } from '../../src-shared/schemas/imports'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { SignUpMember, SignUpStatisticsRecord } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { MAX_ROSTER_ROWS } from '../../src-server/modules/signup/roster'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { XLS_MEMBER_PHONE } from '../fixtures/make-xls-fixtures'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { login } from '../support/login'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { call, startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

type Page<T> = { records: T[]; total: number }
const BASE = '/api/train/sign/up/member'

describe.each(testDatabases())('sign-ups, rosters and statistics ($name)', (database) => {
  let server: TestServer
  let admin: string
  let orgadmin: string
  /** Members of 省财政厅机关党委 (orgadmin's unit) and of 省委办公厅机关党委. */
  let finance: { id: number; name: string; telephone: string }[]
  let office: { id: number; name: string; telephone: string }[]

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    finance = await membersOfTopOrg(server.db, '省财政厅机关党委')
    office = await membersOfTopOrg(server.db, '省委办公厅机关党委')
  })
  afterAll(() => server?.stop())

  const api = <T>(token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
    call<T>(server.url, method, path, { token, body, query })

  /** A published training of orgadmin's unit (sign-up open unless the times say otherwise). */
  async function publishedTraining(overrides = {}, token = orgadmin): Promise<TrainDetail> {
    const train = dataOf((await api<TrainDetail>(token, 'POST', '/api/train', validTrainForm(overrides))).body)
    dataOf((await api(admin, 'PATCH', '/api/train/audit', { id: train.id, status: 30 })).body)
    return train
  }

  const addPerson = (trainId: number, memberId: number, token = orgadmin) => api<SignUpMember>(token, 'POST', BASE, { trainId, memberId })
  const allNum = async (trainId: number) => dataOf((await api<TrainDetail>(admin, 'GET', `/api/train/${trainId}`)).body).allNum

  it('adds sign-up persons from the member record, one per member, never beyond maxNum', async () => {
    const train = await publishedTraining({ maxNum: 2 })
    const first = dataOf((await addPerson(train.id, finance[0].id)).body)
    expect(first).toMatchObject({ name: finance[0].name, telephone: finance[0].telephone, company: '省财政厅机关党委', topOrgName: '省财政厅机关党委', source: 'admin' })
    expect(first.member).toEqual({ name: finance[0].name, telephone: finance[0].telephone, orgName: first.orgName })

    const again = await addPerson(train.id, finance[0].id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('该党员已报名此培训班')
    dataOf((await addPerson(train.id, finance[1].id)).body)
    const full = await addPerson(train.id, finance[2].id)
    expect(full.body.message).toBe('报名人数已满')
    expect(await allNum(train.id)).toBe(2)

    expect((await api(orgadmin, 'DELETE', `${BASE}/${first.id}`)).status).toBe(200)
    expect(await allNum(train.id)).toBe(1)
    dataOf((await addPerson(train.id, finance[2].id)).body)
    expect(await allNum(train.id)).toBe(2)
    const page = dataOf((await api<Page<SignUpMember>>(orgadmin, 'GET', BASE, undefined, { trainId: String(train.id) })).body)
    expect(page.records.map((r) => r.memberId)).toEqual([finance[1].id, finance[2].id])
    const [second, third] = page.records
    const byOrg = dataOf((await api<Page<SignUpMember>>(orgadmin, 'GET', BASE, undefined, { trainId: String(train.id), orgId: String(third.orgId) })).body)
    expect(byOrg.records.map((r) => r.id)).toEqual(page.records.filter((r) => r.orgId === third.orgId).map((r) => r.id))
    const byName = dataOf((await api<Page<SignUpMember>>(orgadmin, 'GET', BASE, undefined, { trainId: String(train.id), name: second.name })).body)
    expect(byName.records.map((r) => r.id)).toEqual([second.id])
  })

  it('refuses to reduce maxNum below the sign-ups already taken', async () => {
    const train = await publishedTraining({ maxNum: 5 })
    for (const m of finance.slice(0, 3)) dataOf((await addPerson(train.id, m.id)).body)
    const { body } = await api(orgadmin, 'PATCH', '/api/train', { ...validTrainForm({ maxNum: 2 }), id: train.id })
    expect(body.message).toBe('报名最大人数不能小于已报名人数（3）')
  })

  it('lets an administrator add a person outside the sign-up window', async () => {
    const train = await publishedTraining({ signUpStartTime: daysFromNow(2), signUpEndTime: daysFromNow(4) })
    expect(dataOf((await api<TrainDetail>(admin, 'GET', `/api/train/${train.id}`)).body).status).toBe(30)
    expect((await addPerson(train.id, finance[0].id)).status).toBe(200)
  })

  it('keeps an organisation admin to its own tree: other trees\' members and sign-ups look absent', async () => {
    const own = await publishedTraining()
    const outsider = await addPerson(own.id, office[0].id)
    expect(outsider.status).toBe(404)
    expect(outsider.body.message).toBe('党员不存在')

    const foreign = await publishedTraining({ orgId: null }, admin)
    const signUp = dataOf((await addPerson(foreign.id, office[0].id, admin)).body)
    for (const [method, path] of [['GET', `${BASE}/${signUp.id}`], ['DELETE', `${BASE}/${signUp.id}`]] as const) {
      const { status, body } = await api(orgadmin, method, path)
      expect(status).toBe(404)
      expect(body.message).toBe('报名记录不存在')
    }
    expect((await api(orgadmin, 'GET', BASE, undefined, { trainId: String(foreign.id) })).status).toBe(404)
  })

  it('edits a sign-up: required fields, and conference items only where the training asks for them', async () => {
    const train = await publishedTraining({ signUpOptions: [1, 12, 15] })
    const signUp = dataOf((await addPerson(train.id, finance[0].id)).body)
    const form = {
      id: signUp.id, name: signUp.name, telephone: signUp.telephone, gender: 1, orgId: signUp.orgId, company: '省财政厅',
      department: '预算处', jobs: '处长', partyJobs: '支部书记', tenureTime: '2020-05', sameTenureYear: 3, cardsNumber: '32010219800101018x',
    }
    const missing = await api(orgadmin, 'PATCH', BASE, form)
    expect(missing.status).toBe(400)
    expect((missing.body as ApiFailure).data?.issues).toEqual([
      { path: 'arrivalType', message: '请选择到达方式' },
      { path: 'needRoom', message: '请选择是否需要住宿' },
    ])
    const saved = dataOf((await api<SignUpMember>(orgadmin, 'PATCH', BASE, { ...form, arrivalType: '集中前往', needRoom: 1, withCar: 1 })).body)
    expect(saved).toMatchObject({ company: '省财政厅', arrivalType: '集中前往', needRoom: 1, withCar: null, cardsNumber: '32010219800101018X' })
    const blank = await api(orgadmin, 'PATCH', BASE, { ...form, jobs: '' })
    expect(blank.body.message).toBe('请输入职务')
    // Another tree's member's number would let that member check in as this person.
    const foreign = await api(orgadmin, 'PATCH', BASE, { ...form, arrivalType: '集中前往', needRoom: 1, telephone: office[0].telephone })
    expect(foreign.body).toMatchObject({ error: 'VALIDATION', message: '该手机号已登记为其他单位的党员，不能使用' })
  })

  it('exports the roster as a streamed workbook with a Chinese file name and formula-like text as text cells', async () => {
    const train = await publishedTraining({ name: '名单导出班' })
    const signUp = dataOf((await addPerson(train.id, finance[0].id)).body)
    for (const person of finance.slice(1, 4)) dataOf((await addPerson(train.id, person.id)).body)
    await server.db.updateTable('trainSignUp').set({ company: '=HYPERLINK("http://x")', arrivalTime: '2026-12-01 09:30:00' }).where('id', '=', signUp.id).execute()

    const response = await fetch(`${server.url}${BASE}/downloadAll?trainId=${train.id}`, { headers: { Token: orgadmin } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('名单导出班报名名单.xlsx')}`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header.slice(0, 3)).toEqual(['姓名', '手机号', '性别'])
    expect(sheet.rowCount).toBe(5)
    // The 4-person, many-column roster prints on one page wide: A4 landscape, header row on every page.
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' })
    expect(sheet.headerFooter.oddFooter).toBe('&C第 &P 页，共 &N 页')
    const col = (name: string) => header.indexOf(name) + 1
    const first = sheet.getRow(2)
    expect(first.getCell(col('姓名')).value).toBe(finance[0].name)
    expect(first.getCell(col('手机号')).value).toBe(finance[0].telephone)
    expect(first.getCell(col('单位')).value).toBe('=HYPERLINK("http://x")')
    expect(first.getCell(col('单位')).formula).toBeUndefined()
    expect(first.getCell(col('到达时间')).value).toBe('2026-12-01')
    expect(sheet.getRow(3).getCell(col('姓名')).value).toBe(finance[1].name)

    const foreign = await fetch(`${server.url}${BASE}/downloadAll?trainId=${(await publishedTraining({ orgId: null }, admin)).id}`, { headers: { Token: orgadmin } })
    expect(foreign.status).toBe(404)
  })

  async function uploadFile(name: string, bytes: Uint8Array, token = orgadmin): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: token }, body: form })
    return dataOf((await response.json()) as { code: 0; message: string; data: UploadedFile[] })[0].path
  }

  async function uploadRoster(rows: (string | number)[][]): Promise<string> {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('名单')
    sheet.addRow(['姓名', '手机号', '性别', '职务'])
    for (const row of rows) sheet.addRow(row)
    return uploadFile('名单.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()))
  }

  it('imports an Excel 97–2003 roster: its bad row is reported and skipped, a good one imports', async () => {
    const { orgId } = await server.db.selectFrom('member').select('orgId').where('id', '=', finance[0].id).executeTakeFirstOrThrow()
    dataOf((await api(admin, 'POST', '/api/member', { name: '钱九七', nation: '汉族', gender: 0, telephone: XLS_MEMBER_PHONE, orgId, pwd: 'Member@123' })).body)
    const train = await publishedTraining({ maxNum: 10 })
    const fixture = await uploadFile('名单.xls', await readFile(join(__dirname, '../fixtures/roster-97-2003.xls')))
    const check = dataOf((await api<ImportCheck>(orgadmin, 'POST', `${BASE}/upload/check`, { trainId: train.id, path: fixture })).body)
    expect(check.issues).toEqual([{ row: 3, column: '手机号', message: '手机号格式错误' }])
    expect(await allNum(train.id)).toBe(0)

    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['姓名', '手机号', '职务'], ['钱九七', Number(XLS_MEMBER_PHONE), '副处长']]), '名单')
    const good = await uploadFile('名单.xls', XLSX.write(book, { bookType: 'xls', type: 'buffer' }) as Uint8Array)
    expect(dataOf((await api(orgadmin, 'GET', `${BASE}/upload`, undefined, { trainId: String(train.id), path: good })).body)).toEqual({ imported: 1, skipped: 0 })
    const [person] = dataOf((await api<SignUpMember[]>(orgadmin, 'GET', `${BASE}/all`, undefined, { trainId: String(train.id) })).body)
    expect(person).toMatchObject({ name: '钱九七', telephone: XLS_MEMBER_PHONE, jobs: '副处长', source: 'import' })
  })

  it('reads only a roster the caller uploaded, and refuses one past the row limit before reading it all', async () => {
    const train = await publishedTraining({ maxNum: 10 })
    const adminsFile = await uploadFile('名单.xlsx', new Uint8Array(await new ExcelJS.Workbook().xlsx.writeBuffer()), admin)
    const foreign = await api(orgadmin, 'GET', `${BASE}/upload`, undefined, { trainId: String(train.id), path: adminsFile })
    expect([foreign.status, foreign.body.message]).toEqual([404, '名单文件不存在，请重新上传'])

    const long = new ExcelJS.Workbook()
    const sheet = long.addWorksheet('名单')
    sheet.addRow(['姓名', '手机号'])
    sheet.getCell(`B${MAX_ROSTER_ROWS + 2}`).value = '13800000000'
    const tooLong = await uploadFile('名单.xlsx', new Uint8Array(await long.xlsx.writeBuffer()))
    const refused = await api(orgadmin, 'GET', `${BASE}/upload`, undefined, { trainId: String(train.id), path: tooLong })
    expect([refused.status, refused.body.message]).toEqual([400, `一次最多导入 ${MAX_ROSTER_ROWS} 行，请分批导入`])
  })

  it('checks a roster row by row without writing, then imports its good rows and skips the bad', async () => {
    const train = await publishedTraining({ maxNum: 10 })
    const bad = await uploadRoster([
      [finance[0].name, finance[0].telephone, '男', '科员'],
      ['某人', '12345', '男', ''],
      [office[0].name, office[0].telephone, '女', ''],
      [finance[1].name, finance[1].telephone, '未知', ''],
      [finance[0].name, finance[0].telephone, '男', ''],
    ])
    const check = dataOf((await api<ImportCheck>(orgadmin, 'POST', `${BASE}/upload/check`, { trainId: train.id, path: bad })).body)
    expect(check).toMatchObject({ total: 5, valid: 1, invalid: 4 })
    expect(check.issues).toEqual([
      { row: 3, column: '手机号', message: '手机号格式错误' },
      { row: 4, column: '手机号', message: `未找到手机号为 ${office[0].telephone} 的党员` },
      { row: 5, column: '性别', message: '性别应为“男”或“女”' },
      { row: 6, column: '手机号', message: `手机号 ${finance[0].telephone} 与第2行重复` },
    ])
    expect(await allNum(train.id)).toBe(0)
    expect(dataOf((await api<SignUpMember[]>(orgadmin, 'GET', `${BASE}/all`, undefined, { trainId: String(train.id) })).body)).toEqual([])
    expect(dataOf((await api(orgadmin, 'GET', `${BASE}/upload`, undefined, { trainId: String(train.id), path: bad })).body)).toEqual({ imported: 1, skipped: 4 })
    expect(await allNum(train.id)).toBe(1)

    const fresh = await publishedTraining({ maxNum: 10 })
    const good = await uploadRoster([
      [finance[0].name, finance[0].telephone, '女', '=SUM(1)'],
      [finance[1].name, finance[1].telephone, '', ''],
    ])
    expect(dataOf((await api(orgadmin, 'GET', `${BASE}/upload`, undefined, { trainId: String(fresh.id), path: good })).body)).toEqual({ imported: 2, skipped: 0 })
    const imported = dataOf((await api<SignUpMember[]>(orgadmin, 'GET', `${BASE}/all`, undefined, { trainId: String(fresh.id) })).body)
    expect(imported.map((r) => [r.telephone, r.gender, r.source])).toEqual([
      [finance[0].telephone, 0, 'import'],
      [finance[1].telephone, expect.any(Number), 'import'],
    ])
    expect(imported[0].jobs).toBe('=SUM(1)')
    expect(await allNum(fresh.id)).toBe(2)

    const small = await publishedTraining({ maxNum: 1 })
    // Beyond the places left, rows are refused as full, in row order.
    const full = dataOf((await api<ImportCheck>(orgadmin, 'POST', `${BASE}/upload/check`, { trainId: small.id, path: good })).body)
    expect(full).toMatchObject({ total: 2, valid: 1, invalid: 1, issues: [{ row: 3, column: '', message: '报名人数已满（最多 1 人）' }] })
    expect(dataOf((await api(orgadmin, 'GET', `${BASE}/upload`, undefined, { trainId: String(small.id), path: good })).body)).toEqual({ imported: 1, skipped: 1 })
    expect(await allNum(small.id)).toBe(1)
  })

  it('lists sign-up statistics with the filters, within the caller\'s own people, and exports them', async () => {
    const train = await publishedTraining({ name: '统计测试班', classHour: 12 })
    dataOf((await addPerson(train.id, finance[3].id)).body)
    const foreign = await publishedTraining({ orgId: null, name: '统计外单位班' }, admin)
    dataOf((await addPerson(foreign.id, office[3].id, admin)).body)

    const byTrain = dataOf((await api<Page<SignUpStatisticsRecord>>(orgadmin, 'GET', `${BASE}/statistics`, undefined, { trainId: String(train.id) })).body)
    expect(byTrain.records).toEqual([
      expect.objectContaining({ name: finance[3].name, telephone: finance[3].telephone, trainName: '统计测试班', classHour: 12, depName: '省财政厅机关党委' }),
    ])
    expect(byTrain.records[0].trainDate).toMatch(/^\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}$/)
    const outside = dataOf((await api<Page<SignUpStatisticsRecord>>(orgadmin, 'GET', `${BASE}/statistics`, undefined, { telephone: office[3].telephone })).body)
    expect(outside.total).toBe(0)
    const asAdmin = dataOf((await api<Page<SignUpStatisticsRecord>>(admin, 'GET', `${BASE}/statistics`, undefined, { telephone: office[3].telephone, pageSize: '50' })).body)
    expect(asAdmin.records.map((r) => r.trainName)).toContain('统计外单位班')
    const none = dataOf((await api<Page<SignUpStatisticsRecord>>(admin, 'GET', `${BASE}/statistics`, undefined, { trainId: String(train.id), startTime: '2000-01-01', endTime: '2000-12-31' })).body)
    expect(none.total).toBe(0)
    const gender = dataOf((await api<Page<SignUpStatisticsRecord>>(admin, 'GET', `${BASE}/statistics`, undefined, { gender: '0', pageSize: '500' })).body)
    expect(allMatch(gender.records, (r) => r.gender === 0)).toBe(true)

    const response = await fetch(`${server.url}${BASE}/statistics/download?trainId=${train.id}`, { headers: { Token: orgadmin } })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(2)
    expect(sheet.getRow(2).getCell(1).value).toBe(finance[3].name)
    expect(sheet.getRow(2).getCell(6).value).toBe('统计测试班')
  })
})
