import { randomBytes } from 'node:crypto'
import type { ExpressionBuilder } from 'kysely'
import type { z } from 'zod'
import { CLASS_TYPE_OTHER } from '../../../src-shared/schemas/training-codes'
import type { TrainDetail, TrainForm, TrainListQuerySchema, TrainListRow } from '../../../src-shared/schemas/training'
import { effectiveTrainStatus, TrainStatus } from '../../../src-shared/training-status'
import type { Database, Db } from '../../db/types'
import { cleanRequiredRichText } from '../../files/rich-text'
import type { TrainTable } from '../../db/training-tables'
import type { Selectable } from 'kysely'
import type { Host } from './host'
import { containsText } from '../../db/sql-text'

type TrainRow = Selectable<TrainTable> & { hostParentId: number | null }
type Filters = Omit<z.output<typeof TrainListQuerySchema>, 'pageNum' | 'pageSize'>
type TrainEb = ExpressionBuilder<Database & { host: Database['org'] }, 'train' | 'host'>

/** The public sign-up page of a training; its QR code encodes this under the server's address. */
export function signUpLinkOf(train: { id: number; tokenValue: string }): string {
  return `/m/signup?trainId=${train.id}&token=${train.tokenValue}`
}

/**
 * SQL twin of `effectiveTrainStatus` for the list's status filter: the same
 * boundaries (each belongs to the later state), on times stored as comparable text.
 */
export function statusCondition(eb: TrainEb, status: number, now: string) {
  const published = eb('train.status', '=', TrainStatus.PUBLISHED)
  switch (status) {
    case TrainStatus.PUBLISHED:
      return eb.and([published, eb('train.signUpStartTime', '>', now)])
    case TrainStatus.SIGN_UP_OPEN:
      return eb.and([published, eb('train.signUpStartTime', '<=', now), eb('train.signUpEndTime', '>', now)])
    case TrainStatus.SIGN_UP_ENDED:
      return eb.and([published, eb('train.signUpEndTime', '<=', now), eb('train.trainStartTime', '>', now)])
    case TrainStatus.IN_TRAINING:
      return eb.and([published, eb('train.trainStartTime', '<=', now), eb('train.trainEndTime', '>', now)])
    case TrainStatus.FINISHED:
      return eb.and([published, eb('train.trainEndTime', '<=', now)])
    case TrainStatus.REJECTED:
      return eb('train.status', 'not in', [TrainStatus.NEW, TrainStatus.ONLINE_REVIEWED, TrainStatus.PUBLISHED])
    default:
      return eb('train.status', '=', status)
  }
}

export function filterCondition(eb: TrainEb, f: Filters, now: string) {
  const parts = []
  if (f.name) parts.push(containsText('train.name', f.name))
  if (f.depName) parts.push(containsText('train.depName', f.depName))
  if (f.isTrainCenter !== undefined) parts.push(eb('train.isTrainCenter', '=', f.isTrainCenter))
  if (f.classType !== undefined) parts.push(eb('train.classType', '=', f.classType))
  if (f.status !== undefined) parts.push(statusCondition(eb, f.status, now))
  return eb.and(parts)
}

export function toListRow(row: TrainRow, now: string): TrainListRow {
  return {
    id: row.id,
    name: row.name,
    // The root stands for the host 其他, which has no organisation to pick.
    orgId: row.hostParentId === null ? null : row.orgId,
    depName: row.depName,
    isTrainCenter: row.isTrainCenter,
    classType: row.classType,
    classTypeName: row.classTypeName,
    trainStartTime: row.trainStartTime,
    trainEndTime: row.trainEndTime,
    signUpStartTime: row.signUpStartTime,
    signUpEndTime: row.signUpEndTime,
    classHour: row.classHour,
    site: row.site,
    maxNum: row.maxNum,
    allNum: row.allNum,
    status: effectiveTrainStatus(row.status, row, now),
    reviewStatus: row.status,
    rejectReason: row.status === TrainStatus.REJECTED ? row.rejectReason : null,
    wordPath: row.wordPath,
    resourceUrl: row.resourceUrl,
    createTime: row.createTime,
  }
}

/** `origin` turns the sign-up path into the absolute URL a phone opens (see http/public-url.ts). */
export async function loadDetail(db: Db, row: TrainRow, now: string, origin: string): Promise<TrainDetail> {
  const [trainSignIns, trainResources, trainSchedules] = await Promise.all([
    db.selectFrom('trainSignIn').select(['id', 'signInStartTime', 'signInEndTime']).where('trainId', '=', row.id).orderBy('id').execute(),
    db.selectFrom('trainResource').select(['id', 'resourceName', 'resourceUrl', 'sortOrder']).where('trainId', '=', row.id).orderBy('sortOrder').orderBy('id').execute(),
    db.selectFrom('trainSchedule').select(['id', 'startTime', 'endTime', 'content']).where('trainId', '=', row.id).orderBy('startTime').orderBy('id').execute(),
  ])
  return {
    ...toListRow(row, now),
    sendObject: row.sendObject,
    description: row.description,
    content: row.content,
    requirement: row.requirement,
    address: row.address,
    participants: row.participants,
    signUpMarks: row.signUpMarks,
    name1: row.name1,
    telephone1: row.telephone1,
    name2: row.name2,
    telephone2: row.telephone2,
    name3: row.name3,
    telephone3: row.telephone3,
    tokenValue: row.tokenValue,
    weChatCodes: row.weChatCodes,
    signUpOptions: row.signUpOptions,
    signUpTips: row.signUpTips,
    signUpTips2: row.signUpTips2,
    signUpTips3: row.signUpTips3,
    useSeat: row.useSeat,
    pdfUrl: row.pdfUrl,
    isField: row.isField,
    rowNumber: row.rowNumber,
    columnNumber: row.columnNumber,
    trainSignIns,
    trainResources,
    trainSchedules,
    signUpLink: origin + signUpLinkOf(row),
  }
}

/** The training's own columns from a validated form; class type name and option tips only where they apply. */
export function trainColumns(form: TrainForm, host: Host) {
  const options = form.signUpOptions.split(',')
  return {
    name: form.name,
    orgId: host.orgId,
    depName: host.depName,
    isTrainCenter: host.isTrainCenter,
    sendObject: form.sendObject,
    classType: form.classType,
    classTypeName: form.classType === CLASS_TYPE_OTHER ? form.classTypeName : null,
    createTime: form.createTime,
    description: cleanRequiredRichText(form.description, 'description', '请输入导语'),
    content: cleanRequiredRichText(form.content, 'content', '请输入培训内容'),
    requirement: cleanRequiredRichText(form.requirement, 'requirement', '请输入培训要求'),
    trainStartTime: form.trainStartTime,
    trainEndTime: form.trainEndTime,
    classHour: form.classHour,
    site: form.site,
    address: form.address,
    participants: form.participants,
    signUpMarks: form.signUpMarks,
    signUpStartTime: form.signUpStartTime,
    signUpEndTime: form.signUpEndTime,
    maxNum: form.maxNum,
    name1: form.name1,
    telephone1: form.telephone1,
    name2: form.name2,
    telephone2: form.telephone2,
    name3: form.name3,
    telephone3: form.telephone3,
    weChatCodes: form.weChatCodes,
    signUpOptions: form.signUpOptions,
    signUpTips: options.includes('8') ? form.signUpTips : null,
    signUpTips2: options.includes('99') ? form.signUpTips2 : null,
    signUpTips3: form.signUpTips3,
  }
}

export function newTrainSecrets() {
  return { tokenValue: randomBytes(16).toString('hex'), checkInSecret: randomBytes(32).toString('hex') }
}

/**
 * Writes the rows of the tabs. Attachments and schedule are replaced; sign-in windows
 * are updated in place by position so the check-ins recorded against them survive an
 * edit (only windows that are removed lose theirs).
 */
export async function writeChildren(db: Db, trainId: number, form: TrainForm): Promise<void> {
  await db.deleteFrom('trainResource').where('trainId', '=', trainId).execute()
  if (form.trainResources.length > 0) {
    await db.insertInto('trainResource').values(form.trainResources.map((r) => ({ ...r, trainId }))).execute()
  }
  await db.deleteFrom('trainSchedule').where('trainId', '=', trainId).execute()
  if (form.trainSchedules.length > 0) {
    await db.insertInto('trainSchedule').values(form.trainSchedules.map((r) => ({ ...r, trainId }))).execute()
  }
  const existing = await db.selectFrom('trainSignIn').select('id').where('trainId', '=', trainId).orderBy('id').execute()
  for (const [i, row] of form.trainSignIns.entries()) {
    if (i < existing.length) await db.updateTable('trainSignIn').set(row).where('id', '=', existing[i].id).execute()
    else await db.insertInto('trainSignIn').values({ ...row, trainId }).execute()
  }
  const surplus = existing.slice(form.trainSignIns.length).map((r) => r.id)
  if (surplus.length > 0) await db.deleteFrom('trainSignIn').where('id', 'in', surplus).execute()
}
