import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import type { Exam } from '../../src-shared/schemas/exam'
import type { AdminRow, LogEntry, RoleRow } from '../../src-shared/schemas/system'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { isSecretKey, REDACTED, REDACTED_CHANGED } from '../../src-server/http/audit'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, validExamForm } from '../support/exam'
import { validTrainForm } from '../support/training'
import { attemptLogin, firstSignIn, login } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

const { admin, orgadmin } = demoAccounts

describe.each(testDatabases())('operation log ($name)', (database) => {
  let server: TestServer
  let token: string
  const write = <T>(method: string, path: string, body: unknown, as = token) => call<T>(server.url, method, path, { token: as, body })
  const logs = async (query: Record<string, string>, as = token) =>
    dataOf((await call<Page<LogEntry>>(server.url, 'GET', '/api/log', { token: as, query })).body)

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    token = await login(server.url, admin.username, admin.password)
  })
  afterAll(() => server?.stop())

  it('records who changed which account, with the values before and after and no secret', async () => {
    const created = dataOf((await write<AdminRow>('POST', '/api/admin', { name: 'logged', password: 'Log@1234', roleId: 2 })).body)
    await write('PATCH', '/api/admin', { id: created.id, name: 'logged2', password: 'New@1234', roleId: 2 })
    const page = await logs({ recordTable: 'admin', recordId: String(created.id) })
    expect(page.total).toBe(2)
    const [update, create] = page.records
    expect(create).toMatchObject({ route: 'admin.create', module: 'admin', adminName: admin.username, ok: true, before: null })
    expect(create.after).toMatchObject({ name: 'logged', roleId: 2, passwordHash: REDACTED })
    expect(update).toMatchObject({ route: 'admin.update', before: { name: 'logged' }, after: { name: 'logged2', passwordHash: REDACTED_CHANGED } })
    expect(update.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    const stored = await server.db.selectFrom('operationLog').select(['before', 'after']).execute()
    const text = JSON.stringify(stored)
    expect(text).not.toMatch(/scrypt\$|Log@1234|New@1234/)
  })

  it('shows fields that merely start like a secret (及格线 passLine, 书记 secretary) and hides every password, token and hash', async () => {
    const train = dataOf((await write<TrainDetail>('POST', '/api/train', validTrainForm())).body)
    const paperId = await insertPaper(server.db, '日志试卷')
    const exam = dataOf((await write<Exam>('POST', '/api/exam', validExamForm(train.id, paperId, { passLine: 75 }))).body)
    const [entry] = (await logs({ recordTable: 'exam', recordId: String(exam.id) })).records
    expect(entry.after).toMatchObject({ passLine: 75, scorePolicy: 'highest' })

    const secrets = ['pwd', 'password', 'passwd', 'passWord', 'oldPassword', 'newPassword', 'confirmPassword', 'new_password', 'pwdHash', 'passwordHash', 'newPwd', 'tokenHash', 'tokenValue', 'answerHash', 'checkCode', 'check_code', 'checkInSecret', 'secret']
    const plain = ['passLine', 'passed', 'secretary', 'checkInTime', 'key', 'telephone', 'passengers']
    expect(secrets.filter((key) => !isSecretKey(key))).toEqual([])
    expect(plain.filter(isSecretKey)).toEqual([])
  })

  it('keeps a deleted record as it was, and a role with its menus', async () => {
    const role = dataOf((await write<RoleRow>('POST', '/api/role', { title: '待删除', remark: '日志', permissionIdList: [801] })).body)
    await write('PATCH', '/api/role', { id: role.id, title: '待删除', remark: '日志', permissionIdList: [801, 803] })
    await write('DELETE', '/api/role', { id: role.id })
    const page = await logs({ recordTable: 'role', recordId: String(role.id) })
    expect(page.records.map((r) => r.route)).toEqual(['role.delete', 'role.update', 'role.create'])
    expect(page.records[0]).toMatchObject({ before: { title: '待删除', permissionIdList: [801, 803] }, after: null })
    expect(page.records[1]).toMatchObject({ before: { permissionIdList: [801] }, after: { permissionIdList: [801, 803] } })
  })

  it('captures a scoped record before and after by itself, with no audit code in its handler', async () => {
    const member = await server.db.selectFrom('member').select(['id', 'name']).where('name', '=', '王芳').executeTakeFirstOrThrow()
    expect((await write('PATCH', '/api/member', { id: member.id, name: '王芳芳' })).body.code).toBe(0)
    const [entry] = (await logs({ recordTable: 'member', recordId: String(member.id) })).records
    expect(entry).toMatchObject({ route: 'member.update', ok: true, before: { name: '王芳' }, after: { name: '王芳芳', pwdHash: REDACTED } })
  })

  it('logs the records routes declare beyond `id`: a training created, a copy of a paper in use, a batch of questions', async () => {
    const train = dataOf((await write<TrainDetail>('POST', '/api/train', validTrainForm())).body)
    const [created] = (await logs({ recordTable: 'train', recordId: String(train.id) })).records
    expect(created).toMatchObject({ route: 'train.create', before: null, after: { name: train.name } })

    // The copy is the record made (after only); the source, used by an exam, is neither refused nor logged.
    const paperId = await insertPaper(server.db, '日志复制试卷')
    expect((await write('POST', '/api/exam', validExamForm(train.id, paperId))).body.code).toBe(0)
    const copy = dataOf((await write<{ id: number }>('POST', `/api/paper/${paperId}/copy`, {})).body)
    const [copied] = (await logs({ recordTable: 'paper', recordId: String(copy.id) })).records
    expect(copied).toMatchObject({ route: 'paper.copy', before: null, after: { title: expect.stringContaining('日志复制试卷') } })
    expect((await logs({ recordTable: 'paper', recordId: String(paperId) })).total).toBe(0)

    // A batch names each question; an id that never existed gets no entry.
    const category = dataOf((await write<{ id: number }>('POST', '/api/question/category', { name: '日志类别', useType: 2 })).body)
    const ids: number[] = []
    for (const title of ['日志题一', '日志题二']) {
      const form = { useType: 2, type: 1, categoryId: category.id, title, stem: JSON.stringify({ A: '甲', B: '乙', C: '丙', D: '丁' }), answer: 'B' }
      ids.push(dataOf((await write<{ id: number }>('POST', '/api/question', form)).body).id)
    }
    expect((await write('DELETE', `/api/question/${ids.join(',')},2000000000`, undefined)).body.code).toBe(0)
    const deleted = await server.db.selectFrom('operationLog').select(['recordId', 'before', 'after']).where('route', '=', 'question.delete').execute()
    expect(deleted.map((e) => e.recordId).sort()).toEqual([...ids].sort())
    expect(deleted.every((e) => e.before !== null && e.after === null)).toBe(true)
  })

  it('records refused writes with the reason, and nothing of the values', async () => {
    await write('DELETE', '/api/role', { id: 1 })
    const [entry] = (await logs({ module: 'role', pageSize: '1' })).records
    expect(entry).toMatchObject({ route: 'role.delete', ok: false, message: '超级管理员角色不可删除', before: null, after: null })
  })

  it('records sign-ins, failed ones too, under the name typed and never the password', async () => {
    await attemptLogin(server.url, { username: 'intruder', password: 'Guess@123' })
    await login(server.url, orgadmin.username, orgadmin.password)
    const failed = await logs({ module: 'auth', adminName: 'intruder' })
    expect(failed.records[0]).toMatchObject({ route: 'auth.login', ok: false, message: '用户名或密码错误', adminId: null })
    const signedIn = await logs({ module: 'auth', adminName: orgadmin.username })
    expect(signedIn.records[0]).toMatchObject({ route: 'auth.login', ok: true })
    const all = await server.db.selectFrom('operationLog').selectAll().execute()
    expect(JSON.stringify(all)).not.toContain('Guess@123')
  })

  it('does not log reads, nor calls without a valid token', async () => {
    const before = (await logs({})).total
    await call(server.url, 'GET', '/api/role', { token })
    await call(server.url, 'DELETE', '/api/role', { body: { id: 2 } })
    await call(server.url, 'DELETE', '/api/role', { token: 'forged', body: { id: 2 } })
    expect((await logs({})).total).toBe(before)
  })

  it('filters by account, module and time range, and pages newest first', async () => {
    const all = await logs({ pageSize: '100' })
    expect(all.records.map((r) => r.id)).toEqual([...all.records.map((r) => r.id)].sort((a, b) => b - a))
    const adminOnly = await logs({ adminName: 'admi', pageSize: '100' })
    expect(adminOnly.records.length).toBeGreaterThan(0)
    expect(allMatch(adminOnly.records, (r) => r.adminName?.includes('admi') === true)).toBe(true)
    // `_` and `%` in the account filter are characters, not wildcards.
    expect((await logs({ adminName: 'adm_n' })).total).toBe(0)
    const future = await logs({ startTime: '2999-01-01 00:00:00' })
    expect(future).toEqual({ records: [], total: 0 })
    const past = await logs({ endTime: '2000-01-01 00:00:00' })
    expect(past.total).toBe(0)
    const now = await logs({ startTime: '2000-01-01 00:00:00', endTime: '2999-01-01 00:00:00', module: 'admin' })
    expect(now.total).toBeGreaterThan(0)
    expect(allMatch(now.records, (r) => r.module === 'admin')).toBe(true)
    const second = await logs({ pageSize: '2', pageNum: '2' })
    expect(second.records.map((r) => r.id)).toEqual(all.records.slice(2, 4).map((r) => r.id))
    const badTime = await call(server.url, 'GET', '/api/log', { token, query: { startTime: '2024-01-01' } })
    expect(badTime.body).toMatchObject({ error: 'VALIDATION', message: '时间格式应为 yyyy-MM-dd HH:mm:ss' })
  })

  it('shows a member-linked account only what the accounts of its tree did', async () => {
    const role = dataOf((await write<RoleRow>('POST', '/api/role', { title: '审计员', remark: '看日志', permissionIdList: [801, 803] })).body)
    const member = await server.db.selectFrom('member').select('id').where('name', '=', '高峰').executeTakeFirstOrThrow()
    await write('POST', '/api/admin', { name: 'auditor', password: 'Audit@123', roleId: role.id, memberId: member.id })
    const auditor = await firstSignIn(server.url, 'auditor', 'Audit@123', 'Audit@124')
    await call(server.url, 'POST', '/api/logout', { token: auditor })
    const again = await login(server.url, 'auditor', 'Audit@124')
    const seen = await logs({ pageSize: '100' }, again)
    expect(seen.records.map((r) => r.route)).toEqual(['auth.logout', 'auth.password'])
    expect(seen.records[0].adminName).toBe('auditor')
  })
})
