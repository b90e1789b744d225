import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommentRow, MemberCourse } from '../../src-shared/schemas/course'
import { nowText } from '../../src-server/db/time'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { memberSession, signUpMembers } from '../support/exam'
import { dataOf } from '../support/envelope'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { membersOfTopOrg, validTrainForm } from '../support/training'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

/**
 * Course comments from members (issue 27): a member comments on an enabled course from
 * the phone page, the text is stored as plain words, the route is rate-limited per
 * member like every other member write, and the console's moderation lists the comment.
 */
describe.each(testDatabases())('course comments from members ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let telephones: string[]
  let open: number
  let disabled: number

  beforeAll(async () => {
    // The real per-address and per-member limits (the harness scales them up for other tests).
    server = await startTestServer(await database.url(), { rateLimitScale: 1 })
    admin = await signInAs(server.url, demoAccounts.admin)
    const people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, 2)
    // Members get a password when signed up for a training (the phone sign-in needs one).
    const trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, trainId, people)
    telephones = people.map((p) => p.telephone)
    const now = nowText()
    const teacher = await server.db.insertInto('teacher').values({ name: '王老师', avatarUrl: '', content: '简介', createTime: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    const course = (name: string, status: number) =>
      server.db.insertInto('course').values({ name, teacherId: teacher.id, content: '<p>简介</p>', status, imagePath: null, videoPath: null, createTime: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    open = (await course('党史专题', 1)).id
    disabled = (await course('停用的课程', -1)).id
  })
  afterAll(() => server?.stop())

  const comments = async (courseId: number) => (await admin.data<Page<CommentRow>>('/api/course/comment', { courseId, pageSize: 200 })).records

  it('stores a member\'s comment as plain text for review, and the console\'s moderation lists it', async () => {
    const member = await memberSession(server.url, telephones[0])
    const courses = (await member.get<MemberCourse[]>('/api/m/courses')).data
    expect(courses.map((c) => c.id)).toContain(open)
    expect(courses.map((c) => c.id)).not.toContain(disabled)

    const sent = await member.post<{ id: number; status: number }>('/api/m/course/comment', { courseId: open, content: '<script>alert(1)</script><b onclick="x()">讲得好</b> &amp; <img src=x onerror=alert(2)>实用', grade: 5 })
    expect(sent.code).toBe(0)
    expect(sent.data.status).toBe(0)
    const [listed] = await comments(open)
    expect(listed).toMatchObject({ id: sent.data.id, content: '讲得好 & 实用', grade: 5, status: 0 })
    const stored = await server.db.selectFrom('courseComment').select(['memberId', 'content']).where('id', '=', sent.data.id).executeTakeFirstOrThrow()
    expect(stored.memberId).not.toBeNull()

    // Moderation: passed, then it stays listed with its new status.
    expect((await admin.patch('/api/course/comment', { id: sent.data.id, status: 1 })).body.code).toBe(0)
    expect((await comments(open))[0].status).toBe(1)
  })

  it('refuses a comment on a course members cannot see, one with nothing but markup, and a bad rating, storing nothing', async () => {
    const member = await memberSession(server.url, telephones[0])
    const before = (await comments(open)).length
    expect((await member.post('/api/m/course/comment', { courseId: disabled, content: '好', grade: 4 })).message).toBe('课程不存在')
    expect((await member.post('/api/m/course/comment', { courseId: 999_999, content: '好', grade: 4 })).message).toBe('课程不存在')
    expect((await member.post('/api/m/course/comment', { courseId: open, content: '<script>alert(1)</script>', grade: 4 })).message).toBe('请输入评论内容')
    expect((await member.post('/api/m/course/comment', { courseId: open, content: '好', grade: 6 })).message).toBe('评分为 1 到 5 星')
    expect((await member.post('/api/m/course/comment', { courseId: open, content: '  ', grade: 3 })).message).toBe('请输入评论内容')
    const anonymous = await fetch(new URL('/api/m/course/comment', server.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ courseId: open, content: '好', grade: 3 }) })
    expect(((await anonymous.json()) as { code: number }).code).toBe(401)
    expect(await comments(open)).toHaveLength(before)
    expect(await comments(disabled)).toHaveLength(0)
  })

  it('limits a member to 120 comment calls a minute, like every other member write, and stores none refused', async () => {
    const member = await memberSession(server.url, telephones[1])
    const before = (await comments(open)).length
    const statuses: number[] = []
    for (let i = 0; i < 121; i++) {
      const response = await fetch(new URL('/api/m/course/comment', server.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', MemberToken: member.token },
        body: JSON.stringify({ courseId: open, content: `第 ${i} 条`, grade: 3 }),
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true)
    expect(statuses[120]).toBe(429)
    expect(await comments(open)).toHaveLength(before + 120)
    // Counted per member: another member is not held back by this one.
    const other = await memberSession(server.url, telephones[0])
    expect((await other.post('/api/m/course/comment', { courseId: open, content: '另一位党员', grade: 4 })).code).toBe(0)
  })
})
