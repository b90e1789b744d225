import type { Selectable } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { SignUpMember } from '../../../src-shared/schemas/signup'
import type { Db } from '../../db/types'
import type { TrainSignUpTable } from '../../db/training-tables'
import { trainById } from '../training/host'

export const SIGN_UP_NOT_FOUND = '报名记录不存在'
export const ALREADY_SIGNED_UP = '该党员已报名此培训班'
export const TRAIN_FULL = '报名人数已满'

/** Sign-ups with their organisation, top organisation and first check-in. */
export function signUpRecords(db: Db) {
  return db
    .selectFrom('trainSignUp as s')
    .innerJoin('org as o', 'o.id', 's.orgId')
    .leftJoin('org as top', 'top.id', 'o.topOrgId')
    .selectAll('s')
    .select(['o.name as orgName', 'top.name as topOrgName'])
    .select((eb) =>
      eb.selectFrom('trainCheckIn as c').select((c) => c.fn.min('c.checkInTime').as('t')).whereRef('c.signUpId', '=', 's.id').as('checkInTime'),
    )
}

type RecordRow = Selectable<TrainSignUpTable> & { orgName: string; topOrgName: string | null; checkInTime: string | null }

export function toSignUpMember(row: RecordRow): SignUpMember {
  const { createdAt, updatedAt: _updated, ...rest } = row
  return {
    ...rest,
    createTime: createdAt,
    member: { name: row.name, telephone: row.telephone, orgName: row.orgName },
  }
}

/** A sign-up with its training, or NOT_FOUND (its scope is checked by the route). */
export async function signUpById(db: Db, id: number) {
  const row = await signUpRecords(db).where('s.id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, SIGN_UP_NOT_FOUND)
  return { row, train: await trainById(db, row.trainId) }
}

/**
 * Whether `count` more sign-ups fit the training (maxNum 0: no limit), holding the
 * training's row until the transaction ends: the no-op update is a row lock on
 * PostgreSQL (SQLite writes one transaction at a time), so two sign-ups arriving
 * together cannot both take the last place. The inserted sign-ups then raise the
 * count by the triggers of migration 0017.
 */
export async function placesFree(trx: Db, trainId: number, count: number): Promise<boolean> {
  const result = await trx
    .updateTable('train')
    .set((eb) => ({ maxNum: eb.ref('maxNum') }))
    .where('id', '=', trainId)
    .where((eb) => eb.or([eb('maxNum', '=', 0), eb(eb('allNum', '+', count), '<=', eb.ref('maxNum'))]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Unique-constraint violation on either dialect (a concurrent duplicate sign-up). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string }
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
}

/** The member record a sign-up starts from (identity and defaults of the other fields). */
export async function memberForSignUp(db: Db, where: { id: number } | { telephone: string }) {
  let query = db
    .selectFrom('member as m')
    .innerJoin('org as o', 'o.id', 'm.orgId')
    .leftJoin('org as top', 'top.id', 'o.topOrgId')
    .select([
      'm.id', 'm.name', 'm.telephone', 'm.gender', 'm.nation', 'm.orgId', 'm.department', 'm.jobs', 'm.partyJobs',
      'm.tenureTime', 'm.sameTenureYear', 'm.idcard', 'm.enabled', 'o.path as orgPath', 'top.name as topOrgName',
    ])
  query = 'id' in where ? query.where('m.id', '=', where.id) : query.where('m.telephone', '=', where.telephone)
  return query.executeTakeFirst()
}
export type SignUpSource = NonNullable<Awaited<ReturnType<typeof memberForSignUp>>>

/** Sign-up columns from a member record; `overrides` win where given. */
export function signUpValuesOf(member: SignUpSource, overrides: Partial<Selectable<TrainSignUpTable>> = {}) {
  const pick = <K extends keyof TrainSignUpTable>(key: K, fallback: Selectable<TrainSignUpTable>[K]) =>
    overrides[key] === undefined || overrides[key] === null ? fallback : (overrides[key] as Selectable<TrainSignUpTable>[K])
  return {
    memberId: member.id,
    name: member.name,
    telephone: member.telephone,
    orgId: member.orgId,
    gender: pick('gender', member.gender),
    nation: pick('nation', member.nation),
    company: pick('company', member.topOrgName),
    department: pick('department', member.department),
    jobs: pick('jobs', member.jobs),
    partyJobs: pick('partyJobs', member.partyJobs),
    tenureTime: pick('tenureTime', member.tenureTime),
    sameTenureYear: pick('sameTenureYear', member.sameTenureYear),
    cardsNumber: pick('cardsNumber', member.idcard),
  }
}

/**
 * Adds one sign-up: one per member per training, within maxNum. The caller checks
 * who may add and when; this holds the rules every way of signing up shares.
 */
export async function insertSignUp(
  db: Db,
  trainId: number,
  values: ReturnType<typeof signUpValuesOf> & Partial<Selectable<TrainSignUpTable>>,
  source: 'self' | 'admin' | 'import',
  now: string,
): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('trainSignUp').select('id').where('trainId', '=', trainId).where('memberId', '=', values.memberId).executeTakeFirst()
      if (existing) throw new AppError(ErrorKey.CONFLICT, ALREADY_SIGNED_UP)
      if (!(await placesFree(trx, trainId, 1))) throw new AppError(ErrorKey.CONFLICT, TRAIN_FULL)
      const { id } = await trx
        .insertInto('trainSignUp')
        .values({ ...values, trainId, source, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, ALREADY_SIGNED_UP)
    throw err
  }
}
