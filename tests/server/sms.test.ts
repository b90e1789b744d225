import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import type { HomeRow } from '../../src-shared/schemas/content'
import type { Exam } from '../../src-shared/schemas/exam'
import type { SmsLogRow, SmsSetting, SmsStatus } from '../../src-shared/schemas/sms'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, validExamForm } from '../support/exam'
import { startSmsGateway, type SmsGateway } from '../support/sms-gateway'
import { daysFromNow, validTrainForm } from '../support/training'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { outboxOf } from '../../src-server/modules/sms/outbox'
import { startTestServer, type TestServer } from './harness'

describe.each(testDatabases())('SMS outbox ($name)', (database) => {
  let server: TestServer
  let api: ApiAs
  let gateway: SmsGateway
  let databaseUrl: string
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
    gateway = await startSmsGateway()
    databaseUrl = await database.url()
    server = await startTestServer(databaseUrl, { smsRetryMs: 20 })
    api = await signInAs(server.url, demoAccounts.admin)
    homeId = dataOf((await api.post<HomeRow>('/api/home', { name: '短信首页' })).body).id
    paperId = await insertPaper(server.db, '短信测试卷')
    exams = await examsOf(null, ['进行中的考试', '未开始的考试', '已结束的考试', '已关闭的考试', '满意度问卷'])
    await server.db.updateTable('exam').set({ startTime: daysFromNow(1), endTime: daysFromNow(2) }).where('id', '=', exams['未开始的考试']).execute()
    await server.db.updateTable('exam').set({ startTime: daysFromNow(-2), endTime: daysFromNow(-1) }).where('id', '=', exams['已结束的考试']).execute()
    await server.db.updateTable('exam').set({ closed: 1 }).where('id', '=', exams['已关闭的考试']).execute()
    await server.db.updateTable('exam').set({ type: 1 }).where('id', '=', exams['满意度问卷']).execute()
  })
  afterAll(async () => {
    await server?.stop()
    await gateway?.close()
  })

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

  type SendResult = { queued: number; unsent: number; invalid: { memberId: number; name: string; reason: string }[] }
  const send = async (members: { id: number }[]) =>
    dataOf((await api.post<SendResult>('/api/sms', { title: '考试提醒', content: '请按时参加考试', homeId, examId: exams['进行中的考试'], memberList: members.map((m) => ({ id: m.id })) })).body)
  const outboxIdle = () => outboxOf(server.db).idle()
  const logOf = async (memberId: number) => (await api.data<Page<SmsLogRow>>('/api/sms', { pageSize: 50 })).records.filter((r) => r.memberId === memberId)

  it('without a provider nothing is sent and nothing says 已发送: the send counts it apart and the log says 未发送（未配置短信服务）', async () => {
    expect(await api.data<SmsStatus>('/api/sms/status')).toEqual({ configured: false, provider: null, canConfigure: true })
    const [member] = await server.db.selectFrom('member').select(['id', 'name']).where('telephone', 'like', '1%').orderBy('id').limit(1).execute()
    expect(await send([member])).toEqual({ queued: 0, unsent: 1, invalid: [] })
    await outboxIdle()
    expect(await logOf(member.id)).toMatchObject([{ state: 'unsent', lastError: '未配置短信服务', sentTime: null, providerMessageId: null, attempts: 0 }])
    expect(gateway.received).toEqual([])
  })

  it('短信设置 keeps the keys sealed: the console sees 已设置, the database no clear text; a blank key keeps the saved one', async () => {
    const empty = await api.data<SmsSetting>('/api/sms/setting')
    expect(empty).toMatchObject({ provider: 'none', gatewayTokenSet: false, accessKeySecretSet: false, canChange: true, updateTime: null })
    expect(issuesOf(await api.post('/api/sms/setting', { provider: 'aliyun', accessKeyId: 'LTAI-id' }))).toEqual({
      accessKeySecret: '请输入 AccessKey Secret', signName: '请输入短信签名', templateCode: '请输入模板编号',
    })
    expect(issuesOf(await api.post('/api/sms/setting', { provider: 'http', gatewayUrl: 'ftp://x' }))).toEqual({ gatewayUrl: '请输入以 http:// 或 https:// 开头的网关地址' })
    expect(issuesOf(await api.post('/api/sms/setting', { provider: 'http' }))).toEqual({ gatewayUrl: '请输入网关地址' })
    expect((await server.db.selectFrom('smsSetting').select('id').execute()).length).toBe(0)

    const saved = await api.post<SmsSetting>('/api/sms/setting', { provider: 'http', gatewayUrl: gateway.url, gatewayToken: 'token-of-the-office' })
    expect(dataOf(saved.body)).toMatchObject({ provider: 'http', gatewayUrl: gateway.url, gatewayTokenSet: true, updatedBy: 'admin' })
    expect(JSON.stringify(saved.body)).not.toContain('token-of-the-office')
    const stored = await server.db.selectFrom('smsSetting').selectAll().executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain('token-of-the-office')
    // Saved again without the token: the sealed one stays and still opens.
    await api.post('/api/sms/setting', { provider: 'http', gatewayUrl: gateway.url })
    expect(await api.data<SmsSetting>('/api/sms/setting')).toMatchObject({ gatewayTokenSet: true })
    expect(await api.data<SmsStatus>('/api/sms/status')).toMatchObject({ configured: true, provider: 'HTTP 短信网关' })
  })

  it('发送测试短信 reports the gateway’s own answer: its message id when it accepts, its reason when it refuses', async () => {
    const accepted = dataOf((await api.post<{ accepted: boolean; messageId: string; answer: string }>('/api/sms/setting/test', { telephone: '13800000001' })).body)
    const last = gateway.accepted.at(-1)
    expect(last).toMatchObject({ phone: '13800000001', title: '测试短信', authorization: 'Bearer token-of-the-office' })
    expect(accepted).toEqual({ accepted: true, messageId: last?.messageId, answer: `服务商已接受，消息编号 ${last?.messageId}` })
    gateway.refuse('13800000002', '号码已停机')
    expect(dataOf((await api.post('/api/sms/setting/test', { telephone: '13800000002' })).body)).toEqual({ accepted: false, messageId: null, answer: '号码已停机' })
    expect(issuesOf(await api.post('/api/sms/setting/test', { telephone: '123' }))).toEqual({ telephone: '手机号格式错误' })
  })

  it('已发送 only after the gateway accepted (its message id kept); refused twice it is retried; refused always it ends 发送失败 with the reason', async () => {
    const [good, refused, bad] = await server.db.selectFrom('member').select(['id', 'name', 'telephone']).where('telephone', 'like', '1%').orderBy('id').offset(1).limit(3).execute()
    await server.db.updateTable('member').set({ telephone: '12345' }).where('id', '=', bad.id).execute()
    gateway.refuse(good.telephone, '网关繁忙', 2)
    gateway.refuse(refused.telephone, '该号码已退订短信')
    expect(await send([good, refused, bad])).toEqual({ queued: 2, unsent: 0, invalid: [{ memberId: bad.id, name: bad.name, reason: '手机号格式错误' }] })

    const [sent] = await waitFor(() => logOf(good.id), (rows) => rows[0]?.state === 'sent')
    const delivered = gateway.accepted.filter((m) => m.phone === good.telephone)
    expect(delivered).toMatchObject([{ title: '考试提醒', content: '请按时参加考试' }])
    expect(sent).toMatchObject({ state: 'sent', attempts: 3, lastError: null, providerMessageId: delivered[0].messageId })
    const attempts = await server.db.selectFrom('smsAttempt').select(['ok', 'error']).where('messageId', '=', sent.id).orderBy('id').execute()
    expect(attempts).toEqual([{ ok: 0, error: '网关繁忙' }, { ok: 0, error: '网关繁忙' }, { ok: 1, error: null }])

    const [failed] = await waitFor(() => logOf(refused.id), (rows) => rows[0]?.state === 'failed')
    expect(failed).toMatchObject({ attempts: 5, lastError: '该号码已退订短信', sentTime: null, providerMessageId: null })
    expect(await logOf(bad.id)).toMatchObject([{ state: 'invalid', attempts: 0, lastError: '手机号格式错误' }])
    expect((await api.data<Page<SmsLogRow>>('/api/sms', { state: 'invalid' })).records.map((r) => r.memberId)).toEqual([bad.id])
  })

  it('an unreachable gateway is a failure with its reason, never 已发送', async () => {
    await api.post('/api/sms/setting', { provider: 'http', gatewayUrl: 'http://127.0.0.1:9/sms' })
    const answer = dataOf((await api.post<{ accepted: boolean; answer: string }>('/api/sms/setting/test', { telephone: '13800000003' })).body)
    expect(answer).toMatchObject({ accepted: false, answer: expect.stringMatching(/^无法连接短信服务（/) })
    await api.post('/api/sms/setting', { provider: 'http', gatewayUrl: gateway.url })
  })

  it('keys sealed under another server secret do not open: a test message says so instead of pretending', async () => {
    const other = await startTestServer(databaseUrl, { settingsSecret: 'another-office-secret' })
    try {
      const elsewhere = await signInAs(other.url, demoAccounts.admin)
      expect(await elsewhere.data<SmsSetting>('/api/sms/setting')).toMatchObject({ provider: 'http', gatewayTokenSet: false })
      const answer = dataOf((await elsewhere.post<{ accepted: boolean; answer: string }>('/api/sms/setting/test', { telephone: '13800000005' })).body)
      expect(answer).toEqual({ accepted: false, messageId: null, answer: expect.stringContaining('密钥无法解密') })
      expect(gateway.received.filter((m) => m.phone === '13800000005')).toEqual([])
    } finally {
      await other.stop()
    }
    // This server's own key still opens them.
    expect(await api.data<SmsSetting>('/api/sms/setting')).toMatchObject({ gatewayTokenSet: true })
  })

  it('only an account whose scope is the root may change or test the settings; one of a city may read them', async () => {
    const role = await server.db
      .selectFrom('admin')
      .select('roleId')
      .where('name', '=', demoAccounts.orgadmin.username)
      .executeTakeFirstOrThrow()
    await server.db.insertInto('rolePermission').values({ roleId: role.roleId ?? 0, permissionId: 804 }).execute()
    const city = await signInAs(server.url, demoAccounts.orgadmin)
    expect(await city.data<SmsSetting>('/api/sms/setting')).toMatchObject({ provider: 'http', canChange: false, gatewayTokenSet: true })
    expect(await city.data<SmsStatus>('/api/sms/status')).toMatchObject({ configured: true, canConfigure: false })
    const before = await server.db.selectFrom('smsSetting').selectAll().executeTakeFirstOrThrow()
    const refused = failureOf(await city.post('/api/sms/setting', { provider: 'none' }))
    expect([refused.status, refused.message]).toEqual([403, '全省共用的数据只能由省级管理员修改'])
    expect(failureOf(await city.post('/api/sms/setting/test', { telephone: '13800000004' })).status).toBe(403)
    expect(await server.db.selectFrom('smsSetting').selectAll().executeTakeFirstOrThrow()).toEqual(before)
    await server.db.deleteFrom('rolePermission').where('roleId', '=', role.roleId ?? 0).where('permissionId', '=', 804).execute()
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
