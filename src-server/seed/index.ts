import { hashPassword } from '../auth/passwords'
import type { Db } from '../db/types'
import type { ServerOptions } from '../options'
import { seedFoundation } from './base'
import { seedDemo } from './demo'
import { demoAccounts } from './demo-accounts'
import { writeDemoGroupQr } from './demo-trainings'

export const EMPTY_DATABASE_NEEDS_PASSWORD = '数据库为空：请设置 ADMIN_PASSWORD 作为超级管理员 admin 的初始密码'

/**
 * First start on an empty database: the root organisation, role 1 and `admin`, plus
 * the demo province when `seedDemo`. A database with any account is left as it is.
 * One transaction, so an interrupted seed leaves the database empty, not half-filled.
 */
export async function seedIfEmpty(db: Db, options: ServerOptions): Promise<'demo' | 'foundation' | 'none'> {
  if (await db.selectFrom('admin').select('id').limit(1).executeTakeFirst()) return 'none'
  if (!options.adminPassword) throw new Error(EMPTY_DATABASE_NEEDS_PASSWORD)
  const [adminHash, orgadmin, norole] = await Promise.all([
    hashPassword(options.adminPassword),
    options.seedDemo ? hashPassword(demoAccounts.orgadmin.password) : '',
    options.seedDemo ? hashPassword(demoAccounts.norole.password) : '',
  ])
  // Written before the transaction: a seed that fails leaves at most an unused image.
  const groupQr = options.seedDemo ? await writeDemoGroupQr(options.uploadDir) : null
  await db.transaction().execute(async (trx) => {
    const { root } = await seedFoundation(trx, adminHash)
    if (groupQr) await seedDemo(trx, root, { orgadmin, norole }, groupQr)
  })
  return options.seedDemo ? 'demo' : 'foundation'
}
