import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import type { HomeRow } from '../../src-shared/schemas/content'
import type { Exam } from '../../src-shared/schemas/exam'
import type { SmsLogRow } from '../../src-shared/schemas/sms'
import type { TrainDetail } from '../../src-shared/schemas/training'
import type { SmsMessage, SmsProvider } from '../../src-server/modules/sms/provider'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, validExamForm } from '../support/exam'
import { daysFromNow, validTrainForm } from '../support/training'
import { issuesOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

/** A gateway that refuses every number's first two messages, then accepts: what it accepted is kept. */
function flakyGateway(): SmsProvider & { delivered: SmsMessage[] } {
  const failures = new Map<string, number>()
  const delivered: SmsMessage[] = []
  return {
    name: 'flaky',
    delivered,
    async send(message) {
      const failed = failures.get(message.telephone) ?? 0
      if (failed < 2) {
        failures.set(message.telephone, failed + 1)
        throw new Error(`网关繁忙（第 ${failed + 1} 次）`)
      }
      delivered.push(message)
    },
  }
}

describe.each(testDatabases())('SMS outbox ($name)', (database) => {
  let server: TestServer
  let api: ApiAs
  const gateway = flakyGateway()
  let homeId: number
  let paperId: number
  /** The exams of a training hosted by `orgId` (null: 其他), by title. */
  const examsOf = async (orgId: number | null, titles: string[]) => {
    const train = dataOf((await api.post<TrainDetail>('/api/train', validTrainForm({ orgId, name: `${titles[0]}所在培训班` }))).body)
    const exams: Record<string, number> = {}
    for (const title of titles) exams[title] = dataOf((await api.post<Exam>('/api/exam', validExamForm(train.id, paperId, { title }))).body).id
    return exams
  }
  let exams: Record<string, number>

  beforeAll(async () => {
    server = await startTestServer(await database.url(), { smsProvider: gateway, smsRetryMs: 20 })
    api = await signInAs(server.url, demoAccounts.admin)
    homeId = dataOf((await api.post<HomeRow>('/api/home', { name: '短信首页' })).body).id
    paperId = await insertPaper(server.db, '短信测试卷')
    exams = await examsOf(null, ['进行中的考试', '未开始的考试', '已结束的考试', '已关闭的考试', '满意度问卷'])
    await server.db.updateTable('exam').set({ startTime: daysFromNow(1), endTime: daysFromNow(2) }).where('id', '=', exams['未开始的考试']).execute()
    await server.db.updateTable('exam').set({ startTime: daysFromNow(-2), endTime: daysFromNow(-1) }).where('id', '=', exams['已结束的考试']).execute()
    await server.db.updateTable('exam').set({ closed: 1 }).where('id', '=', exams['已关闭的考试']).execute()
    await server.db.updateTable('exam').set({ type: 1 }).where('id', '=', exams['满意度问卷']).execute()
  })
  afterAll(() => server?.stop())

  it('offers the exams members can still sit (not started or in progress), never ended, closed ones or questionnaires', async () => {
    const options = await api.data<{ exams: { id: number; title: string }[]; homes: { name: string }[] }>('/api/sms/options')
    expect(options.exams).toEqual([
      { id: exams['进行中的考试'], title: '进行中的考试' },
      { id: exams['未开始的考试'], title: '未开始的考试' },
    ])
    expect(options.homes.map((h) => h.name)).toContain('短信首页')
    const [member] = await server.db.selectFrom('member').select('id').orderBy('id').limit(1).execute()
    for (const title of ['已结束的考试', '已关闭的考试', '满意度问卷']) {
      const answer = await api.post('/api/sms', { title: '考试提醒', content: '请参加', homeId, examId: exams[title], memberList: [member] })
      expect(issuesOf(answer)).toEqual({ examId: '所选考试不存在' })
    }
  })

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const value = await read()
      if (done(value)) return value
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('timed out waiting for the outbox')
  }

  it.each([
    [{}, { title: '请输入标题', content: '请输入短信内容', examId: '请选择考试', homeId: '请选择首页', memberList: '未选中任何用户' }],
    [{ title: 'x'.repeat(21), content: 'y'.repeat(201), homeId: 1, memberList: [] }, { title: '最多 20 个字', content: '最多 200 个字', memberList: '未选中任何用户' }],
  ])('refuses %j with the spec messages and queues nothing', async (input, messages) => {
    const answer = await api.post('/api/sms', input)
    expect(answer.status).toBe(400)
    expect(issuesOf(answer)).toMatchObject(messages)
    expect(await server.db.selectFrom('smsMessage').select('id').execute()).toEqual([])
  })

  it('a message the gateway refuses twice is delivered once, with three attempts logged; a wrong number is reported, not skipped', async () => {
    const [good, bad] = await server.db.selectFrom('member').select(['id', 'name', 'telephone']).orderBy('id').limit(2).execute()
    await server.db.updateTable('member').set({ telephone: '12345' }).where('id', '=', bad.id).execute()
    const answer = dataOf(
      (await api.post<{ queued: number; invalid: { memberId: number; reason: string }[] }>('/api/sms', {
        title: '考试提醒', content: '请按时参加考试', homeId, examId: exams['进行中的考试'], memberList: [good, bad].map((m) => ({ id: m.id })),
      })).body,
    )
    expect(answer).toEqual({ queued: 1, invalid: [{ memberId: bad.id, name: bad.name, reason: '手机号格式错误' }] })

    const log = await waitFor(
      () => api.data<Page<SmsLogRow>>('/api/sms', { pageSize: 10 }),
      (page) => page.records.some((r) => r.memberId === good.id && r.state === 'sent'),
    )
    expect(log.records.find((r) => r.memberId === good.id)).toMatchObject({ state: 'sent', attempts: 3, telephone: good.telephone, lastError: null })
    expect(log.records.find((r) => r.memberId === bad.id)).toMatchObject({ state: 'invalid', attempts: 0, lastError: '手机号格式错误' })
    expect(gateway.delivered.filter((m) => m.telephone === good.telephone)).toEqual([{ telephone: good.telephone, title: '考试提醒', content: '请按时参加考试' }])
    const message = log.records.find((r) => r.memberId === good.id)
    const attempts = await server.db.selectFrom('smsAttempt').select(['ok', 'error']).where('messageId', '=', message?.id ?? 0).orderBy('id').execute()
    expect(attempts).toEqual([
      { ok: 0, error: '网关繁忙（第 1 次）' },
      { ok: 0, error: '网关繁忙（第 2 次）' },
      { ok: 1, error: null },
    ])
    // The log filters by state.
    expect((await api.data<Page<SmsLogRow>>('/api/sms', { state: 'invalid' })).records.map((r) => r.memberId)).toEqual([bad.id])
  })

  it('a member-linked account reaches only its own tree: its exams only, other members reported as not found', async () => {
    const orgApi = await signInAs(server.url, demoAccounts.orgadmin)
    const me = await server.db
      .selectFrom('admin')
      .innerJoin('member', 'member.id', 'admin.memberId')
      .select(['member.id', 'member.topOrgId'])
      .where('admin.name', '=', demoAccounts.orgadmin.username)
      .executeTakeFirstOrThrow()
    const foreign = await server.db.selectFrom('member').select('id').where('topOrgId', '!=', me.topOrgId).executeTakeFirstOrThrow()
    const own = await examsOf(me.topOrgId, ['本单位考试'])
    const options = await orgApi.data<{ exams: { title: string }[] }>('/api/sms/options')
    expect(options.exams.map((e) => e.title)).toEqual(['本单位考试'])
    const outside = await orgApi.post('/api/sms', { title: '通知', content: '内容', homeId, examId: exams['进行中的考试'], memberList: [{ id: me.id }] })
    expect(issuesOf(outside)).toEqual({ examId: '所选考试不存在' })
    const answer = dataOf(
      (await orgApi.post<{ queued: number; invalid: { memberId: number; reason: string }[] }>('/api/sms', {
        title: '通知', content: '内容', homeId, examId: own['本单位考试'], memberList: [{ id: me.id }, { id: foreign.id }],
      })).body,
    )
    expect(answer.queued).toBe(1)
    expect(answer.invalid).toMatchObject([{ memberId: foreign.id, reason: '党员不存在' }])
  })
})
