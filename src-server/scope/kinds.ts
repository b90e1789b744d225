import type { SelectQueryBuilder } from 'kysely'
import type { ScopeKind } from '../../src-shared/contract'
import type { DataScope } from '../auth/auth-user'
import { startsWith } from '../db/prefix'
import type { Database, Db } from '../db/types'
import type { AuditTable } from '../http/audit'

/** The ids of one kind's records inside a scope, as a subquery: `.where('train.id', 'in', scopeIds.train(db, scope))`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IdsInScope = SelectQueryBuilder<Database, any, { id: number }>

/**
 * One SQL predicate per kind of record that belongs to an organisation tree (spec 000 §6):
 * "record X lies in scope S" is `X in scopeIds[kind](db, S)`. The route mechanism checks a
 * route's declared inputs with it (enforce.ts) and list queries filter with the same
 * subqueries, so a kind's rule is written once.
 */
const org = (db: Db, scope: DataScope) => db.selectFrom('org').select('org.id').where((eb) => startsWith(eb, 'org.path', scope.path))
const member = (db: Db, scope: DataScope) => db.selectFrom('member').select('member.id').where((eb) => startsWith(eb, 'member.orgPath', scope.path))
/** A training belongs to the tree of its host organisation; what hangs from it to its training's. */
const train = (db: Db, scope: DataScope) => db.selectFrom('train').select('train.id').where('train.orgId', 'in', org(db, scope))
/** Exams and questionnaires belong to their training's tree, a candidate to its exam's. */
const exam = (db: Db, scope: DataScope) => db.selectFrom('exam').select('exam.id').where('exam.trainId', 'in', train(db, scope))

export const scopeIds = {
  org,
  member,
  /** Accounts belong to the tree of their member; those without one (super users) only to the super user's scope. */
  admin: (db: Db, scope: DataScope) =>
    db
      .selectFrom('admin')
      .select('admin.id')
      .where((eb) => eb.or([eb('admin.memberId', 'in', member(db, scope)), ...(scope.superUser ? [eb('admin.memberId', 'is', null)] : [])])),
  /** A role belongs to the tree that made it (`ownerOrgId`); the super user's (null) only to the super user's scope. */
  role: (db: Db, scope: DataScope) =>
    db
      .selectFrom('role')
      .select('role.id')
      .where((eb) => eb.or([eb('role.ownerOrgId', 'in', org(db, scope)), ...(scope.superUser ? [eb('role.ownerOrgId', 'is', null)] : [])])),
  train,
  signUp: (db: Db, scope: DataScope) => db.selectFrom('trainSignUp').select('trainSignUp.id').where('trainSignUp.trainId', 'in', train(db, scope)),
  seat: (db: Db, scope: DataScope) => db.selectFrom('trainMemberLocation').select('trainMemberLocation.id').where('trainMemberLocation.trainId', 'in', train(db, scope)),
  seatPicture: (db: Db, scope: DataScope) =>
    db.selectFrom('trainLocationPicture').select('trainLocationPicture.id').where('trainLocationPicture.trainId', 'in', train(db, scope)),
  exam,
  memberExam: (db: Db, scope: DataScope) => db.selectFrom('memberExam').select('memberExam.id').where('memberExam.examId', 'in', exam(db, scope)),
  /** A notice belongs to the tree of the organisation that made it (its owner). */
  notice: (db: Db, scope: DataScope) => db.selectFrom('notice').select('notice.id').where('notice.ownerOrgId', 'in', org(db, scope)),
} satisfies Record<ScopeKind, (db: Db, scope: DataScope) => IdsInScope>

/**
 * What a kind is called when its record is not found, and the table the operation log
 * names (roles have none here: their handler logs them with the permissions they grant).
 */
export const scopeKinds: Record<ScopeKind, { notFound: string; table?: AuditTable }> = {
  org: { notFound: '组织不存在', table: 'org' },
  member: { notFound: '党员不存在', table: 'member' },
  admin: { notFound: '账号不存在', table: 'admin' },
  role: { notFound: '角色不存在' },
  train: { notFound: '培训班不存在', table: 'train' },
  signUp: { notFound: '报名记录不存在', table: 'trainSignUp' },
  seat: { notFound: '座位不存在', table: 'trainMemberLocation' },
  seatPicture: { notFound: '座位图不存在', table: 'trainLocationPicture' },
  exam: { notFound: '考试不存在', table: 'exam' },
  memberExam: { notFound: '考生不存在', table: 'memberExam' },
  notice: { notFound: '通知不存在', table: 'notice' },
}
