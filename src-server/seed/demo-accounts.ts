import { DEMO_PASSWORDS } from '../../src-shared/published-passwords'
import { SUPER_USER_NAME } from './base'

/** The top organisation `orgadmin` belongs to (its data scope). */
export const ORG_ADMIN_TOP_ORG = '省财政厅机关党委'

/**
 * Sign-in accounts of the demo province (README, end-to-end tests). `admin` gets
 * `ADMIN_PASSWORD` when that is set; the value here is the default outside production.
 */
export const demoAccounts = {
  /** Super user: role 1, no member, sees the whole province (root 320101). */
  admin: { username: SUPER_USER_NAME, password: DEMO_PASSWORDS.admin },
  /** 单位管理员 (role 2) linked to a member: sees only its own top organisation's tree. */
  orgadmin: {
    username: 'orgadmin',
    password: DEMO_PASSWORDS.orgadmin,
    member: { name: '马建国', orgName: '预算处党支部', topOrgName: ORG_ADMIN_TOP_ORG },
  },
  /** No role: signs in, sees the no-role page; every permission route refuses it. */
  norole: { username: 'norole', password: DEMO_PASSWORDS.norole },
} as const
