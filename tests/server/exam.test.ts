import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerDetail, Exam, MemberExam } from '../../src-shared/schemas/exam'
import type { Participant } from '../../src-shared/schemas/exam-analysis'
import type { MyExam, Sitting } from '../../src-shared/schemas/exam-sitting'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, memberSession, nextSaveSeq, signUpMembers, validExamForm } from '../support/exam'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

type Page<T> = { records: T[]; total: number }

describe.each(testDatabases())('exams: rules, sittings, marking and make-up ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number
  let paperA: number
  let paperB: number

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, 6)
    const train = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body)
    trainId = train.id
    await signUpMembers(server.db, trainId, people.slice(0, 5))
    paperA = await insertPaper(server.db, '试卷A')
    paperB = await insertPaper(server.db, '试卷B')
  })
  afterAll(() => server?.stop())

  const createExam = async (overrides: Record<string, unknown> = {}) => dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paperA, overrides))).body)
  const roundOf = async (examId: number, telephone: string) => {
    const member = await memberSession(server.url, telephone)
    const mine = dataOf(await member.get<MyExam[]>('/api/m/exams') as never) as MyExam[]
    return { member, round: mine.find((x) => x.examId === examId) }
  }

  it('checks every rule of the exam dialog with its message', async () => {
    expect(issuesOf(await admin.post('/api/exam', {}))).toMatchObject({
      title: '请输入考试名称', content: '请输入考试简介', trainId: '请选择关联培训', joinType: '请选择参加方式',
      startTime: '请选择开始时间', endTime: '请选择结束时间', countdown: '请输入考试时长', passLine: '请输入及格线',
      retestNum: '请输入重考次数', canLookAnswer: '请选择是否模拟考试', paperId: '请选择试卷A',
    })
    const form = validExamForm(trainId, paperA)
    expect(issuesOf(await admin.post('/api/exam', { ...form, title: '题'.repeat(41), content: '简'.repeat(201) }))).toMatchObject({ title: '最多 40 个字', content: '最多 200 个字' })
    expect(issuesOf(await admin.post('/api/exam', { ...form, joinType: 2 }))).toEqual({ joinNum: '请输入考试人数' })
    expect(issuesOf(await admin.post('/api/exam', { ...form, joinType: 2, joinNum: 0 }))).toEqual({ joinNum: '考试人数不能小于1' })
    expect(issuesOf(await admin.post('/api/exam', { ...form, endTime: form.startTime }))).toEqual({ endTime: '结束时间须晚于开始时间' })
    expect(issuesOf(await admin.post('/api/exam', { ...form, retestNum: -1 }))).toEqual({ retestNum: '重考次数不能小于0' })
    expect(issuesOf(await admin.post('/api/exam', { ...form, paper3Id: 999_999 }))).toEqual({ paper3Id: '试卷不存在' })
    expect(failureOf(await admin.post('/api/exam', { ...form, trainId: 999_999 })).message).toBe('培训班不存在')
  })

  it('refuses an exam nobody can pass or sit, every reason at its field at once, on create and on update', async () => {
    // Issue 27: pass line 60 on a 56-point paper, variants of different totals, 600 minutes in a 60-minute window, 50 drawn from 5 registrants.
    const small = await insertPaper(server.db, '56分卷', [{ type: 1, title: '单选', stem: { A: '对', B: '错' }, answer: 'A', score: 56 }])
    // The paper row's own total may be out of step: the rules read the total a sitting is scored against.
    await server.db.updateTable('paper').set({ totalScore: 100 }).where('id', '=', small).execute()
    const window = { startTime: '2030-01-01 09:00:00', endTime: '2030-01-01 10:00:00' }
    expect(issuesOf(await admin.post('/api/exam', validExamForm(trainId, small)))).toEqual({ passLine: '及格线不能高于试卷A的总分（56分）' })
    expect(issuesOf(await admin.post('/api/exam', validExamForm(trainId, paperA, { passLine: 150 })))).toEqual({ passLine: '及格线不能高于试卷A的总分（100分）' })
    expect(issuesOf(await admin.post('/api/exam', validExamForm(trainId, paperA, { ...window, countdown: 600 })))).toEqual({ countdown: '考试时长不能超过考试时间段（60分钟）' })
    expect(issuesOf(await admin.post('/api/exam', validExamForm(trainId, paperA, { joinType: 2, joinNum: 50 })))).toEqual({ joinNum: '考试人数不能超过培训班的报名人数（5人）' })
    expect(issuesOf(await admin.post('/api/exam', validExamForm(trainId, paperA, { passLine: 50, paper3Id: small })))).toEqual({ paper3Id: '试卷C总分56分，与试卷A的100分不同；各套试卷总分须相同' })
    // All at once: the pass line against the lowest variant, the odd variant, the draw.
    expect(issuesOf(await admin.post('/api/exam', validExamForm(trainId, paperA, { paper2Id: small, joinType: 2, joinNum: 6 })))).toEqual({
      passLine: '及格线不能高于试卷B的总分（56分）',
      paper2Id: '试卷B总分56分，与试卷A的100分不同；各套试卷总分须相同',
      joinNum: '考试人数不能超过培训班的报名人数（5人）',
    })
    // Possible exams save: the pass line at the total, every registrant drawn, the duration filling the window, two papers of one total.
    const possible = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, small, { ...window, passLine: 56, countdown: 60, joinType: 2, joinNum: 5 }))).body)
    expect(possible.candidates).toBe(5)
    expect(dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paperA, { paper2Id: paperB, passLine: 100 }))).body).paper2Id).toBe(paperB)
    // The same rules on update; a refused update changes nothing.
    expect(issuesOf(await admin.patch('/api/exam', { id: possible.id, ...validExamForm(trainId, small, { ...window, passLine: 57 }) }))).toEqual({ passLine: '及格线不能高于试卷A的总分（56分）' })
    expect(issuesOf(await admin.patch('/api/exam', { id: possible.id, ...validExamForm(trainId, small, { ...window, passLine: 50, countdown: 61 }) }))).toEqual({ countdown: '考试时长不能超过考试时间段（60分钟）' })
    expect(dataOf((await admin.get<Exam>(`/api/exam/${possible.id}`)).body)).toMatchObject({ passLine: 56, countdown: 60 })
  })

  it('enrols all registrants or a random number of them; editing a started exam keeps its sittings; delete', async () => {
    const all = await createExam()
    expect(all.candidates).toBe(5)
    expect(all.status).toBe(1)
    const random = await createExam({ joinType: 2, joinNum: 2 })
    expect(random.candidates).toBe(2)
    const later = await createExam({ startTime: daysFromNow(1), endTime: daysFromNow(2) })
    expect(later.status).toBe(0)

    const { member, round } = await roundOf(all.id, people[0].telephone)
    dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })) as never)
    const edited = dataOf((await admin.patch<Exam>('/api/exam', { id: all.id, ...validExamForm(trainId, paperA, { title: '改名后的测试', startTime: all.startTime }) })).body)
    expect(edited.title).toBe('改名后的测试')
    const list = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: all.id })
    expect(list.total).toBe(5)
    expect(list.records.map((r) => r.attempts).sort()).toEqual([0, 0, 0, 0, 1])

    expect((await admin.del(`/api/exam/${later.id}`)).status).toBe(200)
    expect(failureOf(await admin.get(`/api/exam/${later.id}`)).message).toBe('考试不存在')
  })

  it('signs members in with telephone and password and shows only the exams they are enrolled in', async () => {
    const bad = await fetch(`${server.url}/api/m/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ telephone: people[0].telephone, password: 'wrong' }) })
    expect(((await bad.json()) as { message: string }).message).toBe('手机号或密码错误')
    const anonymous = await fetch(`${server.url}/api/m/exams`)
    expect(anonymous.status).toBe(401)

    const exam = await createExam({ joinType: 2, joinNum: 1 })
    const candidates = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id })
    const chosen = candidates.records[0]
    const outsider = people.slice(0, 5).find((p) => p.id !== chosen.memberId)!
    expect((await roundOf(exam.id, chosen.telephone)).round).toBeDefined()
    const other = await roundOf(exam.id, outsider.telephone)
    expect(other.round).toBeUndefined()
    // Another's candidate id is unknown to this member.
    expect((await other.member.post('/api/m/exam/start', { memberExamId: chosen.id })).message).toBe('考试不存在')
  })

  it('refuses sittings outside the window and answers after the deadline', async () => {
    const early = await createExam({ startTime: daysFromNow(1), endTime: daysFromNow(2) })
    const { member, round } = await roundOf(early.id, people[1].telephone)
    expect(round!.closedReason).toBe('考试尚未开始')
    expect((await member.post('/api/m/exam/start', { memberExamId: round!.memberExamId })).message).toBe('考试尚未开始')

    const closing = await createExam()
    expect(dataOf((await admin.patch<Exam>('/api/exam/close', { id: closing.id })).body).status).toBe(3)
    const closed = (await roundOf(closing.id, people[1].telephone)).round!
    expect((await member.post('/api/m/exam/start', { memberExamId: closed.memberExamId })).message).toBe('考试已关闭')

    const open = await createExam()
    const r = (await roundOf(open.id, people[1].telephone)).round!
    const sitting = dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: r.memberExamId })) as never) as Sitting
    // The exam ends while the member is still answering: the window closes it.
    await server.db.updateTable('exam').set({ endTime: daysFromNow(-1 / 1440) }).where('id', '=', open.id).execute()
    await server.db.updateTable('examAttempt').set({ deadlineAt: Date.now() - 60_000 }).where('id', '=', sitting.attemptId).execute()
    const late = await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: sitting.questions[0].questionId, answer: 'A', seq: nextSaveSeq() })
    expect(late.message).toBe('考试时间已结束，不能再作答')
    const again = (await roundOf(open.id, people[1].telephone)).round!
    expect(again.closedReason).toBe('考试已结束')
    // The unsubmitted sitting was submitted with what was saved: nothing, so 0 and nothing to mark.
    expect(again).toMatchObject({ status: 'CHECK', score: 0 })
  })

  it('keeps autosaved answers and the stored shuffle across a reload; a member cannot see another\'s paper', async () => {
    const exam = await createExam({ paper2Id: paperB })
    const { member, round } = await roundOf(exam.id, people[2].telephone)
    const first = dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })) as never) as Sitting
    expect([1, 2]).toContain(first.paperSlot)
    expect(first.questions).toHaveLength(4)
    expect(first.questions.every((q) => !('answerKey' in q))).toBe(true)
    const single = first.questions.find((q) => q.type === 1)!
    expect(single.options.map((o) => o.key).sort()).toEqual(['A', 'B', 'C', 'D'])
    dataOf((await member.post('/api/m/exam/answer', { attemptId: first.attemptId, questionId: single.questionId, answer: 'B', seq: nextSaveSeq() })) as never)

    const reloaded = dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })) as never) as Sitting
    expect(reloaded.attemptId).toBe(first.attemptId)
    expect(reloaded.questions.map((q) => [q.questionId, q.options.map((o) => o.key).join('')])).toEqual(first.questions.map((q) => [q.questionId, q.options.map((o) => o.key).join('')]))
    expect(reloaded.questions.find((q) => q.questionId === single.questionId)!.answer).toBe('B')

    const other = await memberSession(server.url, people[3].telephone)
    expect((await other.post('/api/m/exam/answer', { attemptId: first.attemptId, questionId: single.questionId, answer: 'A', seq: nextSaveSeq() })).message).toBe('答卷不存在')
    expect((await other.post('/api/m/exam/submit', { attemptId: first.attemptId })).message).toBe('答卷不存在')
  })

  it('gives two phones starting one round at the same moment the one sitting, in the same order', async () => {
    const exam = await createExam()
    const { member, round } = await roundOf(exam.id, people[1].telephone)
    const second = await memberSession(server.url, people[1].telephone)
    const [a, b] = (await Promise.all([member, second, member, second].map((phone) => phone.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })))).map(
      (answer) => dataOf(answer as never) as Sitting,
    )
    expect(b.attemptId).toBe(a.attemptId)
    expect(b.questions.map((q) => [q.questionId, q.options.map((o) => o.key).join('')])).toEqual(a.questions.map((q) => [q.questionId, q.options.map((o) => o.key).join('')]))
    const sittings = await server.db.selectFrom('examAttempt').select('id').where('memberExamId', '=', round!.memberExamId).execute()
    expect(sittings).toHaveLength(1)
  })

  it('scores objective questions on submit, leaves the essay to the marker, and grades by the rules', async () => {
    const exam = await createExam()
    const { member, round } = await roundOf(exam.id, people[3].telephone)
    const sitting = dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })) as never) as Sitting
    const byType = (t: number) => sitting.questions.find((q) => q.type === t)!
    const answers: [number, string][] = [[1, 'A'], [2, 'C,A,B'], [3, 'false'], [4, '坚持党建引领，夯实基层基础。']]
    for (const [t, answer] of answers) dataOf((await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: byType(t).questionId, answer, seq: nextSaveSeq() })) as never)
    const submitted = dataOf((await member.post<{ status: string; score: number | null }>('/api/m/exam/submit', { attemptId: sitting.attemptId })) as never) as { status: string; score: number | null }
    expect(submitted).toMatchObject({ status: 'DONE', score: null })
    // A second submit (a retry) changes nothing.
    expect(dataOf((await member.post('/api/m/exam/submit', { attemptId: sitting.attemptId })) as never)).toMatchObject({ status: 'DONE' })

    const detail = await admin.data<AnswerDetail>('/api/member/answer', { memberExamId: round!.memberExamId })
    const byQ = (t: number) => detail.answers.find((a) => a.question.type === t)!
    expect([byQ(1).score, byQ(2).score, byQ(3).score]).toEqual([20, 30, 0])
    expect(byQ(4)).toMatchObject({ status: 'IGNORE', score: null, questionScore: 40 })

    const grade = (answers: unknown[]) => admin.post('/api/member/answer/grade', { memberExamId: round!.memberExamId, answers })
    expect(failureOf(await grade([{ id: byQ(1).id, score: 10 }])).message).toBe('该题已评分，不能重复评分')
    expect(issuesOf(await grade([{ id: byQ(4).id, score: 12.5 }]))).toEqual({ 'answers.0.score': '分数须为整数' })
    expect(failureOf(await grade([{ id: byQ(4).id, score: 41 }])).message).toBe('分数不能超过该题满分 40')
    expect(dataOf((await grade([{ id: byQ(4).id, score: 35, status: 'SUCCESS' }])).body)).toEqual({ status: 'CHECK', score: 85 })
    const list = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, status: 'CHECK' })
    expect(list.records).toMatchObject([{ memberName: people[3].name, score: 85, passed: true, paper: { totalScore: 100 } }])
  })

  it('refuses a grading with an ungraded question', async () => {
    const exam = await createExam()
    const { member, round } = await roundOf(exam.id, people[4].telephone)
    const sitting = dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })) as never) as Sitting
    const essay = sitting.questions.find((q) => q.type === 4)!
    dataOf((await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: essay.questionId, answer: '我的认识', seq: nextSaveSeq() })) as never)
    dataOf((await member.post('/api/m/exam/submit', { attemptId: sitting.attemptId })) as never)
    const detail = await admin.data<AnswerDetail>('/api/member/answer', { memberExamId: round!.memberExamId })
    const other = detail.answers.find((a) => a.question.type === 1)!
    expect(failureOf(await admin.post('/api/member/answer/grade', { memberExamId: round!.memberExamId, answers: [{ id: other.id, score: 0 }] })).message).toBe('该题已评分，不能重复评分')
    expect(failureOf(await admin.post('/api/member/answer/grade', { memberExamId: round!.memberExamId, answers: [] })).message).toBe('没有要提交的评分')
  })

  it('allows retests up to the count and keeps the highest or latest score', async () => {
    const perfect = [{ type: 1, title: '单选', stem: { A: '对的', B: '错的' }, answer: 'A', score: 50 }, { type: 3, title: '判断', answer: 'true', score: 50 }]
    const paper = await insertPaper(server.db, '客观卷', perfect)
    for (const [policy, expected] of [['highest', 100], ['latest', 50]] as const) {
      const exam = await createExam({ paperId: paper, retestNum: 1, scorePolicy: policy })
      const { member, round } = await roundOf(exam.id, people[0].telephone)
      const sit = async (right: boolean) => {
        const s = dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round!.memberExamId })) as never) as Sitting
        for (const q of s.questions) {
          const answer = q.type === 1 ? (right ? 'A' : 'B') : 'true'
          dataOf((await member.post('/api/m/exam/answer', { attemptId: s.attemptId, questionId: q.questionId, answer, seq: nextSaveSeq() })) as never)
        }
        return dataOf((await member.post<{ score: number }>('/api/m/exam/submit', { attemptId: s.attemptId })) as never) as { score: number }
      }
      expect((await sit(true)).score).toBe(100)
      expect((await sit(false)).score).toBe(50)
      expect((await member.post('/api/m/exam/start', { memberExamId: round!.memberExamId })).message).toBe('已用完全部考试次数')
      const list = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, name: people[0].name })
      expect(list.records[0]).toMatchObject({ status: 'CHECK', score: expected, attempts: 2 })
    }
  })

  it('offers failed and absent candidates for make-up and enrols them in a make-up round', async () => {
    const paper = await insertPaper(server.db, '单题卷', [{ type: 1, title: '单选', stem: { A: '对', B: '错' }, answer: 'A', score: 100 }])
    const exam = await createExam({ paperId: paper })
    const failing = await roundOf(exam.id, people[0].telephone)
    const s = dataOf((await failing.member.post<Sitting>('/api/m/exam/start', { memberExamId: failing.round!.memberExamId })) as never) as Sitting
    dataOf((await failing.member.post('/api/m/exam/answer', { attemptId: s.attemptId, questionId: s.questions[0].questionId, answer: 'B', seq: nextSaveSeq() })) as never)
    dataOf((await failing.member.post('/api/m/exam/submit', { attemptId: s.attemptId })) as never)
    const passing = await roundOf(exam.id, people[1].telephone)
    const p = dataOf((await passing.member.post<Sitting>('/api/m/exam/start', { memberExamId: passing.round!.memberExamId })) as never) as Sitting
    dataOf((await passing.member.post('/api/m/exam/answer', { attemptId: p.attemptId, questionId: p.questions[0].questionId, answer: 'A', seq: nextSaveSeq() })) as never)
    dataOf((await passing.member.post('/api/m/exam/submit', { attemptId: p.attemptId })) as never)
    // The exam is over: those who never sat are absent.
    await server.db.updateTable('exam').set({ endTime: daysFromNow(-1 / 1440) }).where('id', '=', exam.id).execute()

    const offered = await admin.data<{ failed: number[]; absent: number[] }>('/api/member/exam/makeUpCandidates', { examId: exam.id })
    expect(offered.failed).toEqual([failing.round!.memberExamId])
    expect(offered.absent).toHaveLength(3)
    // The score list names them 缺考 (absent), not 待考: nobody can sit an exam that is over.
    const over = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })
    expect(over.records.filter((r) => r.absent).map((r) => r.id).sort()).toEqual([...offered.absent].sort())

    // A make-up round opens once the exam is over: one starting before its end is refused at the field.
    const early = issuesOf(await admin.post('/api/member/exam/makeUp', { examId: exam.id, startTime: daysFromNow(-1 / 24), endTime: daysFromNow(1), memberExams: offered.failed }))
    expect(early.startTime).toMatch(/^补考开始时间须不早于考试结束时间（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）$/)
    const window = { examId: exam.id, startTime: daysFromNow(0), endTime: daysFromNow(1) }
    expect(issuesOf(await admin.post('/api/member/exam/makeUp', { ...window, memberExams: [] }))).toEqual({ memberExams: '未选中任何行' })
    expect(issuesOf(await admin.post('/api/member/exam/makeUp', { ...window, startTime: '', memberExams: offered.failed }))).toEqual({ startTime: '请选择补考开始时间' })
    expect(dataOf((await admin.post('/api/member/exam/makeUp', { ...window, memberExams: [...offered.failed, ...offered.absent] })).body)).toEqual({ count: 4 })

    const list = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })
    expect(list.records.filter((r) => r.isMakeUp === 1)).toHaveLength(4)
    // A make-up round with its own open window is waiting (待补考), not absent.
    expect(list.records.filter((r) => r.isMakeUp === 1).map((r) => r.absent)).toEqual([false, false, false, false])
    const mine = dataOf((await failing.member.get<MyExam[]>('/api/m/exams')) as never) as MyExam[]
    const makeUp = mine.find((x) => x.examId === exam.id && x.isMakeUp === 1)!
    expect(makeUp).toMatchObject({ status: 'WAIT', closedReason: null, endTime: window.endTime })
    const retake = dataOf((await failing.member.post<Sitting>('/api/m/exam/start', { memberExamId: makeUp.memberExamId })) as never) as Sitting
    expect(retake.questions).toHaveLength(1)
  })

  it('keeps the spec\'s typesetting and classType of an exam: stored, returned, kept by an edit that leaves them out, refused in Chinese when bad', async () => {
    const created = await createExam({ title: '排版测试', typesetting: 2, classType: '' })
    // No class type of its own: its training's (validTrainForm: 1).
    expect(created).toMatchObject({ typesetting: 2, classType: 1 })
    const form = validExamForm(trainId, paperA, { title: '排版测试', startTime: created.startTime })
    const edited = dataOf((await admin.patch<Exam>('/api/exam', { ...form, id: created.id, classType: 4 })).body)
    expect(edited).toMatchObject({ typesetting: 2, classType: 4 })
    expect(await admin.data<Exam>(`/api/exam/${created.id}`)).toMatchObject({ typesetting: 2, classType: 4 })
    const listed = (await admin.data<Page<Exam>>('/api/exam', { title: '排版测试' })).records
    expect(listed.map((e) => [e.typesetting, e.classType])).toEqual([[2, 4]])
    // Empty clears: none of its own again.
    expect(dataOf((await admin.patch<Exam>('/api/exam', { ...form, id: created.id, typesetting: '', classType: null })).body)).toMatchObject({ typesetting: null, classType: 1 })

    const before = await server.db.selectFrom('exam').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
    for (const [bad, issues] of [
      [{ typesetting: 'abc' }, { typesetting: '排版方式须为 0 至 99 的整数' }],
      [{ typesetting: 100 }, { typesetting: '排版方式须为 0 至 99 的整数' }],
      [{ typesetting: 1.5 }, { typesetting: '必须是整数' }],
      [{ classType: 11 }, { classType: '请选择班次类别' }],
    ] as const) {
      expect(issuesOf(await admin.patch('/api/exam', { ...form, id: created.id, ...bad })), JSON.stringify(bad)).toEqual(issues)
    }
    expect(await server.db.selectFrom('exam').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()).toEqual(before)
  })

  it('sets a make-up from the selected member exams as the spec\'s client sends them (rows, no examId), and refuses bad selections in Chinese changing nothing', async () => {
    const exam = await createExam({})
    const other = await createExam({ title: '另一场考试' })
    await server.db.updateTable('exam').set({ endTime: daysFromNow(-1 / 1440) }).where('id', 'in', [exam.id, other.id]).execute()
    const rows = (await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })).records
    const otherRow = (await admin.data<Page<MemberExam>>('/api/member/exam', { examId: other.id, pageSize: 20 })).records[0]
    const window = { startTime: daysFromNow(0), endTime: daysFromNow(1) }
    const makeUps = () => server.db.selectFrom('memberExam').select('id').where('examId', 'in', [exam.id, other.id]).where('isMakeUp', '=', 1).execute()

    expect(issuesOf(await admin.post('/api/member/exam/makeUp', { ...window, memberExams: [{ memberName: '无编号' }] }))).toEqual({ 'memberExams.0': '选中的考生编号无效' })
    expect(issuesOf(await admin.post('/api/member/exam/makeUp', { ...window, memberExams: [rows[0], otherRow] }))).toEqual({ memberExams: '选中的考生须属于同一场考试' })
    expect(failureOf(await admin.post('/api/member/exam/makeUp', { ...window, memberExams: [2147483000] }))).toMatchObject({ status: 404 })
    // A given examId must be the rows' exam.
    expect(failureOf(await admin.post('/api/member/exam/makeUp', { ...window, examId: other.id, memberExams: rows.slice(0, 1) }))).toMatchObject({ status: 404, message: '选中的考生不属于本考试' })
    expect(await makeUps()).toEqual([])

    // The score list's rows as they are: the exam is theirs.
    expect(dataOf((await admin.post('/api/member/exam/makeUp', { ...window, memberExams: rows.slice(0, 2) })).body)).toEqual({ count: 2 })
    const list = (await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })).records
    expect(list.filter((r) => r.isMakeUp === 1).map((r) => r.memberName).sort()).toEqual(rows.slice(0, 2).map((r) => r.memberName).sort())
    expect(await makeUps()).toHaveLength(2)
  })

  it('an exam closed by hand while in progress says so everywhere: its waiting candidates are 缺考 and 已过期, never 待考 or 待参加', async () => {
    const exam = await createExam({})
    const waiting = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })
    expect(waiting.records.length).toBeGreaterThan(0)
    expect(allMatch(waiting.records, (r) => r.status === 'WAIT' && !r.absent)).toBe(true)
    expect((await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, status: 'WAIT' })).total).toBe(waiting.total)

    dataOf((await admin.patch('/api/exam/close', { id: exam.id })).body)
    const closed = await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })
    expect(allMatch(closed.records, (r) => r.absent)).toBe(true)
    expect((await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, status: 'WAIT' })).total).toBe(0)
    const passed = await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, pageSize: 20 })
    expect(passed.records.map((p) => p.status)).toEqual(waiting.records.map(() => 'PASS'))
    expect((await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, status: 'PASS' })).total).toBe(waiting.total)
    // The score list's export says the same.
    const response = await fetch(`${server.url}/api/member/exam/downloadScoreList/${exam.id}`, { headers: { Token: admin.token } })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const states = workbook.worksheets[0].getColumn(4).values.slice(2)
    expect(states).toEqual(waiting.records.map(() => '缺考'))
  })
})
