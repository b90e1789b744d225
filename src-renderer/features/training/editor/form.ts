import type { z } from 'zod'
import {
  trainBasicShape,
  TrainCreateBodySchema,
  trainFormTabs,
  type TrainDetail,
  type TrainForm,
} from '../../../../src-shared/schemas/training'
import { parseSignUpOptions } from '../../../../src-shared/schemas/training-codes'
import { formatDateTime, parseTypedDate, shiftDateTime } from '../../../../src-shared/date-text'

/** What the editor holds while the user types: text for every input, codes for the option checkboxes. */
export interface TrainFormValues {
  name: string
  orgId: number | null
  depName: string
  sendObject: string
  classType: string
  classTypeName: string
  createTime: string
  description: string
  content: string
  requirement: string
  trainStartTime: string
  trainEndTime: string
  classHour: string
  site: string
  address: string
  participants: string
  signUpMarks: string
  signUpStartTime: string
  signUpEndTime: string
  maxNum: string
  name1: string
  telephone1: string
  name2: string
  telephone2: string
  name3: string
  telephone3: string
  trainSchedules: { startTime: string; endTime: string; content: string }[]
  signUpOptions: number[]
  signUpTips: string
  signUpTips2: string
  signUpTips3: string
  trainSignIns: { signInStartTime: string; signInEndTime: string }[]
  weChatCodes: string
  /** `fileName` is the original name, shown on the row; the server keeps only the path. */
  trainResources: { resourceName: string; resourceUrl: string; sortOrder: string; fileName: string }[]
}

export const emptySignIn = { signInStartTime: '', signInEndTime: '' }

export function emptyTrainForm(): TrainFormValues {
  return {
    name: '', orgId: null, depName: '', sendObject: '', classType: '', classTypeName: '', createTime: '',
    description: '', content: '', requirement: '', trainStartTime: '', trainEndTime: '', classHour: '',
    site: '', address: '', participants: '', signUpMarks: '', signUpStartTime: '', signUpEndTime: '', maxNum: '0',
    name1: '', telephone1: '', name2: '', telephone2: '', name3: '', telephone3: '',
    trainSchedules: [],
    signUpOptions: [1, 2, 4, 5],
    signUpTips: '', signUpTips2: '', signUpTips3: '',
    trainSignIns: [{ ...emptySignIn }],
    weChatCodes: '',
    trainResources: [],
  }
}

export function trainFormOf(detail: TrainDetail): TrainFormValues {
  const text = (v: string | null) => v ?? ''
  return {
    name: detail.name, orgId: detail.orgId, depName: detail.depName, sendObject: detail.sendObject,
    classType: String(detail.classType), classTypeName: text(detail.classTypeName), createTime: detail.createTime.slice(0, 10),
    description: detail.description, content: detail.content, requirement: detail.requirement,
    trainStartTime: detail.trainStartTime, trainEndTime: detail.trainEndTime, classHour: String(detail.classHour),
    site: detail.site, address: detail.address, participants: detail.participants, signUpMarks: text(detail.signUpMarks),
    signUpStartTime: detail.signUpStartTime, signUpEndTime: detail.signUpEndTime, maxNum: String(detail.maxNum),
    name1: detail.name1, telephone1: detail.telephone1, name2: text(detail.name2), telephone2: text(detail.telephone2),
    name3: text(detail.name3), telephone3: text(detail.telephone3),
    trainSchedules: detail.trainSchedules.map(({ startTime, endTime, content }) => ({ startTime, endTime, content })),
    signUpOptions: parseSignUpOptions(detail.signUpOptions),
    signUpTips: text(detail.signUpTips), signUpTips2: text(detail.signUpTips2), signUpTips3: text(detail.signUpTips3),
    trainSignIns: detail.trainSignIns.length
      ? detail.trainSignIns.map(({ signInStartTime, signInEndTime }) => ({ signInStartTime, signInEndTime }))
      : [{ ...emptySignIn }],
    weChatCodes: text(detail.weChatCodes),
    trainResources: detail.trainResources.map((r) => ({
      resourceName: r.resourceName, resourceUrl: r.resourceUrl, sortOrder: String(r.sortOrder), fileName: r.resourceName,
    })),
  }
}

/**
 * 复制培训班 (issue 32): a new training with `detail`'s settings, texts, sign-up options,
 * attachments and group QR, every time of it (training, sign-up, schedule, sign-in) moved
 * by the one offset that brings its start to `newStart`, and today as 发文日期. Sign-ups,
 * check-ins and the audit stay with the original: the copy is a new, unsaved training.
 */
export function copiedTrainForm(detail: TrainDetail, newStart: string, today = new Date()): TrainFormValues {
  const from = parseTypedDate(detail.trainStartTime)
  const to = parseTypedDate(newStart)
  const offset = from && to ? to.date.getTime() - from.date.getTime() : 0
  const shift = (text: string) => (text ? shiftDateTime(text, offset) : text)
  const form = trainFormOf(detail)
  return {
    ...form,
    createTime: formatDateTime(today).slice(0, 10),
    trainStartTime: shift(form.trainStartTime),
    trainEndTime: shift(form.trainEndTime),
    signUpStartTime: shift(form.signUpStartTime),
    signUpEndTime: shift(form.signUpEndTime),
    trainSchedules: form.trainSchedules.map((r) => ({ ...r, startTime: shift(r.startTime), endTime: shift(r.endTime) })),
    trainSignIns: form.trainSignIns.map((r) => ({ signInStartTime: shift(r.signInStartTime), signInEndTime: shift(r.signInEndTime) })),
  }
}

export type FormTabKey = (typeof trainFormTabs)[number]['key']

/** A tab's problems as form paths (`trainSignIns.0.signInEndTime`) with their messages. */
export interface FormProblem {
  path: string
  message: string
}

/** One problem per field (the first), as a field shows one message. */
function problemsOf(error: z.ZodError): FormProblem[] {
  const byPath = new Map<string, string>()
  for (const issue of error.issues) {
    const path = issue.path.join('.')
    if (!byPath.has(path)) byPath.set(path, issue.message)
  }
  return [...byPath].map(([path, message]) => ({ path, message }))
}

/** Validation of one wizard tab on its own, with the alert the spec gives for it. */
export function checkTab(key: FormTabKey, values: TrainFormValues): { problems: FormProblem[]; alert: string } | null {
  const tab = trainFormTabs.find((t) => t.key === key)!
  const result = tab.schema.safeParse(values)
  if (result.success) return null
  const problems = problemsOf(result.error)
  // The basic tab without a location but otherwise complete says what is missing (spec 000 §5).
  const onlyLocation = key === 'basic' && problems.every((p) => p.path === 'address')
  return { problems, alert: onlyLocation ? '请选择经纬度' : tab.alert }
}

/** Save order (spec 000 §4): basic, sign-up options, check-in, group QR — then the tabs the old console lacked. */
export const saveOrder: readonly FormTabKey[] = ['basic', 'signUpOptions', 'signIn', 'groupQr', 'schedule', 'attachments']

const basicKeys = new Set(Object.keys(trainBasicShape.shape))

/** The tab a field path belongs to, for problems only the whole form finds (sign-in after training end …). */
export function tabOfPath(path: string): FormTabKey {
  const head = path.split('.')[0]
  if (head === 'trainSchedules') return 'schedule'
  if (head === 'trainSignIns') return 'signIn'
  if (head === 'trainResources') return 'attachments'
  if (head === 'weChatCodes') return 'groupQr'
  if (head.startsWith('signUp') && !basicKeys.has(head)) return 'signUpOptions'
  return 'basic'
}

export type CheckResult = { ok: true; body: TrainForm } | { ok: false; tab: FormTabKey; problems: FormProblem[]; alert: string }

/** Every tab in save order, then the whole form (rules across tabs); the first failure wins. */
export function checkForm(values: TrainFormValues): CheckResult {
  for (const key of saveOrder) {
    const failure = checkTab(key, values)
    if (failure) return { ok: false, tab: key, ...failure }
  }
  const result = TrainCreateBodySchema.safeParse(values)
  if (result.success) return { ok: true, body: result.data }
  const problems = problemsOf(result.error)
  const tab = tabOfPath(problems[0].path)
  return { ok: false, tab, problems: problems.filter((p) => tabOfPath(p.path) === tab), alert: trainFormTabs.find((t) => t.key === tab)!.alert }
}
