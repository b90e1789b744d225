import type { UserInfo } from '../../../src-shared/schemas/auth'
import type { AuthUser } from '../../auth/auth-user'
import type { Db } from '../../db/types'

/** `GET /api/user/info`: the account, its role and permissions, and its member (spec 000 §6). */
export async function userInfoOf(db: Db, user: AuthUser): Promise<UserInfo> {
  const role =
    user.roleId === null ? undefined : await db.selectFrom('role').select('title').where('id', '=', user.roleId).executeTakeFirst()
  const memberDto = user.member
    ? await db
        .selectFrom('member')
        .leftJoin('org', 'org.id', 'member.orgId')
        .leftJoin('org as top', 'top.id', 'member.topOrgId')
        .select([
          'member.id',
          'member.name',
          'member.telephone',
          'member.orgId',
          'org.name as orgName',
          'member.topOrgId',
          'top.name as topOrgName',
        ])
        .where('member.id', '=', user.member.id)
        .executeTakeFirst()
    : undefined
  return {
    id: user.adminId,
    name: user.name,
    roleId: user.roleId,
    roleName: role?.title ?? null,
    permissions: [...user.permissions],
    memberDto: memberDto ?? null,
  }
}
