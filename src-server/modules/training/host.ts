import { AppError, ErrorKey } from '../../../src-shared/errors'
import { ROOT_ORG_CODE } from '../../../src-shared/permissions'
import { OTHER_HOST_NAME } from '../../../src-shared/schemas/training-codes'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import type { Db } from '../../db/types'
import { scopeIds } from '../../scope/kinds'

/**
 * Who may host a training (spec 000 §6): a member-linked account only its own
 * organisation — its top organisation, the unit its scope is —, the super user one of
 * the root's children or 其他, stored as the root itself so that only the super user's
 * scope contains it.
 */
export interface Host {
  /** Stored host organisation (the root for 其他). */
  orgId: number
  depName: string
  isTrainCenter: number
}

async function rootOrg(db: Db) {
  return db.selectFrom('org').select(['id', 'name']).where('orgCode', '=', ROOT_ORG_CODE).executeTakeFirstOrThrow()
}

export async function hostUnitsOf(db: Db, user: AuthUser): Promise<{ orgId: number | null; name: string }[]> {
  if (user.member) {
    const own = await db.selectFrom('org').select(['id', 'name']).where('id', '=', user.member.topOrgId).executeTakeFirstOrThrow()
    return [{ orgId: own.id, name: own.name }]
  }
  const root = await rootOrg(db)
  const children = await db
    .selectFrom('org')
    .select(['id', 'name'])
    .where('parentId', '=', root.id)
    .orderBy('sortNumber')
    .orderBy('id')
    .execute()
  return [...children.map((c) => ({ orgId: c.id, name: c.name })), { orgId: null, name: OTHER_HOST_NAME }]
}

/**
 * The host a form's orgId stands for, refused when the account may not pick it. The
 * host type is the works committee's (0) only for the super user's trainings.
 */
export async function resolveHost(db: Db, user: AuthUser, orgId: number | null, isTrainCenter: number | undefined): Promise<Host> {
  if (user.member) {
    if (orgId !== null && orgId !== user.member.topOrgId) {
      throw new AppError(ErrorKey.FORBIDDEN, '只能选择本单位作为主办单位', [{ path: 'orgId', message: '只能选择本单位作为主办单位' }])
    }
    const own = await db.selectFrom('org').select(['id', 'name']).where('id', '=', user.member.topOrgId).executeTakeFirstOrThrow()
    return { orgId: own.id, depName: own.name, isTrainCenter: 1 }
  }
  const root = await rootOrg(db)
  const kind = isTrainCenter ?? 0
  if (orgId === null) return { orgId: root.id, depName: OTHER_HOST_NAME, isTrainCenter: kind }
  const child = await db.selectFrom('org').select(['id', 'name']).where('id', '=', orgId).where('parentId', '=', root.id).executeTakeFirst()
  if (!child) throw new AppError(ErrorKey.VALIDATION, '请选择主办单位', [{ path: 'orgId', message: '请选择主办单位' }])
  return { orgId: child.id, depName: child.name, isTrainCenter: kind }
}

/**
 * Trainings the account may see, joined with their host (`host`): the training kind's
 * scope predicate (src-server/scope/kinds.ts).
 */
export async function visibleTrains(db: Db, user: AuthUser) {
  return db.selectFrom('train').innerJoin('org as host', 'host.id', 'train.orgId').where('train.id', 'in', scopeIds.train(db, dataScopeOf(user)))
}

export const TRAIN_NOT_FOUND = '培训班不存在'

/**
 * A training with its host's parent, or NOT_FOUND. Whether the caller may see it is the
 * route's `scope` declaration's business, checked before the handler runs.
 */
export async function trainById(db: Db, id: number) {
  const row = await db
    .selectFrom('train')
    .selectAll('train')
    .select((eb) => eb.selectFrom('org as host').select('host.parentId').whereRef('host.id', '=', 'train.orgId').as('hostParentId'))
    .where('train.id', '=', id)
    .executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, TRAIN_NOT_FOUND)
  return row
}

/**
 * The unit a training's documents are issued in the name of (发文机关): its host, or for a
 * training hosted by 其他 — stored under the root — the root organisation itself, never 其他.
 */
export async function issuingUnitOf(db: Db, train: { orgId: number | null; depName: string }): Promise<string> {
  return train.orgId === null ? (await rootOrg(db)).name : train.depName
}
