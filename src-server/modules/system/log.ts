import type { Page } from '../../../src-shared/schemas/common'
import type { LogEntry } from '../../../src-shared/schemas/system'
import { dataScopeOf } from '../../auth/scope'
import { containsText } from '../../db/sql-text'
import { signedIn, type DomainHandlers } from '../../http/context'
import { scopeIds } from '../../scope/kinds'
import { onePage } from '../../db/paging'

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

export const logHandlers = {
  /**
   * The operation log, newest first. A member-linked account sees what the accounts
   * of its own tree did; the super user sees everything, sign-in attempts included.
   */
  'log.list': async ({ pageNum, pageSize, adminName, module, startTime, endTime, recordTable, recordId }, ctx): Promise<Page<LogEntry>> => {
    const { db } = ctx
    const scope = dataScopeOf(signedIn(ctx))
    let query = db.selectFrom('operationLog')
    if (!scope.superUser) {
      const accounts = db
        .selectFrom('admin')
        .select('admin.id')
        .where('admin.memberId', 'in', scopeIds.member(db, scope))
      query = query.where('adminId', 'in', accounts)
    }
    if (adminName) query = query.where(containsText('adminName', adminName))
    // The console's module filter names every domain filed under one module name, comma-separated.
    if (module) query = query.where('module', 'in', module.split(','))
    if (startTime) query = query.where('createdAt', '>=', startTime)
    if (endTime) query = query.where('createdAt', '<=', endTime)
    if (recordTable) query = query.where('recordTable', '=', recordTable)
    if (recordId !== undefined) query = query.where('recordId', '=', recordId)
    const { records: rows, total } = await onePage(query.selectAll().orderBy('id', 'desc'), query, { pageNum, pageSize })
    return {
      records: rows.map(({ before, after, ok, createdAt, ...rest }) => ({
        ...rest,
        before: parseJson(before),
        after: parseJson(after),
        ok: ok === 1,
        createTime: createdAt,
      })),
      total: Number(total),
    }
  },
} satisfies DomainHandlers<'log'>
