import { sql } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { effectiveTrainStatus, TrainStatus } from '../../../src-shared/training-status'
import { deleteRecords } from '../../db/delete-impact'
import { orderedBy, sortTerms } from '../../db/list-order'
import { nowText } from '../../db/time'
import { signedIn, type DomainHandlers, type RequestContext } from '../../http/context'
import { publicOriginOf } from '../../http/public-url'
import { hostUnitsOf, issuingUnitOf, resolveHost, trainById, visibleTrains } from './host'
import { writeNotice } from './notice'
import { filterCondition, loadDetail, newTrainSecrets, toListRow, trainColumns, writeChildren } from './queries'
import { assertUploaded } from '../../files/uploaded'
import { onePage } from '../../db/paging'

/** The training list's sortable fields (TrainListQuerySchema) and their columns, each with an (column, id) index (migration 0031). */
const TRAIN_SORT_COLUMNS = { name: 'train.name', trainStartTime: 'train.trainStartTime' }
const NEWEST_START_FIRST = sortTerms({ orderBy: 'trainStartTime', order: 'desc' }, TRAIN_SORT_COLUMNS, 'train.id') ?? []

/** The detail of a training, as every write answers with it. */
async function detailOf(ctx: RequestContext, id: number) {
  return loadDetail(ctx.db, await trainById(ctx.db, id), nowText(), publicOriginOf(ctx))
}

export const trainingHandlers = {
  'train.list': async ({ pageNum, pageSize, orderBy, order, ...filters }, ctx) => {
    const now = nowText()
    const base = (await visibleTrains(ctx.db, signedIn(ctx))).where((eb) => filterCondition(eb, filters, now))
    const terms = sortTerms({ orderBy, order }, TRAIN_SORT_COLUMNS, 'train.id') ?? NEWEST_START_FIRST
    const { records, total } = await onePage(orderedBy(base.selectAll('train').select('host.parentId as hostParentId'), terms), base, { pageNum, pageSize })
    return { records: records.map((r) => toListRow(r, now)), total }
  },

  'train.all': async (_input, ctx) => {
    return (await visibleTrains(ctx.db, signedIn(ctx))).select(['train.id', 'train.name']).orderBy('train.id', 'desc').execute()
  },

  'train.hostUnits': async (_input, ctx) => hostUnitsOf(ctx.db, signedIn(ctx)),

  'train.get': async ({ id }, ctx) => detailOf(ctx, id),

  'train.create': async (form, ctx) => {
    const user = signedIn(ctx)
    const host = await resolveHost(ctx.db, user, form.orgId, form.isTrainCenter)
    const now = nowText()
    const id = await ctx.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('train')
        .values({
          ...trainColumns(form, host),
          ...newTrainSecrets(),
          status: form.status ?? TrainStatus.ONLINE_REVIEWED,
          createdBy: user.adminId,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeChildren(trx, id, form)
      return id
    })
    return detailOf(ctx, id)
  },

  'train.update': async ({ id, ...form }, ctx) => {
    const user = signedIn(ctx)
    const current = await trainById(ctx.db, id)
    const host = await resolveHost(ctx.db, user, form.orgId, form.isTrainCenter)
    if (form.maxNum > 0 && form.maxNum < current.allNum) {
      const message = `报名最大人数不能小于已报名人数（${current.allNum}）`
      throw new AppError(ErrorKey.VALIDATION, message, [{ path: 'maxNum', message }])
    }
    // An audited training keeps its audit; a rejected one edited goes back to review.
    const status = current.status === TrainStatus.PUBLISHED ? current.status : (form.status ?? TrainStatus.ONLINE_REVIEWED)
    const now = nowText()
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('train').set({ ...trainColumns(form, host), status, updatedAt: now }).where('id', '=', id).execute()
      await writeChildren(trx, id, form)
    })
    return detailOf(ctx, id)
  },

  'train.audit': async ({ id, status, reason }, ctx) => {
    const now = nowText()
    // The reason stays with a rejection only; the operation log keeps it with the audit (route body and record).
    const rejectReason = status === TrainStatus.REJECTED ? (reason ?? null) : null
    await ctx.db.updateTable('train').set({ status, rejectReason, updatedAt: now }).where('id', '=', id).execute()
    return detailOf(ctx, id)
  },

  'train.archive': async ({ id, resourceUrl }, ctx) => {
    await assertUploaded(ctx.db, resourceUrl, 'scan', 'resourceUrl')
    const now = nowText()
    await ctx.db.updateTable('train').set({ resourceUrl, updatedAt: now }).where('id', '=', id).execute()
    return detailOf(ctx, id)
  },

  'train.notice': async ({ id }, ctx) => {
    const user = signedIn(ctx)
    const train = await detailOf(ctx, id)
    const issuer = await issuingUnitOf(ctx.db, train)
    const wordPath = await writeNotice({ db: ctx.db, uploadDir: ctx.options.uploadDir, adminId: user.adminId }, train, issuer, train.signUpLink)
    await ctx.db.updateTable('train').set({ wordPath, updatedAt: nowText() }).where('id', '=', id).execute()
    return { wordPath }
  },

  'train.delete': async ({ id }, ctx) => {
    await trainById(ctx.db, id)
    // Sign-in windows, attachments, schedule, sign-ups, check-ins, seats and exams go with it (src-shared/references.ts).
    await deleteRecords(ctx.db, 'train', [id])
    return null
  },

  'total.result': async (filters, ctx) => {
    const now = nowText()
    const base = (await visibleTrains(ctx.db, signedIn(ctx))).where((eb) => filterCondition(eb, filters, now))
    const [rows, byClassType] = await Promise.all([
      base.select(['train.status', 'train.allNum', 'train.signUpStartTime', 'train.signUpEndTime', 'train.trainStartTime', 'train.trainEndTime']).execute(),
      base
        .select(['train.classType', sql<number>`count(*)`.as('n')])
        .groupBy('train.classType')
        .orderBy('train.classType')
        .execute(),
    ])
    const statusCounts = new Map<number, number>()
    for (const row of rows) {
      const status = effectiveTrainStatus(row.status, row, now)
      statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1)
    }
    return {
      trainsCount: rows.length,
      memberJoinCount: rows.reduce((sum, r) => sum + r.allNum, 0),
      statusCounts: [...statusCounts].map(([status, count]) => ({ status, count })).sort((a, b) => a.status - b.status),
      classTypeCounts: byClassType.map((r) => ({ classType: r.classType, count: Number(r.n) })),
    }
  },
} satisfies DomainHandlers<'train'> & DomainHandlers<'total'>
