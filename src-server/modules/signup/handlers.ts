import { AppError, ErrorKey } from '../../../src-shared/errors'
import { hasOption } from '../../../src-shared/schemas/training'
import { conditionalIssues } from '../../../src-shared/schemas/signup'
import { parseSignUpOptions } from '../../../src-shared/schemas/training-codes'
import { assertOrgInScope, dataScopeOf, type DataScope } from '../../auth/scope'
import type { Db } from '../../db/types'
import { startsWith } from '../../db/prefix'
import { deleteRecords } from '../../db/delete-impact'
import { nowText } from '../../db/time'
import { keysetBatches, streamWorkbook } from '../../files/xlsx-stream'
import { signedIn, type DomainHandlers } from '../../http/context'
import { trainById } from '../training/host'
import { checkInHandlers } from './checkin-handlers'
import { insertSignUp, memberForSignUp, signUpById, signUpRecords, signUpValuesOf, toSignUpMember } from './queries'
import { checkRosterImport, importRoster, rosterColumns } from './roster'
import { statisticsColumns, statisticsQuery, statisticsRows, toStatisticsRecord } from './statistics'
import { containsText } from '../../db/sql-text'
import { onePage } from '../../db/paging'

const MEMBER_NOT_FOUND = '党员不存在'
const FOREIGN_PHONE = '该手机号已登记为其他单位的党员，不能使用'

/**
 * A sign-up's number is what its person checks in with: it may not be the number of a
 * member outside the caller's tree (who could then check in as this person).
 */
async function assertPhoneNotForeign(db: Db, scope: DataScope, telephone: string): Promise<void> {
  const foreign = await db
    .selectFrom('member')
    .select('id')
    .where('telephone', '=', telephone)
    .where((eb) => eb.not(startsWith(eb, 'member.orgPath', scope.path)))
    .executeTakeFirst()
  if (foreign) throw new AppError(ErrorKey.VALIDATION, FOREIGN_PHONE, [{ path: 'telephone', message: FOREIGN_PHONE }])
}

export const signUpHandlers = {
  'signup.all': async ({ trainId, name }, ctx) => {
    let query = signUpRecords(ctx.db).where('s.trainId', '=', trainId)
    if (name) query = query.where(containsText('s.name', name))
    return (await query.orderBy('s.id').execute()).map(toSignUpMember)
  },

  'signup.list': async ({ trainId, orgId, name, pageNum, pageSize }, ctx) => {
    let query = signUpRecords(ctx.db).where('s.trainId', '=', trainId)
    if (name) query = query.where(containsText('s.name', name))
    if (orgId !== undefined) {
      const org = await ctx.db.selectFrom('org').select('path').where('id', '=', orgId).executeTakeFirst()
      query = query.where((eb) => startsWith(eb, 'o.path', org?.path ?? '/none/'))
    }
    const { records, total } = await onePage(query.orderBy('s.id'), query, { pageNum, pageSize })
    return { records: records.map(toSignUpMember), total }
  },

  'signup.get': async ({ id }, ctx) => toSignUpMember((await signUpById(ctx.db, id)).row),

  'signup.create': async ({ memberId, trainId, name: _name, telephone: _telephone, orgId: _orgId, orgName: _orgName, topOrgName: _top, ...overrides }, ctx) => {
    const member = await memberForSignUp(ctx.db, { id: memberId })
    if (!member) throw new AppError(ErrorKey.NOT_FOUND, MEMBER_NOT_FOUND)
    if (member.enabled !== 1) throw new AppError(ErrorKey.CONFLICT, `党员 ${member.name} 已被禁用`)
    // An administrator may add a person outside the sign-up window, never beyond maxNum.
    const id = await insertSignUp(ctx.db, trainId, signUpValuesOf(member, { ...overrides, sameTenureYear: overrides.sameTenureYear ?? null }), 'admin', nowText())
    return toSignUpMember((await signUpById(ctx.db, id)).row)
  },

  'signup.update': async ({ id, ...fields }, ctx) => {
    const user = signedIn(ctx)
    const { train } = await signUpById(ctx.db, id)
    const issues = conditionalIssues(parseSignUpOptions(train.signUpOptions), fields)
    if (issues.length > 0) throw new AppError(ErrorKey.VALIDATION, issues[0].message, issues)
    await assertOrgInScope(ctx.db, dataScopeOf(user), fields.orgId)
    await assertPhoneNotForeign(ctx.db, dataScopeOf(user), fields.telephone)
    // Answers to items the training does not ask for are not kept.
    const asked = (option: number) => hasOption(train.signUpOptions, option)
    await ctx.db
      .updateTable('trainSignUp')
      .set({
        ...fields,
        arrivalType: asked(12) ? fields.arrivalType : null,
        arrivalTime: asked(13) ? fields.arrivalTime : null,
        needFocusDriver: asked(14) ? fields.needFocusDriver : null,
        needRoom: asked(15) ? fields.needRoom : null,
        traffic: asked(16) ? fields.traffic : null,
        needReception: asked(17) ? fields.needReception : null,
        needSeeOff: asked(18) ? fields.needSeeOff : null,
        withCar: asked(19) ? fields.withCar : null,
        needDriverRoom: asked(20) ? fields.needDriverRoom : null,
        updatedAt: nowText(),
      })
      .where('id', '=', id)
      .execute()
    return toSignUpMember((await signUpById(ctx.db, id)).row)
  },

  'signup.delete': async ({ id }, ctx) => {
    await signUpById(ctx.db, id)
    await deleteRecords(ctx.db, 'train_sign_up', [id])
    return null
  },

  'signup.downloadAll': async ({ trainId }, ctx) => {
    const train = await trainById(ctx.db, trainId)
    const batches = keysetBatches(async (afterId, size) =>
      (await signUpRecords(ctx.db).where('s.trainId', '=', trainId).where('s.id', '>', afterId).orderBy('s.id').limit(size).execute()).map(toSignUpMember),
    )
    return streamWorkbook(ctx.reply, `${train.name}报名名单.xlsx`, '报名名单', rosterColumns, batches)
  },

  'signup.uploadCheck': async ({ trainId, path }, ctx) => checkRosterImport(ctx.db, signedIn(ctx), ctx.options.uploadDir, trainId, path),
  'signup.upload': async ({ trainId, path }, ctx) => importRoster(ctx.db, signedIn(ctx), ctx.options.uploadDir, trainId, path),

  'signup.statistics': async ({ pageNum, pageSize, ...filters }, ctx) => {
    const query = statisticsQuery(ctx.db, dataScopeOf(signedIn(ctx)), filters)
    const { records, total } = await onePage(statisticsRows(query).orderBy('t.trainStartTime', 'desc').orderBy('s.id'), query, { pageNum, pageSize })
    return { records: records.map(toStatisticsRecord), total }
  },

  'signup.statisticsDownload': async (filters, ctx) => {
    const query = statisticsQuery(ctx.db, dataScopeOf(signedIn(ctx)), filters)
    const batches = keysetBatches(async (afterId, size) =>
      (await statisticsRows(query).where('s.id', '>', afterId).orderBy('s.id').limit(size).execute()).map(toStatisticsRecord),
    )
    return streamWorkbook(ctx.reply, '报名统计.xlsx', '报名统计', statisticsColumns, batches)
  },

  ...checkInHandlers,
} satisfies DomainHandlers<'signup'> & DomainHandlers<'checkin'> & DomainHandlers<'mobile'>
