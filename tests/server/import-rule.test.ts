import * as XLSX from '@e965/xlsx'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { ImportCheck, ImportResult } from '../../src-shared/schemas/imports'
import type { Org } from '../../src-shared/schemas/org'
import type { SeatListImport } from '../../src-shared/schemas/seating'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { membersOfTopOrg, validTrainForm } from '../support/training'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

/** A bad row of a case's file: its cells, and the column and message the dry run must give it. */
interface BadRow {
  cells: unknown[]
  column: string
  message: string
}

/** One file of an import: its header, the rows that must import, the rows that must be refused. */
interface ImportFile {
  header: string[]
  good: unknown[][]
  bad: BadRow[]
}

/**
 * One import of the console, as the one import rule sees it: a file made fresh for each
 * run (`serial` keeps its people new), the dry run, the commit (null where the import
 * only answers an arrangement: the seat list), and what the import writes, counted.
 */
interface ImportCase {
  name: string
  file(serial: number): Promise<ImportFile>
  check(path: string): Promise<ImportCheck>
  commit: ((path: string) => Promise<ImportResult>) | null
  written(): Promise<number>
  /** What the dry run's answer itself gives for the good rows (the seat list's seats). */
  checkedGood?(check: ImportCheck): number
}

async function bytesOf(rows: unknown[][], format: 'xlsx' | 'xls'): Promise<Uint8Array> {
  if (format === 'xls') {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '导入')
    return XLSX.write(book, { bookType: 'xls', type: 'buffer' }) as Uint8Array
  }
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('导入')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

describe.each(testDatabases())('one import rule for every import ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let finance: { id: number; name: string; telephone: string }[]
  let roster: TrainDetail
  let seats: { trainId: number; signUps: SignUpMember[] }
  let categoryName: string
  let branchPath: string
  let twinName: string

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    ;[admin, orgadmin] = await Promise.all([signInAs(server.url, demoAccounts.admin), signInAs(server.url, demoAccounts.orgadmin)])
    finance = await membersOfTopOrg(server.db, ORG_ADMIN_TOP_ORG)
    roster = dataOf((await orgadmin.post<TrainDetail>('/api/train', validTrainForm({ maxNum: 0 }))).body)
    const seatTrain = dataOf((await orgadmin.post<TrainDetail>('/api/train', validTrainForm({ maxNum: 0 }))).body)
    const signUps: SignUpMember[] = []
    for (const member of finance.slice(0, 8)) {
      signUps.push(dataOf((await orgadmin.post<SignUpMember>('/api/train/sign/up/member', { trainId: seatTrain.id, memberId: member.id })).body))
    }
    seats = { trainId: seatTrain.id, signUps }
    categoryName = `导入规则${Date.now()}`
    dataOf((await admin.post('/api/question/category', { name: categoryName, useType: 2 })).body)
    // Two organisations of one name under two parents of orgadmin's tree: a name that needs its path.
    const top = await server.db.selectFrom('org').select(['id', 'name']).where('name', '=', ORG_ADMIN_TOP_ORG).executeTakeFirstOrThrow()
    const parents = await server.db.selectFrom('org').select(['id', 'name']).where('parentId', '=', top.id).orderBy('id').limit(2).execute()
    twinName = '导入规则重名党小组'
    for (const parent of parents) dataOf((await orgadmin.post<Org>('/api/org', { parentId: parent.id, name: twinName, shortName: '重名' })).body)
    branchPath = `${top.name}/${parents[0].name}/${twinName}`
  })
  afterAll(() => server?.stop())

  async function upload(as: ApiAs, name: string, bytes: Uint8Array): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: as.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0].path
  }

  const count = async (table: 'member' | 'trainSignUp' | 'question') =>
    Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  const cases: ImportCase[] = [
    {
      name: 'members (所属组织 by path, by a unique name, or refused as ambiguous)',
      file: async (serial) => {
        const phone = (k: number) => `1770${String(serial).padStart(3, '0')}${String(k).padStart(4, '0')}`
        return {
          header: ['姓名*', '性别*', '民族*', '手机号*', '所属组织*'],
          good: [
            ['规则甲', '男', '汉族', phone(1), branchPath],
            ['规则乙', '女', '汉族', phone(2), '预算处党支部'],
          ],
          bad: [
            { cells: ['规则丙', '男', '汉族', phone(3), twinName], column: '所属组织', message: `有 2 个组织名为“${twinName}”，请填写组织路径以区分：` },
            { cells: ['规则丁', '男', '汉族', phone(4), '没有这个党支部'], column: '所属组织', message: '组织“没有这个党支部”不存在或不在本单位范围内' },
            { cells: ['规则戊', '不详', '汉族', phone(5), branchPath], column: '性别', message: '性别只能填写 男 或 女' },
          ],
        }
      },
      check: async (path) => dataOf((await orgadmin.post<ImportCheck>('/api/member/import/check', { path })).body),
      commit: async (path) => dataOf((await orgadmin.post<ImportResult>('/api/member/import/commit', { path })).body),
      written: () => count('member'),
    },
    {
      name: 'a training’s roster',
      file: async (serial) => {
        const [a, b, c] = finance.slice(serial * 3, serial * 3 + 3)
        return {
          header: ['姓名', '手机号', '性别'],
          good: [
            [a.name, a.telephone, '男'],
            [b.name, b.telephone, ''],
          ],
          bad: [
            { cells: ['某人', '12345', ''], column: '手机号', message: '手机号格式错误' },
            { cells: [c.name, c.telephone, '不详'], column: '性别', message: '性别应为“男”或“女”' },
            { cells: [a.name, a.telephone, ''], column: '手机号', message: `手机号 ${a.telephone} 与第2行重复` },
          ],
        }
      },
      check: async (path) => dataOf((await orgadmin.post<ImportCheck>('/api/train/sign/up/member/upload/check', { trainId: roster.id, path })).body),
      commit: async (path) => dataOf((await orgadmin.get<ImportResult>('/api/train/sign/up/member/upload', { trainId: roster.id, path })).body),
      written: () => count('trainSignUp'),
    },
    {
      name: 'questions',
      file: async (serial) => ({
        header: ['题目类别', '题目类型', '题目名称', '选项A', '选项B', '选项C', '答案'],
        good: [
          [categoryName, '单选题', `规则单选${serial}`, '甲', '乙', '丙', 'A'],
          [categoryName, '判断题', `规则判断${serial}`, '', '', '', '对'],
        ],
        bad: [
          { cells: ['没有的类别', '单选题', `规则坏一${serial}`, '甲', '乙', '丙', 'A'], column: '题目类别', message: '题目类别「没有的类别」不存在' },
          { cells: [categoryName, '论述题', `规则坏二${serial}`, '', '', '', ''], column: '题目类型', message: '题目类型「论述题」无效' },
          { cells: [categoryName, '单选题', '', '甲', '乙', '丙', 'A'], column: '题目名称', message: '请输入题目名称' },
        ],
      }),
      check: async (path) => dataOf((await admin.post<ImportCheck>('/api/question/import/check', { path, useType: 2 })).body),
      commit: async (path) => dataOf((await admin.post<ImportResult>('/api/question/import/commit', { path, useType: 2 })).body),
      written: () => count('question'),
    },
    {
      name: 'a seat list (its arrangement of the good rows; nothing saved)',
      file: async (serial) => {
        const [a, b, c] = seats.signUps.slice(serial * 3, serial * 3 + 3)
        return {
          header: ['报名编号', '姓名', '单位', '手机号', '排', '列', '分组'],
          good: [
            [a.id, a.name, '', a.telephone, 1, 1, ''],
            [b.id, b.name, '', b.telephone, 1, 2, ''],
          ],
          bad: [
            { cells: [c.id, c.name, '', c.telephone, 1, 1, ''], column: '排', message: '第1排第1列与第2行重复' },
            { cells: [999999, '不认识', '', '13000000000', 2, 1, ''], column: '报名编号', message: '该人员不在报名名单中' },
            { cells: [c.id, c.name, '', c.telephone, 9, 1, ''], column: '排', message: '第9排第1列不在座位表内（座位表为 3 排 4 列）' },
          ],
        }
      },
      check: async (path) =>
        dataOf((await orgadmin.post<SeatListImport>('/api/train/member/location/import', { trainId: seats.trainId, path, rowNumber: 3, columnNumber: 4 })).body),
      commit: null,
      written: async () => Number((await server.db.selectFrom('trainMemberLocation').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      checkedGood: (check) => (check as SeatListImport).seats.length,
    },
  ]

  for (const [index, c] of cases.entries()) {
    for (const [k, format] of (['xlsx', 'xls'] as const).entries()) {
      it(`${c.name}, .${format}: the dry run lists each bad row with its reason and writes nothing; the import writes the good rows and skips the bad`, async () => {
        const file = await c.file(k)
        // Good and bad rows interleaved, so row numbers are the file's own.
        const rows = [file.good[0], file.bad[0].cells, file.good[1], ...file.bad.slice(1).map((b) => b.cells)]
        const rowOf = (bad: BadRow) => rows.indexOf(bad.cells) + 2
        const as = c.name === 'questions' ? admin : orgadmin
        const path = await upload(as, `导入${index}.${format}`, await bytesOf([file.header, ...rows], format))
        const before = await c.written()

        const check = await c.check(path)
        expect(check).toMatchObject({ total: rows.length, valid: file.good.length, invalid: file.bad.length })
        expect(check.issues.map((i) => [i.row, i.column])).toEqual(file.bad.map((b) => [rowOf(b), b.column]))
        for (const [n, bad] of file.bad.entries()) expect(check.issues[n].message).toContain(bad.message)
        expect(await c.written()).toBe(before)
        // The error workbook: the bad rows as typed, each with its reasons.
        const errors = await fetch(new URL(`/api/file?path=${encodeURIComponent(check.errorFile ?? '')}`, server.url), { headers: { Token: as.token } })
        const workbook = new ExcelJS.Workbook()
        await workbook.xlsx.load(await errors.arrayBuffer())
        const sheet = workbook.worksheets[0]
        expect(sheet.getRow(1).values).toEqual([undefined, ...file.header, '错误信息'])
        expect(sheet.rowCount).toBe(1 + file.bad.length)
        expect(String(sheet.getRow(2).getCell(file.header.length + 1).value)).toContain(`第 ${rowOf(file.bad[0])} 行【${file.bad[0].column}】`)

        if (c.commit) {
          expect(await c.commit(path)).toEqual({ imported: file.good.length, skipped: file.bad.length })
          expect(await c.written()).toBe(before + file.good.length)
        } else {
          expect(c.checkedGood?.(check)).toBe(file.good.length)
          expect(await c.written()).toBe(before)
        }
      })
    }
  }
})
