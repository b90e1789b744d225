import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import type { Exam, MemberExam } from '../../src-shared/schemas/exam'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { Category, Question } from '../../src-shared/schemas/question'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import type { DashboardSummary } from '../../src-shared/schemas/statistics'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { hashPassword } from '../../src-server/auth/passwords'
import type { Db } from '../../src-server/db/types'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, MEMBER_PASSWORD, memberSession, validExamForm } from '../support/exam'
import { validTrainForm } from '../support/training'
import { seededRandom, testSeed } from '../sync/seeded'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

const STEPS = 80
const STAMP = '2026-11-01 00:00:00'
const SIGN_UPS = '/api/train/sign/up/member'
const ALL = { pageNum: 1, pageSize: 9999 }

type Counts = Record<string, number>

/**
 * Every count the console shows, as the API hands it to the console (the super
 * administrator's view: every training and sign-up is in scope), keyed by where it shows.
 */
async function shown(admin: ApiAs): Promise<Counts> {
  const counts: Counts = {}
  const trains = await admin.data<Page<{ id: number; allNum: number }>>('/api/train', ALL)
  for (const t of trains.records) counts[`培训班列表 ${t.id} 报名人数`] = t.allNum
  const totals = await admin.data<{ memberJoinCount: number }>('/api/total/result')
  counts['培训班列表 报名人次'] = totals.memberJoinCount
  const summary = await admin.data<DashboardSummary>('/api/dashboard/summary')
  counts['首页 报名人次'] = summary.memberJoinCount
  const byType = await admin.data<{ classType: number; peopleNum: number }[]>('/api/statistic/classType')
  counts['培训统计 培训人次'] = byType.reduce((sum, t) => sum + t.peopleNum, 0)
  counts['报名统计 共'] = (await admin.data<Page<unknown>>(`${SIGN_UPS}/statistics`, { pageNum: 1, pageSize: 1 })).total
  for (const t of trains.records) {
    // 报名人员's header (已报名 n / max) and its list (共 n 条); 签到情况's 已签到.
    counts[`报名人员 ${t.id} 已报名`] = (await admin.data<TrainDetail>(`/api/train/${t.id}`)).allNum
    const signUps = await admin.data<SignUpMember[]>(`${SIGN_UPS}/all`, { trainId: t.id })
    counts[`报名人员 ${t.id} 共`] = signUps.length
    counts[`签到情况 ${t.id} 已签到`] = signUps.filter((s) => s.checkInTime !== null).length
  }
  for (const useType of [1, 2]) {
    const categories = await admin.data<Page<Category>>('/api/question/category', { ...ALL, useType })
    for (const c of categories.records) counts[`题目类别 ${c.id} 题目数`] = c.questionCount
  }
  for (const o of (await admin.data<Page<{ id: number; childrenCount: number }>>('/api/org', ALL)).records) counts[`组织 ${o.id} 下级`] = o.childrenCount
  for (const e of (await admin.data<Page<Exam>>('/api/exam', ALL)).records) {
    counts[`考试 ${e.id} 考生`] = e.candidates
    for (const m of (await admin.data<Page<MemberExam>>('/api/member/exam', { ...ALL, examId: e.id })).records) counts[`考试成绩 ${m.id} 作答次数`] = m.attempts
  }
  return counts
}

/** The same counts from the base tables. */
async function recounted(db: Db): Promise<Counts> {
  const counts: Counts = {}
  const perTrain = await sql<{ id: number; n: number; checked: number }>`select t.id, count(s.id) as n,
      count(case when exists (select 1 from train_check_in c where c.sign_up_id = s.id) then 1 end) as checked
    from train t left join train_sign_up s on s.train_id = t.id group by t.id`.execute(db)
  let all = 0
  for (const t of perTrain.rows) {
    const n = Number(t.n)
    all += n
    counts[`培训班列表 ${t.id} 报名人数`] = n
    counts[`报名人员 ${t.id} 已报名`] = n
    counts[`报名人员 ${t.id} 共`] = n
    counts[`签到情况 ${t.id} 已签到`] = Number(t.checked)
  }
  for (const where of ['培训班列表 报名人次', '首页 报名人次', '培训统计 培训人次', '报名统计 共']) counts[where] = all
  const categories = await sql<{ id: number; n: number }>`select c.id, count(q.id) as n
    from question_category c left join question q on q.category_id = c.id group by c.id`.execute(db)
  for (const c of categories.rows) counts[`题目类别 ${c.id} 题目数`] = Number(c.n)
  const orgs = await sql<{ id: number; n: number }>`select o.id, count(c.id) as n from org o left join org c on c.parent_id = o.id group by o.id`.execute(db)
  for (const o of orgs.rows) counts[`组织 ${o.id} 下级`] = Number(o.n)
  // An exam open to all registrants (join type 1) has each member signed up for its training as a candidate.
  const exams = await sql<{ id: number; n: number }>`select e.id, (select count(*) from member_exam m where m.exam_id = e.id)
      + case when e.join_type = 1 then (select count(*) from train_sign_up s where s.train_id = e.train_id
        and not exists (select 1 from member_exam m where m.exam_id = e.id and m.member_id = s.member_id and m.is_make_up = 0)) else 0 end as n
    from exam e where e.type = 2`.execute(db)
  for (const e of exams.rows) counts[`考试 ${e.id} 考生`] = Number(e.n)
  const rounds = await sql<{ id: number; n: number }>`select m.id, count(a.id) as n from member_exam m join exam e on e.id = m.exam_id
    left join exam_attempt a on a.member_exam_id = m.id where e.type = 2 group by m.id`.execute(db)
  for (const m of rounds.rows) counts[`考试成绩 ${m.id} 作答次数`] = Number(m.n)
  return counts
}

/**
 * Counts the console shows are counted on read or kept by the database (migration
 * 0017), never by handlers: after every write of a random sequence — through the routes
 * the console and the phone pages use, and in SQL as another writer or a cascade would —
 * each shown count (a training's sign-ups and check-ins, the totals of the training
 * list, dashboard and statistics, 报名统计, a category's questions, an organisation's
 * children, an exam's candidates and each candidate's sittings) equals a recount from
 * the base tables. Seeded: SEED=<n> replays a run.
 */
describe.each(testDatabases())('shown counts follow every write ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
  }, 120_000)
  afterAll(() => server?.stop())

  const ok = async <T>(answer: Promise<{ body: { code: number; message?: string; data?: unknown } }>): Promise<T> => {
    const { body } = await answer
    if (body.code !== 0) throw new Error(`route refused: ${body.message}`)
    return body.data as T
  }

  let opened = 0
  async function openTraining(maxNum: number): Promise<number> {
    const train = await ok<TrainDetail>(admin.post('/api/train', validTrainForm({ name: `计数测试${++opened}`, maxNum })))
    await ok(admin.patch('/api/train/audit', { id: train.id, status: 30 }))
    return train.id
  }

  it('start equal to a recount (the migration’s recount of the demo data)', async () => {
    expect(await shown(admin)).toEqual(await recounted(server.db))
  })

  it('follow the deletion of a member with sign-ups (issue 24)', async () => {
    const trainId = await openTraining(60)
    const members = await server.db.selectFrom('member').select('id').where('enabled', '=', 1).orderBy('id').limit(10).execute()
    for (const m of members) await ok(admin.post(SIGN_UPS, { trainId, memberId: m.id }))
    await ok(admin.del(`/api/member/${members[0].id}`))
    const detail = await admin.data<TrainDetail>(`/api/train/${trainId}`)
    const list = await admin.data<Page<SignUpMember>>(SIGN_UPS, { trainId, ...ALL })
    expect(`已报名 ${detail.allNum} / ${detail.maxNum} 人，共 ${list.total} 条`).toBe('已报名 9 / 60 人，共 9 条')
    expect(await shown(admin)).toEqual(await recounted(server.db))
  })

  it('let sign-ups sent at once take no more than the places left', async () => {
    const trainId = await openTraining(3)
    const members = await server.db.selectFrom('member').select('id').where('enabled', '=', 1).orderBy('id', 'desc').limit(12).execute()
    const answers = await Promise.all(members.map((m) => admin.post(SIGN_UPS, { trainId, memberId: m.id })))
    const outcomes = answers.map((a) => (a.body.code === 0 ? '已报名' : a.body.message))
    expect(outcomes.sort()).toEqual([...Array<string>(3).fill('已报名'), ...Array<string>(9).fill('报名人数已满')].sort())
    const detail = await admin.data<TrainDetail>(`/api/train/${trainId}`)
    const list = await admin.data<Page<SignUpMember>>(SIGN_UPS, { trainId, ...ALL })
    expect(`已报名 ${detail.allNum} / ${detail.maxNum} 人，共 ${list.total} 条`).toBe('已报名 3 / 3 人，共 3 条')
  })

  it('stay equal to a recount after every write of a random sequence', async () => {
    const seed = testSeed()
    console.log(`shown counts seed ${seed} (${database.name}); replay with SEED=${seed}`)
    const random = seededRandom(seed)
    const db = server.db
    const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id)
    const pickId = async (rows: Promise<{ id: number }[]>) => {
      const all = await ids(rows)
      return all.length === 0 ? undefined : random.pick(all)
    }
    const trains = () => db.selectFrom('train').select('id').orderBy('id').execute()
    const members = () => db.selectFrom('member').select(['id', 'name', 'telephone', 'orgId']).where('enabled', '=', 1).orderBy('id').execute()
    const signUps = () => db.selectFrom('trainSignUp').select(['id', 'memberId', 'trainId']).orderBy('id').execute()
    const categories = (useType: number) => db.selectFrom('questionCategory').select('id').where('useType', '=', useType).orderBy('id').execute()
    const questions = () => db.selectFrom('question').select(['id', 'useType', 'categoryId']).orderBy('id').execute()
    let serial = 0
    // Every member signs in to the phone pages with the test password (new ones are given it).
    await db.updateTable('member').set({ pwdHash: await hashPassword(MEMBER_PASSWORD) }).execute()
    const paper = await insertPaper(db, '计数试卷')
    const question = (useType: number, categoryId: number, id?: number) => ({
      id, useType, categoryId, type: 1, title: `计数题${serial++}`, stem: { A: '甲', B: '乙', C: '丙', D: '丁' }, answer: 'B',
    })
    const uploadRoster = async (people: { name: string; telephone: string }[]) => {
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet('名单')
      sheet.addRow(['姓名', '手机号', '性别', '职务'])
      for (const p of people) sheet.addRow([p.name, p.telephone, '', ''])
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), '名单.xlsx')
      const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: admin.token }, body: form })
      return dataOf((await response.json()) as { code: 0; message: string; data: UploadedFile[] })[0].path
    }
    const checkIns = async (count: number) => {
      const rows = await db
        .selectFrom('trainSignUp as s')
        .innerJoin('trainSignIn as w', 'w.trainId', 's.trainId')
        .select(['s.id as signUpId', 's.trainId', 'w.id as signInId'])
        .orderBy('s.id')
        .orderBy('w.id')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('trainCheckIn as c').select('c.id').whereRef('c.signUpId', '=', 's.id').whereRef('c.signInId', '=', 'w.id'))))
        .execute()
      const chosen = new Map(Array.from({ length: Math.min(count, rows.length) }, () => random.pick(rows)).map((r) => [`${r.signUpId}:${r.signInId}`, r]))
      if (chosen.size > 0) await db.insertInto('trainCheckIn').values([...chosen.values()].map((r) => ({ ...r, checkInTime: STAMP }))).execute()
    }

    // Writes that the routes may refuse (full, already signed up, a category with questions) are
    // sent all the same: a refusal must leave every count as it was.
    const writes: Record<string, () => Promise<void>> = {
      'sign-up (报名人员 添加)': async () => {
        const [t, m] = [await pickId(trains()), random.pick(await members())]
        if (t !== undefined) await admin.post(SIGN_UPS, { trainId: t, memberId: m.id })
      },
      'sign-up deleted (报名人员 删除)': async () => {
        const id = await pickId(signUps())
        if (id !== undefined) await ok(admin.del(`${SIGN_UPS}/${id}`))
      },
      'roster imported (报名人员 导入)': async () => {
        const t = await pickId(trains())
        if (t === undefined) return
        const pool = await members()
        const people = [...new Map(Array.from({ length: 1 + random.int(3) }, () => random.pick(pool)).map((m) => [m.id, m])).values()]
        await admin.get(`${SIGN_UPS}/upload`, { trainId: t, path: await uploadRoster(people) })
      },
      'member with sign-ups deleted (人员管理 删除)': async () => {
        const withSignUps = (await signUps()).map((s) => ({ id: s.memberId }))
        const id = withSignUps.length > 0 && random.chance(0.8) ? random.pick(withSignUps).id : random.pick(await members()).id
        // Refused for a member bound to an account.
        await admin.del(`/api/member/${id}`)
        const org = random.pick(await members()).orgId
        await ok(admin.post('/api/member', { name: `计数人${serial}`, nation: '汉族', gender: 0, telephone: `1771000${String(serial++).padStart(4, '0')}`, orgId: org, pwd: MEMBER_PASSWORD }))
      },
      'training deleted (培训班 删除) and one opened': async () => {
        const id = await pickId(trains())
        if (id !== undefined) await ok(admin.del(`/api/train/${id}`))
        await openTraining(random.pick([0, 2, 5]))
      },
      'check-ins': () => checkIns(1 + random.int(4)),
      'check-in cancelled': async () => {
        const id = await pickId(db.selectFrom('trainCheckIn').select('id').orderBy('id').execute())
        if (id !== undefined) await db.deleteFrom('trainCheckIn').where('id', '=', id).execute()
      },
      'sign-ups in one statement (SQL)': async () => {
        const [t, pool] = [await pickId(trains()), await members()]
        if (t === undefined) return
        const rows = [...new Map(Array.from({ length: 1 + random.int(4) }, () => random.pick(pool)).map((m) => [m.id, m])).values()]
        await db
          .insertInto('trainSignUp')
          .values(rows.map((m) => ({ trainId: t, memberId: m.id, name: m.name, telephone: m.telephone, orgId: m.orgId, source: 'admin', createdAt: STAMP, updatedAt: STAMP })))
          .onConflict((oc) => oc.columns(['trainId', 'memberId']).doNothing())
          .execute()
      },
      'a training’s sign-ups deleted at once (SQL)': async () => {
        const t = await pickId(trains())
        if (t !== undefined) await db.deleteFrom('trainSignUp').where('trainId', '=', t).execute()
      },
      'a sign-up moved to another training (SQL)': async () => {
        const [s, t] = [random.pick(await signUps()), await pickId(trains())]
        if (s === undefined || t === undefined) return
        await db.updateTable('trainSignUp').set({ trainId: t }).where('id', '=', s.id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('trainSignUp as o').select('o.id').where('o.trainId', '=', t).where('o.memberId', '=', s.memberId)))).execute()
      },
      'question added (题库 添加)': async () => {
        const useType = 1 + random.int(2)
        const c = await pickId(categories(useType))
        if (c !== undefined) await ok(admin.post<Question>('/api/question', question(useType, c)))
      },
      'question moved to another category (题库 编辑)': async () => {
        const q = random.pick(await questions())
        const c = q && (await pickId(categories(q.useType)))
        if (q && c !== undefined) await ok(admin.patch('/api/question', question(q.useType, c, q.id)))
      },
      'questions deleted (题库 删除)': async () => {
        const all = await questions()
        const chosen = [...new Set(Array.from({ length: 1 + random.int(2) }, () => random.pick(all)?.id))].filter((id) => id !== undefined)
        if (chosen.length > 0) await ok(admin.del(`/api/question/${chosen.join(',')}`))
      },
      'exam sat (手机 考试)': async () => {
        const exam = random.pick(await db.selectFrom('exam').select(['id', 'trainId']).orderBy('id').execute())
        const people = exam && (await db.selectFrom('trainSignUp as s').innerJoin('member as m', 'm.id', 's.memberId').select('m.telephone').where('s.trainId', '=', exam.trainId).orderBy('s.id').execute())
        if (!exam || !people || people.length === 0) return
        const member = await memberSession(server.url, random.pick(people).telephone)
        const round = (await member.get<{ examId: number; memberExamId: number }[]>('/api/m/exams')).data.find((r) => r.examId === exam.id)
        // Refused once the retests are used up.
        const started = round && (await member.post<{ attemptId: number }>('/api/m/exam/start', { memberExamId: round.memberExamId }))
        if (started?.code === 0 && random.chance(0.7)) await member.post('/api/m/exam/submit', { attemptId: started.data.attemptId })
      },
      'exam held for a training (考试管理 新增)': async () => {
        const t = await pickId(trains())
        if (t !== undefined) await ok(admin.post('/api/exam', validExamForm(t, paper, { retestNum: 2 })))
      },
      'organisation added, moved or deleted (组织管理)': async () => {
        const all = await db.selectFrom('org').select(['id', 'childrenCount']).where('parentId', 'is not', null).orderBy('id').execute()
        const o = random.pick(all)
        const choice = random.int(3)
        // Deleting one with children or members, or moving one under its own subtree, is refused.
        if (choice === 0) await ok(admin.post('/api/org', { parentId: o.id, name: `计数组织${serial}`, shortName: `计数${serial++}` }))
        else if (choice === 1) await admin.patch('/api/org', { id: o.id, parentId: random.pick(all).id })
        else await admin.del(`/api/org/${o.id}`)
      },
      'category added or deleted (题目类别)': async () => {
        const useType = 1 + random.int(2)
        const c = await pickId(categories(useType))
        if (c !== undefined && random.chance(0.5)) await admin.del(`/api/question/category/${c}`)
        else await ok(admin.post('/api/question/category', { name: `计数类别${serial++}`, useType }))
      },
    }
    // Sign-ups and questions added more often: they build up what the deletes take away.
    const names = [...Object.keys(writes), 'sign-up (报名人员 添加)', 'sign-ups in one statement (SQL)', 'question added (题库 添加)', 'exam sat (手机 考试)']
    for (let step = 1; step <= STEPS; step++) {
      const name = random.pick(names)
      await writes[name]().catch((err: unknown) => {
        throw new Error(`seed ${seed}, step ${step}: ${name}: ${String(err)}`)
      })
      expect(await shown(admin), `seed ${seed}, step ${step}: ${name}`).toEqual(await recounted(db))
    }
  }, 600_000)
})
