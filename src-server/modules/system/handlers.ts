import { adminHandlers } from './admins'
import { logHandlers } from './log'
import { permissionHandlers, roleHandlers } from './roles'

/** Accounts, roles, permissions and the operation log (spec 001 §6, §7). */
export const systemHandlers = {
  ...adminHandlers,
  ...roleHandlers,
  ...permissionHandlers,
  ...logHandlers,
}
