import { describe, expect, it } from 'vitest'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { checkForm, checkTab, copiedTrainForm, emptyTrainForm, tabOfPath, trainFormOf, type TrainFormValues } from '../../src-renderer/features/training/editor/form'

/** A form every tab accepts. */
function completeForm(): TrainFormValues {
  return {
    ...emptyTrainForm(),
    name: '2026年党支部书记培训班', orgId: null, depName: '其他', sendObject: '各单位', classType: '3',
    createTime: '2026-11-01', description: '<p>导语</p>', content: '<p>内容</p>', requirement: '<p>要求</p>',
    trainStartTime: '2026-12-02 09:00:00', trainEndTime: '2026-12-04 17:00:00', classHour: '16',
    site: '省委党校', address: '118.79,32.06', participants: '党支部书记',
    signUpStartTime: '2026-11-20 08:00:00', signUpEndTime: '2026-11-27 18:00:00', maxNum: '100',
    name1: '王老师', telephone1: '025-83391001',
    trainSignIns: [{ signInStartTime: '2026-12-02 08:30:00', signInEndTime: '2026-12-02 09:00:00' }],
    weChatCodes: '2026/11/0123456789abcdef0123456789abcdef.png',
  }
}

describe('the training editor form', () => {
  it('passes a complete form with the wire shapes: numbers, sorted option codes', () => {
    const result = checkForm({ ...completeForm(), signUpOptions: [5, 1, 4, 2] })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.body).toMatchObject({ classType: 3, classHour: 16, maxNum: 100, signUpOptions: '1,2,4,5' })
  })

  it('checks the tabs in the spec order: basic, sign-up options, check-in, then group QR', () => {
    const broken = { ...completeForm(), name: '', signUpOptions: [], trainSignIns: [{ signInStartTime: '', signInEndTime: '' }], weChatCodes: '' }
    expect(checkForm(broken)).toMatchObject({ ok: false, tab: 'basic', alert: '请将基本信息填写完整' })
    expect(checkForm({ ...broken, name: 'x' })).toMatchObject({ tab: 'signUpOptions', alert: '请将报名选项填写完整' })
    expect(checkForm({ ...broken, name: 'x', signUpOptions: [1] })).toMatchObject({ tab: 'signIn', alert: '请将签到设置填写完整' })
    expect(checkForm({ ...completeForm(), weChatCodes: '' })).toMatchObject({ tab: 'groupQr', alert: '请将群二维码填写完整' })
  })

  it('says 请选择经纬度 when only the location is missing from the basic tab', () => {
    expect(checkTab('basic', { ...completeForm(), address: '' })).toMatchObject({ alert: '请选择经纬度', problems: [{ path: 'address' }] })
    expect(checkTab('basic', { ...completeForm(), address: '', site: '' })?.alert).toBe('请将基本信息填写完整')
  })

  it('sends rules across tabs to the tab of the field they concern', () => {
    const late = { ...completeForm(), trainSignIns: [{ signInStartTime: '2026-12-04 17:00:00', signInEndTime: '2026-12-04 18:00:00' }] }
    expect(checkForm(late)).toMatchObject({
      ok: false,
      tab: 'signIn',
      problems: [{ path: 'trainSignIns.0.signInEndTime', message: '签到结束时间不能晚于培训结束时间' }],
    })
    expect(tabOfPath('signUpTips')).toBe('signUpOptions')
    expect(tabOfPath('signUpEndTime')).toBe('basic')
    expect(tabOfPath('trainResources.2.resourceUrl')).toBe('attachments')
  })

  it('opens a saved training with its values, and a training without sign-in rows with one empty row', () => {
    const form = completeForm()
    const detail = {
      ...form, id: 7, orgId: null, classType: 3, classTypeName: null, classHour: 16, maxNum: 100, createTime: '2026-11-01 00:00:00',
      signUpMarks: null, name2: null, telephone2: null, name3: null, telephone3: null,
      signUpOptions: '1,2,8', signUpTips: '现任职务', signUpTips2: null, signUpTips3: null,
      trainSignIns: [], trainSchedules: [], trainResources: [{ id: 1, resourceName: '回执', resourceUrl: 'a.pdf', sortOrder: 2 }],
    } as unknown as TrainDetail
    const opened = trainFormOf(detail)
    expect(opened).toMatchObject({ classType: '3', createTime: '2026-11-01', maxNum: '100', signUpOptions: [1, 2, 8], signUpTips: '现任职务', name2: '' })
    expect(opened.trainSignIns).toEqual([{ signInStartTime: '', signInEndTime: '' }])
    expect(opened.trainResources).toEqual([{ resourceName: '回执', resourceUrl: 'a.pdf', sortOrder: '2', fileName: '回执' }])
  })

  it('copies a training to a new start: every time moves by the same offset, today is 发文日期, the copy passes the form', () => {
    const form = completeForm()
    const detail = {
      ...form, id: 7, orgId: null, classType: 3, classTypeName: null, classHour: 16, maxNum: 100, createTime: '2026-11-01 00:00:00',
      signUpMarks: null, name2: null, telephone2: null, name3: null, telephone3: null, signUpOptions: '1,2,4,5',
      signUpTips: null, signUpTips2: null, signUpTips3: null, trainResources: [],
      trainSchedules: [{ id: 3, startTime: '2026-12-03 08:30:00', endTime: '2026-12-03 11:30:00', content: '专题讲座' }],
    } as unknown as TrainDetail
    // 2026-12-02 09:00 → 2027-12-06 14:00: 369 days and 5 hours later.
    const copy = copiedTrainForm(detail, '2027-12-06 14:00:00', new Date(2027, 10, 20, 10, 0))
    expect(copy).toMatchObject({
      name: form.name, createTime: '2027-11-20', trainStartTime: '2027-12-06 14:00:00', trainEndTime: '2027-12-08 22:00:00',
      signUpStartTime: '2027-11-24 13:00:00', signUpEndTime: '2027-12-01 23:00:00', signUpOptions: [1, 2, 4, 5],
      trainSchedules: [{ startTime: '2027-12-07 13:30:00', endTime: '2027-12-07 16:30:00', content: '专题讲座' }],
      trainSignIns: [{ signInStartTime: '2027-12-06 13:30:00', signInEndTime: '2027-12-06 14:00:00' }],
    })
    expect(checkForm(copy).ok).toBe(true)
  })
})
