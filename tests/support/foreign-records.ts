import type { z } from 'zod'
import { splitInput, type RouteDef, type ScopeKind } from '../../src-shared/contract'
import { nowText } from '../../src-server/db/time'
import type { Db } from '../../src-server/db/types'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { insertPaper } from './exam'
import { daysFromNow } from './training'

/*
 * Records outside the tree of the demo's `orgadmin` (省财政厅机关党委), one finder per scope
 * kind, for the generated scope and owner-rule tests (tests/server/authorization-matrix,
 * owner-rules): a new ScopeKind needs an entry in `foreignRecord` (a compile error says so).
 */

type Finder = (db: Db, topOrgId: number) => Promise<number>

/** A training hosted outside the tree of `orgadmin` (省财政厅机关党委). */
const foreignTrain: Finder = async (db, topOrgId) =>
  (
    await db
      .selectFrom('train')
      .innerJoin('org as host', 'host.id', 'train.orgId')
      .select('train.id')
      .where((eb) => eb.or([eb('host.topOrgId', '!=', topOrgId), eb('host.topOrgId', 'is', null)]))
      .orderBy('train.id')
      .executeTakeFirstOrThrow()
  ).id

const foreignMember: Finder = async (db, topOrgId) =>
  (await db.selectFrom('member').select('id').where('topOrgId', '!=', topOrgId).orderBy('id').executeTakeFirstOrThrow()).id

const foreignExam: Finder = async (db, topOrgId) => {
  const now = nowText()
  const paperId = await insertPaper(db, '矩阵试卷')
  const exam = { type: 2, title: '矩阵考试', content: '', trainId: await foreignTrain(db, topOrgId), joinType: 1, joinNum: null, startTime: daysFromNow(1), endTime: daysFromNow(2) }
  const settings = { countdown: 60, passLine: 60, retestNum: 0, canLookAnswer: 0, paperId, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null }
  return (await db.insertInto('exam').values({ ...exam, ...settings, createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id
}

/** A record of each kind that lies outside the tree of `orgadmin`, made when the demo data has none. */
export const foreignRecord: Record<ScopeKind, Finder> = {
  admin: async (db) => (await db.selectFrom('admin').select('id').where('name', '=', demoAccounts.admin.username).executeTakeFirstOrThrow()).id,
  org: async (db, topOrgId) => (await db.selectFrom('org').select('id').where('topOrgId', '!=', topOrgId).executeTakeFirstOrThrow()).id,
  member: foreignMember,
  role: async (db, topOrgId) => {
    // Another top organisation's role: a top organisation is its own top.
    const other = await db.selectFrom('org').select('id').where('topOrgId', '!=', topOrgId).whereRef('topOrgId', '=', 'id').executeTakeFirstOrThrow()
    const made = await db.selectFrom('role').select('id').where('ownerOrgId', '=', other.id).where('title', '=', '他树角色').executeTakeFirst()
    if (made) return made.id
    const now = nowText()
    return (await db.insertInto('role').values({ title: '他树角色', remark: '', ownerOrgId: other.id, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id
  },
  train: foreignTrain,
  signUp: async (db, topOrgId) =>
    (await db.selectFrom('trainSignUp').select('id').where('trainId', '=', await foreignTrain(db, topOrgId)).orderBy('id').executeTakeFirstOrThrow()).id,
  seat: async (db, topOrgId) =>
    (
      await db
        .insertInto('trainMemberLocation')
        .values({ trainId: await foreignTrain(db, topOrgId), rowNumber: 1, columnNumber: 1, groupNumber: null, signUpId: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  seatPicture: async (db, topOrgId) =>
    (
      await db
        .insertInto('trainLocationPicture')
        .values({ trainId: await foreignTrain(db, topOrgId), imagePath: '2026/01/matrix.png', createdAt: nowText() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  exam: foreignExam,
  memberExam: async (db, topOrgId) =>
    (
      await db
        .insertInto('memberExam')
        .values({ examId: await foreignExam(db, topOrgId), memberId: await foreignMember(db, topOrgId), status: 'WAIT', startTime: null, endTime: null, score: null, createdAt: nowText() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  notice: async (db, topOrgId) => {
    const owner = await db.selectFrom('org').select('id').where('topOrgId', '!=', topOrgId).executeTakeFirstOrThrow()
    const now = nowText()
    return (await db.insertInto('notice').values({ name: '矩阵通知', content: '<p>正文</p>', status: 1, ownerOrgId: owner.id, createTime: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id
  },
}

/** The value of an input naming `id`: the id itself, or a list holding it where the input takes a list. */
export function naming(route: RouteDef, input: string, id: number): unknown {
  const field = { ...route.params?.shape, ...route.query?.shape, ...route.body?.shape }[input] as z.ZodType
  return field.safeParse(id).success ? id : [id]
}

export function request(route: RouteDef, input: Record<string, unknown>) {
  const { path, query, body } = splitInput(route, input)
  const textQuery = query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))
  return { path, query: textQuery, body: route.body ? body : undefined }
}

/** The member `orgadmin` is linked to, with its top organisation (the tree the finders above stay out of). */
export function orgadminMember(db: Db) {
  return db
    .selectFrom('admin')
    .innerJoin('member', 'member.id', 'admin.memberId')
    .select(['member.id', 'member.topOrgId'])
    .where('admin.name', '=', demoAccounts.orgadmin.username)
    .executeTakeFirstOrThrow()
}
