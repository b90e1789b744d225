import type { UserInfo } from '../../../src-shared/schemas/auth'
import type { AuthUser } from '../../auth/auth-user'
import { preparedQuery, type QueryParams } from '../../db/prepared'
import type { Db } from '../../db/types'
import { memberRows } from '../member/queries'

// Prepared like the session lookup: the console asks for the current user on every
// screen it opens, and building these queries cost more than running them.
const roleTitle = preparedQuery((db, p: QueryParams<{ id: number }>) => db.selectFrom('role').select('title').where('id', '=', p.id))
const memberById = preparedQuery((db, p: QueryParams<{ id: number }>) => memberRows(db).where('member.id', '=', p.id))

/** `GET /api/user/info`: the account, its role and permissions, and its member (spec 000 §6). */
export async function userInfoOf(db: Db, user: AuthUser): Promise<UserInfo> {
  const role = user.roleId === null ? undefined : await roleTitle.first(db, { id: user.roleId })
  // The member as its rows show it; the response schema keeps the MemberDto fields.
  const memberDto = user.member ? await memberById.first(db, { id: user.member.id }) : undefined
  return {
    id: user.adminId,
    name: user.name,
    roleId: user.roleId,
    roleName: role?.title ?? null,
    permissions: [...user.permissions],
    memberDto: memberDto ?? null,
    mustChangePassword: user.mustChangePassword,
  }
}
