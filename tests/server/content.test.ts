import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import type { CarouselRow, HomeRow, NewsRow, NoticeRow, TeacherRow } from '../../src-shared/schemas/content'
import type { CourseResourceRow, CourseRow, CommentRow } from '../../src-shared/schemas/course'
import type { Portal } from '../../src-shared/schemas/portal'
import type { UploadedFile } from '../../src-shared/schemas/files'
import { nowText } from '../../src-server/db/time'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { call, startTestServer, type TestServer } from './harness'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2'), Buffer.alloc(64)])

describe.each(testDatabases())('content: news, home pages, carousels, notices, teachers, courses, portal ($name)', (database) => {
  let server: TestServer
  let api: ApiAs
  let orgApi: ApiAs

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    api = await signInAs(server.url, demoAccounts.admin)
    orgApi = await signInAs(server.url, demoAccounts.orgadmin)
  })
  afterAll(() => server?.stop())

  async function upload(kind: string, name: string, bytes: Buffer): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=${kind}`, { method: 'POST', headers: { Token: api.token }, body: form })
    return dataOf((await response.json()) as never as { code: 0; message: string; data: UploadedFile[] })[0].path
  }
  const data = async <T>(answer: Promise<{ body: unknown }>) => dataOf((await answer).body as never) as T
  const logOf = (route: string) =>
    server.db.selectFrom('operationLog').selectAll().where('route', '=', route).where('ok', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow()

  it('news: add, list by title, edit, switch off and on, delete — each write logged with before and after', async () => {
    const image = await upload('image', '配图.png', PNG)
    const created = await data<NewsRow>(
      api.post('/api/news', { title: ' 学习贯彻会议精神 ', comeFrom: '省委组织部', entryTime: '2026-11-20', imagePath: image, content: '<p>正文<script>alert(1)</script><img src="x" onerror="alert(2)"></p>' }),
    )
    expect(created).toMatchObject({ title: '学习贯彻会议精神', status: 1, imagePath: image })
    // Rich text is stored sanitised, whoever sent it.
    expect(created.content).not.toMatch(/script|onerror/)
    expect((await logOf('news.create')).after).toContain('学习贯彻会议精神')

    const page = await api.data<Page<NewsRow>>('/api/news', { title: '贯彻', pageNum: 1, pageSize: 10 })
    expect(page.records.map((n) => n.id)).toEqual([created.id])
    expect((await api.data<Page<NewsRow>>('/api/news', { title: '不存在的标题' })).total).toBe(0)
    // A % in the filter is a character, not a wildcard.
    expect((await api.data<Page<NewsRow>>('/api/news', { title: '%' })).total).toBe(0)

    const edited = await data<NewsRow>(api.patch('/api/news', { ...created, title: '改过的标题' }))
    expect(edited.title).toBe('改过的标题')
    const log = await logOf('news.update')
    expect(log.before).toContain('学习贯彻会议精神')
    expect(log.after).toContain('改过的标题')

    expect((await api.post(`/api/news/updateStatus?id=${created.id}&status=-1`)).body.code).toBe(0)
    expect((await api.data<NewsRow[]>('/api/news/all')).find((n) => n.id === created.id)?.status).toBe(-1)
    expect((await api.del(`/api/news/${created.id}`)).body.code).toBe(0)
    expect((await api.del(`/api/news/${created.id}`)).status).toBe(404)
    expect((await logOf('news.delete')).before).toContain('改过的标题')
  })

  it('news: pictures in the text are uploads named by their stored path; data: and outside addresses are dropped', async () => {
    const picture = await upload('image', '正文配图.png', PNG)
    const news = (content: string) => data<NewsRow>(api.post('/api/news', { title: '图文新闻', comeFrom: '省委组织部', entryTime: '2026-11-20', content }))
    const kept = await news(`<p>图前</p><img src="${picture}" alt="正文配图.png"><p>图后</p>`)
    expect(kept.content).toBe(`<p>图前</p><img src="${picture}" alt="正文配图.png" /><p>图后</p>`)
    const dropped = await news(
      '<p>文字<img src="data:image/png;base64,iVBORw0KGgo="><img src="https://example.com/track.png"><img src="//example.com/a.png"><img src="../etc/passwd"></p>',
    )
    expect(dropped.content).toBe('<p>文字</p>')
    for (const { id } of [kept, dropped]) await api.del(`/api/news/${id}`)
  })

  it.each([
    [{}, { title: '请输入标题', comeFrom: '请输入来源', entryTime: '请选择日期', content: '请输入内容' }],
    [{ title: 'x'.repeat(51), comeFrom: 'y'.repeat(41), entryTime: '2026/11/20', content: '<p></p>' }, { title: '最多 50 个字', comeFrom: '最多 40 个字', entryTime: '日期格式应为 yyyy-MM-dd', content: '请输入内容' }],
  ])('news: refuses %j with the spec messages and stores nothing', async (input, messages) => {
    const before = await server.db.selectFrom('news').select('id').execute()
    const answer = await api.post('/api/news', input)
    expect(answer.status).toBe(400)
    expect(issuesOf(answer)).toMatchObject(messages)
    expect(await server.db.selectFrom('news').select('id').execute()).toEqual(before)
  })

  it('news: an image that is not an uploaded picture is refused on its field', async () => {
    const video = await upload('video', '片.mp4', MP4)
    const answer = await api.post('/api/news', { title: '标题', comeFrom: '来源', entryTime: '2026-11-20', content: '<p>x</p>', imagePath: video })
    expect(issuesOf(answer).imagePath).toBe('只能上传 jpg、jpeg、png 格式的文件!')
  })

  it('home pages: one is open at a time; carousels link news or none; the public portal shows only what is enabled', async () => {
    const first = await data<HomeRow>(api.post('/api/home', { name: '首页一' }))
    const second = await data<HomeRow>(api.post('/api/home', { name: '首页二' }))
    expect(first.status).toBe(0)
    expect((await api.post(`/api/home/enable/${first.id}`)).body.code).toBe(0)
    expect((await api.post(`/api/home/enable/${second.id}`)).body.code).toBe(0)
    const homes = await api.data<Page<HomeRow>>('/api/home', { name: '首页' })
    expect(homes.records.map((h) => [h.name, h.status])).toEqual([['首页二', 1], ['首页一', 0]])

    const image = await upload('image', '轮播.png', PNG)
    const shown = await data<NewsRow>(api.post('/api/news', { title: '公开新闻', comeFrom: '来源', entryTime: '2026-11-21', content: '<p>公开正文</p>' }))
    const hidden = await data<NewsRow>(api.post('/api/news', { title: '未发布新闻', comeFrom: '来源', entryTime: '2026-11-22', content: '<p>草稿</p>' }))
    await api.post(`/api/news/updateStatus?id=${hidden.id}&status=-1`)
    expect(issuesOf(await api.post('/api/carousel', { newsId: null })).imagePath).toBe('请上传图片')
    const linked = await data<CarouselRow>(api.post('/api/carousel', { imagePath: image, newsId: shown.id }))
    expect(linked.news).toEqual({ title: '公开新闻' })
    const plain = await data<CarouselRow>(api.post('/api/carousel', { imagePath: image, newsId: null }))
    expect(plain.news).toBeNull()
    await api.post(`/api/carousel/updateStatus?id=${plain.id}&status=-1`)

    const portalAnswer = await fetch(`${server.url}/api/portal`)
    expect(portalAnswer.headers.get('cache-control')).toBe('public, max-age=30')
    const portal = dataOf((await portalAnswer.json()) as never) as Portal
    expect(portal.home).toEqual({ id: second.id, name: '首页二' })
    expect(portal.carousels.map((c) => c.id)).toEqual([linked.id])
    expect(portal.news.map((n) => n.title)).toContain('公开新闻')
    expect(portal.news.map((n) => n.title)).not.toContain('未发布新闻')
    expect((await call(server.url, 'GET', `/api/portal/news/${shown.id}`)).body).toMatchObject({ data: { content: '<p>公开正文</p>' } })
    expect((await call(server.url, 'GET', `/api/portal/news/${hidden.id}`)).status).toBe(404)
    // A write forgets the cached answer at once.
    await api.post(`/api/news/updateStatus?id=${shown.id}&status=-1`)
    const after = dataOf((await (await fetch(`${server.url}/api/portal`)).json()) as never) as Portal
    expect(after.news.map((n) => n.title)).not.toContain('公开新闻')
  })

  it('notices: name ≤ 20 and rich text; the members of a notice are listed, and only members of the caller’s tree can be named', async () => {
    expect(issuesOf(await api.post('/api/notice', { name: 'x'.repeat(21), content: '' }))).toMatchObject({ name: '最多 20 个字', content: '请输入内容' })
    const members = await server.db.selectFrom('member').select(['id', 'topOrgId']).orderBy('id').limit(40).execute()
    const notice = await data<NoticeRow>(api.post('/api/notice', { name: '学习通知', content: '<p>请按时参加</p>', memberIdList: members.slice(0, 2).map((m) => m.id) }))
    expect(notice.memberCount).toBe(2)
    const listed = await api.data<Page<{ id: number }>>(`/api/notice/member/${notice.id}`)
    expect(listed).toMatchObject({ records: members.slice(0, 2).map((m) => ({ id: m.id })), total: 2 })
    const me = await server.db
      .selectFrom('admin')
      .innerJoin('member', 'member.id', 'admin.memberId')
      .select(['member.topOrgId', 'admin.roleId'])
      .where('admin.name', '=', demoAccounts.orgadmin.username)
      .executeTakeFirstOrThrow()
    // Notices are province-wide content; the members a notice names stay within the caller's tree.
    await server.db.insertInto('rolePermission').values({ roleId: me.roleId ?? 0, permissionId: 704 }).execute()
    const foreign = members.find((m) => m.topOrgId !== me.topOrgId)
    expect(foreign).toBeDefined()
    const refused = await orgApi.post('/api/notice', { name: '越权通知', content: '<p>x</p>', memberIdList: [foreign?.id] })
    expect(issuesOf(refused).memberIdList).toBe('所选党员不存在')
    // A refused write changes nothing (issue 24): the refused notice is not created, a refused edit renames nothing.
    const mine = members.find((m) => m.topOrgId === me.topOrgId)
    const own = await data<NoticeRow>(orgApi.post('/api/notice', { name: '本单位通知', content: '<p>x</p>', memberIdList: [mine?.id] }))
    const rename = { id: own.id, name: '改名通知', content: '<p>x</p>', memberIdList: [mine?.id, foreign?.id] }
    expect(issuesOf(await orgApi.patch('/api/notice', rename)).memberIdList).toBe('所选党员不存在')
    expect(issuesOf(await orgApi.post('/api/home/notice', rename)).memberIdList).toBe('所选党员不存在')
    // The province's notice is not the tree's to edit (issue 25): absent to it.
    expect(failureOf(await orgApi.patch('/api/notice', { ...rename, id: notice.id, memberIdList: [mine?.id] }))).toMatchObject({ status: 404, message: '通知不存在' })
    const notices = (await api.data<Page<NoticeRow>>('/api/notice', { pageNum: 1, pageSize: 100 })).records
    expect(notices.map((n) => n.name)).not.toContain('越权通知')
    expect(notices.find((n) => n.id === own.id)).toMatchObject({ name: '本单位通知', memberCount: 1 })
    expect(notices.find((n) => n.id === notice.id)).toMatchObject({ name: '学习通知', memberCount: 2 })
  })

  it('searches a notice\'s members by name, page by page (spec 001 §7: the notice, a name and paging)', async () => {
    const members = await server.db.selectFrom('member').select(['id', 'name']).orderBy('id').limit(12).execute()
    const notice = await data<NoticeRow>(api.post('/api/notice', { name: '分页通知', content: '<p>x</p>', memberIdList: members.map((m) => m.id) }))
    const search = (query: Record<string, string | number>) => api.data<Page<{ id: number; name: string }>>(`/api/notice/member/${notice.id}`, query)
    expect(await search({ pageNum: 2, pageSize: 5 })).toEqual({ records: members.slice(5, 10).map((m) => expect.objectContaining({ id: m.id })), total: 12 })
    expect((await search({ pageNum: 3, pageSize: 5 })).records.map((m) => m.id)).toEqual(members.slice(10).map((m) => m.id))
    // Part of a name finds its members only; an empty name is no filter; % and _ are letters.
    const part = members[7].name.slice(-1)
    const named = await search({ name: part, pageSize: 100 })
    expect(named.records.map((m) => m.id)).toEqual(members.filter((m) => m.name.includes(part)).map((m) => m.id))
    expect(named.total).toBe(named.records.length)
    expect((await search({ name: '', pageSize: 5 })).total).toBe(12)
    expect(await search({ name: '%' })).toEqual({ records: [], total: 0 })
    // Bad paging is refused in Chinese.
    expect(failureOf(await api.get(`/api/notice/member/${notice.id}`, { pageSize: 0 }))).toMatchObject({ status: 400, message: '每页条数最小为 1' })
  })

  it('/api/home/notice: list, save (with id edits), send by SMS to its members through the outbox, delete', async () => {
    expect(issuesOf(await api.post('/api/home/notice', { name: '', content: '<p> </p>' }))).toMatchObject({ name: '请输入名称', content: '请输入内容' })
    const members = await server.db.selectFrom('member').select(['id', 'name', 'telephone']).orderBy('id', 'desc').limit(3).execute()
    const [good, other, wrong] = members
    await server.db.updateTable('member').set({ telephone: '0251234' }).where('id', '=', wrong.id).execute()
    const long = `<p>各支部：</p><p>${'请认真学习&amp;讨论。'.repeat(30)}</p>`
    const created = await data<NoticeRow>(api.post('/api/home/notice', { name: '支部学习通知', content: long, memberIdList: members.map((m) => m.id) }))
    expect(created).toMatchObject({ name: '支部学习通知', status: 1, memberCount: 3 })
    const edited = await data<NoticeRow>(api.post('/api/home/notice', { id: created.id, name: '支部学习通知（改）', content: long }))
    expect(edited).toMatchObject({ id: created.id, name: '支部学习通知（改）', memberCount: 3 })
    const log = await logOf('homeNotice.save')
    expect([log.recordTable, log.recordId]).toEqual(['notice', created.id])
    expect(log.before).toContain('支部学习通知"')
    expect(log.after).toContain('支部学习通知（改）')
    const page = await api.data<Page<NoticeRow>>('/api/home/notice', { name: '（改）', pageNum: 1, pageSize: 10 })
    expect(page).toMatchObject({ total: 1, records: [{ id: created.id, memberCount: 3 }] })

    const sent = await data<{ queued: number; invalid: { memberId: number; name: string; reason: string }[] }>(api.post(`/api/home/notice/send/${created.id}`))
    expect(sent).toEqual({ queued: 0, unsent: 2, invalid: [{ memberId: wrong.id, name: wrong.name, reason: '手机号格式错误' }] })
    const messages = await server.db.selectFrom('smsMessage').select(['memberId', 'telephone', 'title', 'content', 'state']).where('title', '=', '支部学习通知（改）').orderBy('memberId').execute()
    expect(messages.map((m) => [m.memberId, m.telephone, m.state])).toEqual(
      [good, other, wrong].sort((a, b) => a.id - b.id).map((m) => [m.id, m === wrong ? '0251234' : m.telephone, m === wrong ? 'invalid' : 'unsent']),
    )
    // The text of the notice, cut to an SMS's 200 characters, ends in “…”.
    expect(messages[0].content).toHaveLength(200)
    expect(messages[0].content).toMatch(/^各支部： 请认真学习&讨论。请认真学习&讨论。.*…$/)

    await api.post('/api/notice/updateStatus?id=' + created.id + '&status=-1')
    expect(failureOf(await api.post(`/api/home/notice/send/${created.id}`))).toMatchObject({ status: 409, message: '通知已停用，不能发送' })
    const nobody = await data<NoticeRow>(api.post('/api/home/notice', { name: '无人通知', content: '<p>x</p>' }))
    expect(failureOf(await api.post(`/api/home/notice/send/${nobody.id}`))).toMatchObject({ status: 409, message: '该通知还没有发送对象' })

    expect((await api.del(`/api/home/notice/${created.id}`)).status).toBe(200)
    expect(await server.db.selectFrom('noticeMember').select('memberId').where('noticeId', '=', created.id).execute()).toEqual([])
    expect(failureOf(await api.post(`/api/home/notice/send/${created.id}`))).toMatchObject({ status: 404, message: '通知不存在' })
    await server.db.updateTable('member').set({ telephone: wrong.telephone }).where('id', '=', wrong.id).execute()
  })

  it('teachers and courses: avatar required, a course names its teacher, resources and comments; a teacher teaching a course is not deleted', async () => {
    expect(issuesOf(await api.post('/api/teacher', { name: '', content: '' }))).toMatchObject({ name: '请输入教师姓名', avatarUrl: '请上传头像', content: '请输入简介' })
    const teacher = await data<TeacherRow>(api.post('/api/teacher', { name: '王老师', avatarUrl: await upload('image', '王.png', PNG), content: '党史专家' }))
    expect((await api.data<Page<TeacherRow>>('/api/teacher', { name: '王', pageSize: 8 })).records.map((t) => t.id)).toContain(teacher.id)

    expect(issuesOf(await api.post('/api/course', { content: '' }))).toMatchObject({
      name: '请输入课程名称', teacherId: '请选择主讲教师', content: '请输入简介', status: '状态不能为空',
    })
    const course = await data<CourseRow>(
      api.post('/api/course', { name: '党章学习', teacherId: teacher.id, content: '<p>简介</p>', status: 1, imagePath: await upload('image', '封面.png', PNG), videoPath: await upload('video', '课.mp4', MP4) }),
    )
    expect(course.teacherName).toBe('王老师')
    // An intro that is only a script passes the schema's look but sanitises to nothing: refused, not stored empty.
    const courses = async () => (await api.data<Page<CourseRow>>('/api/course', { pageSize: 1 })).total
    const before = await courses()
    const scriptOnly = await api.post('/api/course', { name: '空简介', teacherId: teacher.id, content: '<script>alert(1)</script>', status: 1 })
    expect([scriptOnly.status, issuesOf(scriptOnly)]).toEqual([400, { content: '请输入简介' }])
    expect(await courses()).toBe(before)
    const emptied = { id: course.id, name: course.name, teacherId: teacher.id, status: 1, content: '<p><script>x</script></p>' }
    expect(issuesOf(await api.patch('/api/course', emptied))).toEqual({ content: '请输入简介' })
    expect((await api.data<Page<CourseRow>>('/api/course', { name: '党章学习' })).records.map((c) => c.content)).toEqual(['<p>简介</p>'])
    expect((await api.del(`/api/teacher/${teacher.id}`)).body).toMatchObject({ error: 'CONFLICT', message: '该教师正在主讲课程「党章学习」，请先为课程更换教师' })

    expect(issuesOf(await api.post('/api/course/resource', { courseId: course.id }))).toMatchObject({ name: '请输入资源名称', sortOrder: '请输入权重', type: '资源类型不能为空', resourcePath: '请上传文件' })
    const video = await upload('courseware', '第一讲.mp4', MP4)
    const resource = await data<CourseResourceRow>(api.post('/api/course/resource', { courseId: course.id, name: '第一讲', sortOrder: 1, type: 1, resourcePath: video }))
    const resources = await api.data<Page<CourseResourceRow>>('/api/course/resource', { courseId: course.id })
    expect(resources.records.map((r) => r.id)).toEqual([resource.id])

    const now = nowText()
    const { id: commentId } = await server.db
      .insertInto('courseComment')
      .values({ courseId: course.id, memberId: null, content: '很好', grade: 5, createTime: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await api.patch('/api/course/comment', { id: commentId, status: -1 })).body.code).toBe(0)
    const comments = await api.data<Page<CommentRow>>('/api/course/comment', { courseId: course.id })
    expect(comments.records).toMatchObject([{ id: commentId, status: -1, grade: 5 }])
    expect((await api.del(`/api/course/comment/${commentId}`)).body.code).toBe(0)
    expect((await api.del(`/api/course/${course.id}`)).body.code).toBe(0)
    expect(await server.db.selectFrom('courseResource').select('id').where('courseId', '=', course.id).execute()).toEqual([])
  })
})
