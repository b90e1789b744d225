import * as XLSX from '@e965/xlsx'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { ImportCheck, ImportResult } from '../../src-shared/schemas/imports'
import type { Page } from '../../src-shared/schemas/common'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { Member } from '../../src-shared/schemas/member'
import type { Org, OrgNode } from '../../src-shared/schemas/org'
import { OPTION_LETTERS, type Category, type Question } from '../../src-shared/schemas/question'
import type { SeatListImport, SeatPlan } from '../../src-shared/schemas/seating'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { exportedText } from '../../src-shared/workbook-text'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { fromPlan } from '../../src-renderer/features/seating/arrangement'
import { exportSeatList } from '../../src-renderer/features/seating/seatList'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { membersOfTopOrg, validTrainForm } from '../support/training'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

/**
 * Texts a spreadsheet would take for a formula (= + - @), one the old exports' guard
 * looked like ('=…) and one that merely starts with an apostrophe: each must come back
 * exactly as stored.
 */
const TRICKY = ['=SUM(A1:A3)', '+86 代表', '-5的绝对值', '@全体', "'=不是公式", "'引号开头"] as const

/** An 18-digit 身份证号 with its GB 11643 check digit. */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i], 0)
  return first17 + '10X98765432'[sum % 11]
}

async function workbookOf(bytes: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes)
  return workbook
}

/**
 * A cell for each text, a text cell (no formula) showing the stored text itself: no
 * apostrophe added, except the one more a text that reads like an old guard gets.
 */
function expectTextCells(sheet: ExcelJS.Worksheet, texts: readonly string[]): void {
  const found = new Map<string, ExcelJS.Cell>()
  sheet.eachRow((row) => row.eachCell((cell) => void (typeof cell.value === 'string' && found.set(cell.value, cell))))
  for (const text of texts) {
    const shown = text === "'=不是公式" ? `'${text}` : text
    expect(exportedText(text)).toBe(shown)
    const cell = found.get(shown)
    expect(cell, `a cell showing ${text}`).toBeDefined()
    expect(cell?.type).toBe(ExcelJS.ValueType.String)
    expect(cell?.formula).toBeUndefined()
  }
}

describe.each(testDatabases())('export → import round trips ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let ownTop: OrgNode

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    ;[admin, orgadmin] = await Promise.all([signInAs(server.url, demoAccounts.admin), signInAs(server.url, demoAccounts.orgadmin)])
    const root = (await admin.data<Page<OrgNode>>('/api/org/children')).records[0]
    ownTop = (await admin.data<Page<OrgNode>>('/api/org/children', { parentId: root.id })).records.find((o) => o.name === ORG_ADMIN_TOP_ORG)!
  })
  afterAll(() => server?.stop())

  async function upload(as: ApiAs, name: string, bytes: ArrayBuffer | Uint8Array): Promise<UploadedFile> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: as.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0]
  }

  async function download(as: ApiAs, path: string, query: Record<string, string | number>): Promise<ArrayBuffer> {
    const url = new URL(path, server.url)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v))
    const response = await fetch(url, { headers: { Token: as.token } })
    expect(response.status).toBe(200)
    return response.arrayBuffer()
  }

  it('members: the export, imported again after the members are gone, gives every exported field back', async () => {
    const org = dataOf((await admin.post<Org>('/api/org', { parentId: ownTop.id, name: '往返测试党支部', shortName: '往返' })).body)
    const forms = TRICKY.map((text, i) => ({
      name: `往返${i}`,
      gender: i % 2,
      nation: '汉族',
      telephone: `1377700000${i}`,
      orgId: org.id,
      pwd: 'Trip@1234',
      idcard: idCard(`32010219900101${String(100 + i)}`),
      department: text,
      jobs: TRICKY[(i + 1) % TRICKY.length],
      partyJobs: i === 0 ? null : TRICKY[(i + 2) % TRICKY.length],
      tenureTime: `2020-0${i + 1}`,
      sameTenureYear: i + 1,
    }))
    const fields = ['name', 'gender', 'nation', 'telephone', 'orgId', 'idcard', 'department', 'jobs', 'partyJobs', 'tenureTime', 'sameTenureYear', 'enabled'] as const
    const pick = (m: Member) => Object.fromEntries(fields.map((f) => [f, m[f]]))
    const stored = []
    for (const [i, form] of forms.entries()) {
      const { id } = dataOf((await admin.post<Member>('/api/member', form)).body)
      // 状态 goes both ways: one member is disabled.
      if (i === 1) expect((await admin.post(`/api/member/Disable/${id}`)).body.code).toBe(0)
      stored.push(pick(await admin.data<Member>(`/api/member/${id}`)))
    }
    expect(stored.map((m) => m.enabled)).toContain(false)

    const exported = await download(admin, '/api/member/export', { orgId: org.id })
    expectTextCells((await workbookOf(exported)).worksheets[0], TRICKY)
    const listed = await admin.data<Page<Member>>('/api/member', { orgId: org.id, pageSize: 100 })
    for (const m of listed.records) expect((await admin.del(`/api/member/${m.id}`)).body.code).toBe(0)

    const file = await upload(admin, '党员名单.xlsx', exported)
    expect(dataOf((await admin.post<ImportCheck>('/api/member/import/check', { path: file.path })).body)).toMatchObject({ total: forms.length, valid: forms.length, invalid: 0 })
    expect(dataOf((await admin.post<ImportResult>('/api/member/import/commit', { path: file.path })).body)).toEqual({ imported: forms.length, skipped: 0 })
    const again = await admin.data<Page<Member>>('/api/member', { orgId: org.id, pageSize: 100 })
    const back = await Promise.all(again.records.map((m) => admin.data<Member>(`/api/member/${m.id}`)))
    const byPhone = (rows: Record<string, unknown>[]) => rows.sort((a, b) => String(a.telephone).localeCompare(String(b.telephone)))
    expect(byPhone(back.map(pick))).toEqual(byPhone(stored))
  })

  it('questions: every type, its options, answer and analysis come back from the export as stored', async () => {
    const category = dataOf((await admin.post<Category>('/api/question/category', { useType: 2, name: '往返题库' })).body)
    const base = { useType: 2, categoryId: category.id }
    const options = (...texts: string[]) => Object.fromEntries(texts.map((text, i) => [OPTION_LETTERS[i], text]))
    const forms = [
      { ...base, type: 1, title: `${TRICKY[2]}（往返单选）`, stem: options(TRICKY[0], TRICKY[1], TRICKY[4], TRICKY[5]), answer: 'C', analysis: TRICKY[3] },
      { ...base, type: 2, title: `${TRICKY[0]}（往返多选）`, stem: options('甲', TRICKY[2], '丙', '丁', TRICKY[3]), answer: 'B,E', analysis: null },
      { ...base, type: 3, title: `${TRICKY[4]}（往返判断）`, stem: null, answer: 'false', analysis: TRICKY[1] },
      { ...base, type: 4, title: `${TRICKY[5]}（往返问答）`, stem: null, answer: TRICKY[0], analysis: TRICKY[2] },
      { ...base, type: 5, title: `${TRICKY[3]}（往返填空）`, stem: null, answer: TRICKY[2], analysis: TRICKY[4] },
    ]
    for (const form of forms) dataOf((await admin.post('/api/question', form)).body)
    const fields = (q: Question) => ({ categoryName: q.categoryName, type: q.type, title: q.title, stem: q.stem, answer: q.answer, analysis: q.analysis })
    const list = async () => (await admin.data<Page<Question>>('/api/question', { useType: 2, title: '往返', pageSize: 100 })).records.sort((a, b) => a.id - b.id)
    const stored = await list()
    expect(stored).toHaveLength(forms.length)

    const exported = await download(admin, '/api/question/export', { useType: 2, title: '往返' })
    expectTextCells((await workbookOf(exported)).worksheets[0], TRICKY)
    const file = await upload(admin, '题目.xlsx', exported)
    expect(dataOf((await admin.post<ImportCheck>('/api/question/import/check', { path: file.path, useType: 2 })).body)).toEqual({
      total: forms.length, valid: forms.length, invalid: 0, issues: [], errorFile: null,
    })
    expect(dataOf((await admin.post<ImportResult>('/api/question/import/commit', { path: file.path, useType: 2 })).body)).toEqual({ imported: forms.length, skipped: 0 })
    const imported = (await list()).filter((q) => !stored.some((s) => s.id === q.id))
    const byTitle = (rows: ReturnType<typeof fields>[]) => rows.sort((a, b) => a.title.localeCompare(b.title))
    expect(byTitle(imported.map(fields))).toEqual(byTitle(stored.map(fields)))

    // The same export saved as Excel 97–2003 (as the desktop's .xls copy does) reads back the same.
    const xls = XLSX.write(XLSX.read(new Uint8Array(exported), { type: 'array' }), { bookType: 'xls', type: 'array' }) as ArrayBuffer
    const xlsFile = await upload(admin, '题目.xls', xls)
    expect(dataOf((await admin.post<ImportResult>('/api/question/import/commit', { path: xlsFile.path, useType: 2 })).body)).toEqual({ imported: forms.length, skipped: 0 })
    const fromXls = (await list()).filter((q) => !stored.some((s) => s.id === q.id) && !imported.some((i) => i.id === q.id))
    expect(byTitle(fromXls.map(fields))).toEqual(byTitle(stored.map(fields)))
  })

  it('a workbook from the old exports imports without their guard apostrophe, and nothing else loses one', async () => {
    const category = dataOf((await admin.post<Category>('/api/question/category', { useType: 2, name: '旧导出题库' })).body)
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('题目')
    sheet.addRow(['题目类别', '题目类型', '题目名称', '选项A', '选项B', '选项C', '答案', '解析'])
    // As exports before issue 24 wrote them: an apostrophe before = + - @.
    sheet.addRow([category.name, '单选题', "'-5的绝对值是（旧导出）", "'=5", "'+5", "'@5", 'A', "'引号开头的解析"])
    const file = await upload(admin, '旧题目.xlsx', await book.xlsx.writeBuffer())
    expect(dataOf((await admin.post<ImportResult>('/api/question/import/commit', { path: file.path, useType: 2 })).body)).toEqual({ imported: 1, skipped: 0 })
    const [question] = (await admin.data<Page<Question>>('/api/question', { useType: 2, title: '旧导出', pageSize: 10 })).records
    expect(question).toMatchObject({ title: '-5的绝对值是（旧导出）', stem: JSON.stringify({ A: '=5', B: '+5', C: '@5' }), answer: 'A', analysis: "'引号开头的解析" })
  })

  describe('trainings', () => {
    let finance: { id: number }[]
    beforeAll(async () => {
      finance = await membersOfTopOrg(server.db, ORG_ADMIN_TOP_ORG)
    })

    async function trainingWith(people: number): Promise<{ trainId: number; signUps: SignUpMember[] }> {
      const train = dataOf((await orgadmin.post<TrainDetail>('/api/train', validTrainForm({ maxNum: 0 }))).body)
      const signUps: SignUpMember[] = []
      for (const member of finance.slice(0, people)) {
        signUps.push(dataOf((await orgadmin.post<SignUpMember>('/api/train/sign/up/member', { trainId: train.id, memberId: member.id })).body))
      }
      return { trainId: train.id, signUps }
    }

    it('rosters: a training’s exported roster, imported into another, gives each person’s sign-up fields back', async () => {
      const from = await trainingWith(TRICKY.length)
      for (const [i, s] of from.signUps.entries()) {
        await server.db
          .updateTable('trainSignUp')
          .set({
            company: TRICKY[i], department: TRICKY[(i + 1) % TRICKY.length], jobs: TRICKY[(i + 2) % TRICKY.length], partyJobs: '支部委员', nation: '回族',
            gender: i % 2, sameTenureYear: i + 2, tenureTime: '2019-05', cardsNumber: idCard(`32010219850202${String(200 + i)}`),
            // The training's own items, 是/否 both ways and left empty.
            arrivalType: i % 2 ? '集中前往' : '自行前往', needFocusDriver: i % 2, needRoom: 1 - (i % 2), traffic: i ? `G${i}0${i}` : null,
            needReception: i % 3 === 0 ? null : 1, needSeeOff: 0, withCar: i % 2, needDriverRoom: null, needLeave: i % 2,
            reason: i % 2 ? TRICKY[(i + 3) % TRICKY.length] : null, marks: TRICKY[(i + 4) % TRICKY.length],
          })
          .where('id', '=', s.id)
          .execute()
      }
      const to = await trainingWith(0)
      const exported = await download(orgadmin, '/api/train/sign/up/member/downloadAll', { trainId: from.trainId })
      expectTextCells((await workbookOf(exported)).worksheets[0], TRICKY)
      const file = await upload(orgadmin, '报名名单.xlsx', exported)
      expect(dataOf((await orgadmin.get<{ imported: number }>('/api/train/sign/up/member/upload', { trainId: to.trainId, path: file.path })).body)).toEqual({ imported: TRICKY.length, skipped: 0 })

      // Every column the roster reads back: all but 到达时间, which it shows as a date only (spec 000 §9).
      const fields = [
        'memberId', 'name', 'telephone', 'gender', 'nation', 'company', 'department', 'jobs', 'partyJobs', 'tenureTime', 'sameTenureYear', 'cardsNumber',
        'arrivalType', 'needFocusDriver', 'needRoom', 'traffic', 'needReception', 'needSeeOff', 'withCar', 'needDriverRoom', 'needLeave', 'reason', 'marks',
      ] as const
      const of = async (trainId: number) =>
        (await orgadmin.data<Page<SignUpMember>>('/api/train/sign/up/member', { trainId, pageSize: 100 })).records
          .map((s) => Object.fromEntries(fields.map((f) => [f, s[f]])))
          .sort((a, b) => Number(a.memberId) - Number(b.memberId))
      expect(await of(to.trainId)).toEqual(await of(from.trainId))
    })

    it('the seat list: seats come back by 排 and 列 with the gaps and the unseated left as they were', async () => {
      const { trainId, signUps } = await trainingWith(6)
      const [a, b, c, d, e] = signUps.map((s) => s.id)
      await server.db.updateTable('trainSignUp').set({ name: TRICKY[0] }).where('id', '=', a).execute()
      await server.db.updateTable('trainSignUp').set({ company: TRICKY[4] }).where('id', '=', b).execute()
      // Gaps on purpose (1-2, 2-1, 2-3, the whole third row); the sixth person unseated.
      const saved = [
        { rowNumber: 1, columnNumber: 1, groupNumber: 1, trainSignUpMemberId: b },
        { rowNumber: 1, columnNumber: 3, groupNumber: 2, trainSignUpMemberId: a },
        { rowNumber: 1, columnNumber: 4, groupNumber: null, trainSignUpMemberId: e },
        { rowNumber: 2, columnNumber: 2, groupNumber: null, trainSignUpMemberId: d },
        { rowNumber: 2, columnNumber: 4, groupNumber: null, trainSignUpMemberId: c },
      ]
      dataOf((await orgadmin.post('/api/train/member/location/save', { trainId, rowNumber: 3, columnNumber: 4, trainMemberLocations: saved })).body)
      const plan = await orgadmin.data<SeatPlan>('/api/train/member/location/plan', { trainId })

      // The list as the seat screen writes it, for the plan as saved.
      const exported = await exportSeatList(fromPlan(plan), plan.people)
      const sheet = (await workbookOf(exported.slice().buffer)).worksheets[0]
      expectTextCells(sheet, [TRICKY[0], TRICKY[4]])
      const file = await upload(orgadmin, '座位名单.xlsx', exported)
      const grid = { trainId, path: file.path, rowNumber: 3, columnNumber: 4 }
      const list = dataOf((await orgadmin.post<SeatListImport>('/api/train/member/location/import', grid)).body)
      expect(list.message).toBe('已按表中排列入座 5 人，1 人未安排')
      expect([list.seated, list.unseated]).toEqual([5, 1])
      const key = (s: { rowNumber: number; columnNumber: number; trainSignUpMemberId: number | null }) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId]
      expect(list.seats.map(key).sort()).toEqual(plan.seats.map(key).sort())
      expect(list.groups).toEqual([1, null, 2, null])
      // Nothing is saved by an import.
      expect((await orgadmin.data<SeatPlan>('/api/train/member/location/plan', { trainId })).revision).toBe(plan.revision)
    })

    it('the seat list: bad rows are listed by row with a reason and left out of the arrangement; a list without positions seats in row order', async () => {
      const { trainId, signUps } = await trainingWith(4)
      const people = signUps.map((s) => [s.id, s.name, '', s.telephone])
      const listFile = async (rows: unknown[][], header: unknown[] = ['报名编号', '姓名', '单位', '手机号', '排', '列', '分组']) => {
        const book = new ExcelJS.Workbook()
        const sheet = book.addWorksheet('座位名单')
        sheet.addRow(header)
        for (const row of rows) sheet.addRow(row)
        return (await upload(orgadmin, '座位名单.xlsx', await book.xlsx.writeBuffer())).path
      }
      const importAs = (path: string) => orgadmin.post<SeatListImport>('/api/train/member/location/import', { trainId, path, rowNumber: 2, columnNumber: 3 })

      const bad = dataOf(
        (
          await importAs(
            await listFile([
              [...people[0], 1, 1, 1],
              [...people[1], 1, 1, ''],
              [...people[2], 3, 1, ''],
              [...people[3], 2, '', ''],
              [...people[0], 2, 2, ''],
              [999999, '不认识', '', '13000000000', 2, 3, ''],
            ]),
          )
        ).body,
      )
      expect(bad).toMatchObject({ total: 6, valid: 1, invalid: 5 })
      expect(bad.issues.map((i) => `${i.row}【${i.column}】${i.message}`)).toEqual([
        '3【排】第1排第1列与第2行重复',
        '4【排】第3排第1列不在座位表内（座位表为 2 排 3 列）',
        '5【列】排和列须同时填写',
        `6【姓名】${signUps[0].name}与第2行是同一人员`,
        '7【报名编号】该人员不在报名名单中',
      ])
      expect(bad.seats).toEqual([{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0].id }])
      expect(bad.message).toBe('已按表中排列入座 1 人，3 人未安排')

      // Re-sorted without positions: the list is an order, filled row by row.
      const ordered = dataOf((await importAs(await listFile([people[3], people[1], people[2]], ['报名编号', '姓名', '单位', '手机号']))).body)
      expect(ordered.seats.map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId])).toEqual([
        [1, 1, signUps[3].id],
        [1, 2, signUps[1].id],
        [1, 3, signUps[2].id],
      ])
      expect(ordered.message).toBe('已按表中排列入座 3 人，1 人未安排')
    })
  })
})
