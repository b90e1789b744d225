import type { UserInfo } from '../../../src-shared/schemas/auth'
import type { AuthUser } from '../../auth/auth-user'
import type { Db } from '../../db/types'
import { memberRows } from '../member/queries'

/** `GET /api/user/info`: the account, its role and permissions, and its member (spec 000 §6). */
export async function userInfoOf(db: Db, user: AuthUser): Promise<UserInfo> {
  const role =
    user.roleId === null ? undefined : await db.selectFrom('role').select('title').where('id', '=', user.roleId).executeTakeFirst()
  // The member as its rows show it; the response schema keeps the MemberDto fields.
  const memberDto = user.member ? await memberRows(db).where('member.id', '=', user.member.id).executeTakeFirst() : undefined
  return {
    id: user.adminId,
    name: user.name,
    roleId: user.roleId,
    roleName: role?.title ?? null,
    permissions: [...user.permissions],
    memberDto: memberDto ?? null,
  }
}
