import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nowText } from '../../src-server/db/time'
import { goToRoute, screenshot, SHOTS_DIR } from '../support/browser'
import { memberPhone, useSignedInConsole, withServerDb } from '../support/console-tabs'
import { insertPaper, MEMBER_PASSWORD, signUpMembers, validExamForm } from '../support/exam'
import { membersOfTopOrg, validTrainForm } from '../support/training'

/**
 * The member's phone page beyond the sitting (issue 27): after 交卷 of a 模拟考试 the answers
 * with 正确 / 错误, and 课程评论, whose comment the console's moderation then lists.
 */

let member: { id: number; name: string; telephone: string }
const COURSE = '党史专题（手机评论）'

const ui = useSignedInConsole(async ({ core, app }) => {
  const trainId = (await core('train.create', validTrainForm({ name: '第四期党务干部培训班（模拟）' }))).id
  const paperId = await withServerDb(app, async (db) => {
    ;[member] = (await membersOfTopOrg(db, '省财政厅机关党委')).slice(0, 1)
    await signUpMembers(db, trainId, [member])
    const now = nowText()
    const teacher = await db.insertInto('teacher').values({ name: '王老师', avatarUrl: '2026/01/0123456789abcdef0123456789abcdef.png', content: '简介', createTime: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    await db.insertInto('course').values({ name: COURSE, teacherId: teacher.id, content: '<p>简介</p>', status: 1, imagePath: null, videoPath: null, createTime: now, updatedAt: now }).execute()
    return insertPaper(db, '模拟卷')
  })
  await core('exam.create', validExamForm(trainId, paperId, { title: '模拟测试', canLookAnswer: 1 }))
})

const phoneSignedIn = () => memberPhone(ui.browser, ui.serverUrl, { telephone: member.telephone, password: MEMBER_PASSWORD })

describe('the member\'s phone page', () => {
  it('shows a mock exam\'s answers after 交卷, each question marked right or wrong', async () => {
    const { context, phone } = await phoneSignedIn()
    await phone.locator('.card').filter({ hasText: '模拟测试' }).getByRole('button', { name: '开始考试' }).click()
    await phone.getByText('全心全意为人民服务').click()
    await phone.locator('.q[data-type="4"] textarea').fill('加强理论学习')
    await expect.poll(() => phone.locator('#sync').textContent(), { timeout: 15_000 }).toBe('已保存')
    await phone.getByRole('button', { name: '交卷' }).click()
    await phone.getByRole('heading', { name: '答案解析' }).waitFor()
    const mark = (title: string) => phone.locator('#review .q').filter({ hasText: title }).locator('.mark').textContent()
    expect(await mark('党的根本宗旨是什么？')).toBe('正确')
    expect(await mark('下列哪些属于“四个意识”？')).toBe('错误')
    expect(await mark('谈谈你对基层党建工作的认识。')).toBe('待阅卷')
    expect(await mark('党员应当按期缴纳党费。')).toBe('错误')
    const chosen = phone.locator('#review .q').filter({ hasText: '党的根本宗旨是什么？' }).locator('.opt.key')
    expect(await chosen.textContent()).toMatch(/全心全意为人民服务（正确答案）（你的选择）$/)
    await phone.screenshot({ path: join(SHOTS_DIR, 'mock-review-phone.png'), fullPage: true })
    // Later, from the list.
    await phone.getByRole('button', { name: '返回' }).click()
    await phone.locator('.card').filter({ hasText: '模拟测试' }).getByRole('button', { name: '查看答案' }).click()
    await phone.getByRole('heading', { name: '答案解析' }).waitFor()
    await context.close()
  })

  it('takes a course comment for review, and the console\'s moderation lists it', async () => {
    const { context, phone } = await phoneSignedIn()
    await phone.getByRole('button', { name: '课程评论' }).click()
    const card = phone.locator('form[data-course]').filter({ hasText: COURSE })
    await card.getByRole('button', { name: '提交评论' }).click()
    await expect.poll(() => card.locator('.result').textContent()).toBe('请输入评论内容')
    await card.locator('textarea').fill('<b>讲得生动</b>，很有收获')
    await card.getByText('★★★★★', { exact: true }).click()
    await card.getByRole('button', { name: '提交评论' }).click()
    await expect.poll(() => card.locator('.result').textContent()).toBe('评论已提交，审核通过后显示')
    await phone.screenshot({ path: join(SHOTS_DIR, 'course-comment-phone.png'), fullPage: true })
    await context.close()

    const { page } = ui.tab
    await goToRoute(page, '/courseManagement/courseManagement')
    await page.getByRole('row').filter({ hasText: COURSE }).getByRole('button', { name: '评论' }).click()
    const row = page.getByRole('table', { name: '评论列表' }).getByRole('row').filter({ hasText: '讲得生动，很有收获' })
    await row.waitFor()
    await row.getByLabel('5 星').waitFor()
    await screenshot(page, 'course-comment-moderation')
  })
})
