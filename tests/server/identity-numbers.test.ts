import * as XLSX from '@e965/xlsx'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { routes } from '../../src-shared/api'
import type { ApiEnvelope, ApiFailure } from '../../src-shared/errors'
import type { ImportCheck, ImportResult } from '../../src-shared/schemas/imports'
import type { Page } from '../../src-shared/schemas/common'
import type { UploadedFile } from '../../src-shared/schemas/files'
import { optionalResidentId, residentId, residentIdIssue } from '../../src-shared/schemas/identity'
import type { Member } from '../../src-shared/schemas/member'
import type { Org } from '../../src-shared/schemas/org'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { validTrainForm } from '../support/training'
import { issuesOf, signInAs, type ApiAs } from './api-as'
import { call, startTestServer, type TestServer } from './harness'

/** A number with every part right but its check character (the right one is 2). */
const WRONG_CHECK = '320102199001011234'
const VALID = '320102199001011232'
const CHECK_MESSAGE = '身份证号校验位不正确'
/** 320102199001011232 typed into a cell without text format: a spreadsheet keeps 15 significant digits. */
const DAMAGED = 320102199001011000
const DAMAGED_MESSAGE = '身份证号被表格软件改成了数字（3.20102E+17），请将该列设置为“文本”格式后重新填写'

/** The schema inside optional / nullable / default wrappers (a PATCH schema's `.partial()`). */
function unwrapped(schema: z.ZodType): unknown {
  let inner = schema as { _zod: { def: { type: string; innerType?: z.ZodType } } }
  while (['optional', 'nullable', 'default'].includes(inner._zod.def.type) && inner._zod.def.innerType) {
    inner = inner._zod.def.innerType as unknown as typeof inner
  }
  return inner
}

/** Every route input field (by route name) the contract validates with the resident-ID validator. */
function residentIdFields(): string[] {
  const validators = new Set<unknown>([residentId, optionalResidentId])
  return Object.entries(routes).flatMap(([name, route]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = (route as { [k in typeof part]?: z.ZodObject })[part]
      return Object.entries(schema?.shape ?? {})
        .filter(([, field]) => validators.has(unwrapped(field as z.ZodType)))
        .map(([field]) => `${name}.${field}`)
    }),
  )
}

async function xlsxOf(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('名单')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

function xlsOf(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '名单')
  return XLSX.write(book, { bookType: 'xls', type: 'buffer' }) as Uint8Array
}

describe.each(testDatabases())('identity numbers at every boundary ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let branch: { id: number; orgCode: string }
  let member: Member
  let another: Member
  let train: TrainDetail
  let serial = 0

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    orgadmin = await signInAs(server.url, demoAccounts.orgadmin)
    // A branch of orgadmin's unit, where both accounts may add members.
    branch = await server.db
      .selectFrom('org as o')
      .innerJoin('org as top', 'top.id', 'o.topOrgId')
      .select(['o.id', 'o.orgCode'])
      .where('top.name', '=', ORG_ADMIN_TOP_ORG)
      .where('o.name', 'like', '%预算处%')
      .executeTakeFirstOrThrow()
    member = dataOf((await admin.post<Member>('/api/member', newMember({ idcard: VALID }))).body)
    another = dataOf((await admin.post<Member>('/api/member', newMember())).body)
    train = dataOf((await orgadmin.post<TrainDetail>('/api/train', validTrainForm({ signUpOptions: [1, 2, 5, 11] }))).body)
    dataOf((await admin.patch('/api/train/audit', { id: train.id, status: 30 })).body)
  })
  afterAll(() => server?.stop())

  function newMember(extra: Record<string, unknown> = {}) {
    serial++
    return { name: `证号${serial}`, nation: '汉族', gender: 1, telephone: `1760000${String(serial).padStart(4, '0')}`, orgId: branch.id, pwd: 'Member@123', ...extra }
  }

  const memberCount = async () => (await admin.data<Page<Member>>('/api/member', { pageSize: 1 })).total
  const signUps = () => orgadmin.data<SignUpMember[]>('/api/train/sign/up/member/all', { trainId: train.id })

  async function upload(as: ApiAs, name: string, bytes: Uint8Array): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: as.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0].path
  }

  /** Each route whose input carries a resident ID: sends it a wrong check character and checks the refusal changed nothing. */
  const routeCases: Record<string, () => Promise<void>> = {
    'member.create.idcard': async () => {
      const before = await memberCount()
      expect(issuesOf(await admin.post('/api/member', newMember({ idcard: WRONG_CHECK })))).toEqual({ idcard: CHECK_MESSAGE })
      expect(await memberCount()).toBe(before)
    },
    'member.update.idcard': async () => {
      expect(issuesOf(await admin.patch('/api/member', { id: member.id, idcard: WRONG_CHECK }))).toEqual({ idcard: CHECK_MESSAGE })
      expect((await admin.data<Member>(`/api/member/${member.id}`)).idcard).toBe(VALID)
    },
    'signup.create.cardsNumber': async () => {
      const refused = await orgadmin.post('/api/train/sign/up/member', { trainId: train.id, memberId: member.id, cardsNumber: WRONG_CHECK })
      expect(issuesOf(refused)).toEqual({ cardsNumber: CHECK_MESSAGE })
      expect(await signUps()).toEqual([])
    },
    'signup.update.cardsNumber': async () => {
      const signUp = dataOf((await orgadmin.post<SignUpMember>('/api/train/sign/up/member', { trainId: train.id, memberId: member.id })).body)
      expect(signUp.cardsNumber).toBe(VALID)
      const form = {
        id: signUp.id, name: signUp.name, telephone: signUp.telephone, gender: 1, orgId: signUp.orgId, company: '省财政厅',
        department: '预算处', jobs: '处长', partyJobs: '支部书记', tenureTime: '2020-05', sameTenureYear: 3, cardsNumber: WRONG_CHECK,
      }
      expect(issuesOf(await orgadmin.patch('/api/train/sign/up/member', form))).toEqual({ cardsNumber: CHECK_MESSAGE })
      expect((await signUps()).map((s) => s.cardsNumber)).toEqual([VALID])
      expect((await orgadmin.del(`/api/train/sign/up/member/${signUp.id}`)).status).toBe(200)
    },
    'mobile.signUp.cardsNumber': async () => {
      const body = { trainId: train.id, token: train.tokenValue, telephone: member.telephone, name: member.name, gender: 1, company: '省财政厅', department: '预算处', jobs: '科员' }
      const refused = await call(server.url, 'POST', '/api/m/signup', { body: { ...body, cardsNumber: WRONG_CHECK } })
      expect(refused.status).toBe(400)
      expect((refused.body as ApiFailure).data?.issues).toEqual([{ path: 'cardsNumber', message: CHECK_MESSAGE }])
      expect(await signUps()).toEqual([])
    },
  }

  it('refuses a wrong check character on every route whose schema carries a resident ID, and changes nothing', async () => {
    // Generated from the contract: a new route with an ID field fails here until it has its case.
    expect(residentIdFields().sort()).toEqual(Object.keys(routeCases).sort())
    for (const [field, check] of Object.entries(routeCases)) {
      await check().catch((err: unknown) => {
        throw new Error(`${field}: ${String(err)}`)
      })
    }
  })

  it('member import: a wrong check character and a number a spreadsheet damaged are refused with their reasons, nothing imported', async () => {
    const header = ['姓名*', '性别*', '民族*', '手机号*', '所属组织编码*', '身份证号']
    const rows = [
      header,
      ['证号甲', '男', '汉族', '17611110001', branch.orgCode, WRONG_CHECK],
      ['证号乙', '男', '汉族', '17611110002', branch.orgCode, DAMAGED],
      ['证号丙', '男', '汉族', '17611110003', branch.orgCode, '3.20102E+17'],
    ]
    for (const [name, bytes] of [['党员.xlsx', await xlsxOf(rows)], ['党员.xls', xlsOf(rows)]] as const) {
      const path = await upload(admin, name, bytes)
      const report = dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path })).body)
      expect(report.issues.map((i) => [i.row, i.column, i.message]), name).toEqual([
        [2, '身份证号', CHECK_MESSAGE],
        [3, '身份证号', DAMAGED_MESSAGE],
        [4, '身份证号', DAMAGED_MESSAGE],
      ])
      const before = await memberCount()
      expect(dataOf((await admin.post<ImportResult>('/api/member/import/commit', { path })).body)).toEqual({ imported: 0, skipped: 3 })
      expect(await memberCount()).toBe(before)
    }
  })

  it('roster import: a wrong check character and a damaged number are reported row by row, nothing imported', async () => {
    const rows = [['姓名', '手机号', '身份证号'], [member.name, member.telephone, WRONG_CHECK], [another.name, another.telephone, DAMAGED]]
    for (const [name, bytes] of [['名单.xlsx', await xlsxOf(rows)], ['名单.xls', xlsOf(rows)]] as const) {
      const path = await upload(orgadmin, name, bytes)
      const report = dataOf((await orgadmin.post<ImportCheck>('/api/train/sign/up/member/upload/check', { trainId: train.id, path })).body)
      expect(report.issues.map((i) => [i.row, i.column, i.message]), name).toEqual([
        [2, '身份证号', CHECK_MESSAGE],
        [3, '身份证号', DAMAGED_MESSAGE],
      ])
      expect(dataOf((await orgadmin.get<ImportResult>('/api/train/sign/up/member/upload', { trainId: train.id, path })).body)).toEqual({ imported: 0, skipped: 2 })
      expect(await signUps()).toEqual([])
    }
  })

  it('an organisation’s 联系电话 is a mobile or a landline with area code, never abc', async () => {
    const body = { parentId: branch.id, name: '证号测试党小组', shortName: '证号组' }
    const wrong = '联系电话格式错误，应为手机号或带区号的固定电话（如 025-83123456）'
    expect(issuesOf(await admin.post('/api/org', { ...body, contactPhone: 'abc' }))).toEqual({ contactPhone: wrong })
    const org = dataOf((await admin.post<Org>('/api/org', { ...body, contactPhone: '025-83123456' })).body)
    expect(org.contactPhone).toBe('025-83123456')
    expect(issuesOf(await admin.patch('/api/org', { id: org.id, contactPhone: '8312' }))).toEqual({ contactPhone: wrong })
    expect((await admin.data<Org>(`/api/org/${org.id}`)).contactPhone).toBe('025-83123456')
  })

  it('the demo data users see passes the same rules: every member’s and sign-up’s ID number', async () => {
    const ids = [
      ...(await server.db.selectFrom('member').select('idcard as id').where('idcard', 'is not', null).execute()),
      ...(await server.db.selectFrom('trainSignUp').select('cardsNumber as id').where('cardsNumber', 'is not', null).execute()),
    ].map((r) => r.id as string)
    expect(ids.length).toBeGreaterThan(50)
    expect(ids.filter((id) => residentIdIssue(id) !== null)).toEqual([])
  })
})
