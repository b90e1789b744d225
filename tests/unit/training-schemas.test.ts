import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { conditionalIssues, signUpEditSchema, SignUpCreateBodySchema } from '../../src-shared/schemas/signup'
import {
  TrainBasicTabSchema,
  TrainCreateBodySchema,
  TrainSchedulesTabSchema,
  TrainResourcesTabSchema,
  TrainSignInsTabSchema,
  TrainSignUpOptionsTabSchema,
  TrainGroupQrTabSchema,
} from '../../src-shared/schemas/training'
import { HourTargetsSchema } from '../../src-shared/schemas/statistics'
import { validTrainForm } from '../support/training'

/** `{path: message}` of every issue. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('training form validation (spec 000 §5, with the spec\'s Chinese prompts)', () => {
  it('accepts a complete form and sorts the sign-up options ascending', () => {
    const parsed = TrainCreateBodySchema.parse(validTrainForm({ signUpOptions: [12, 1, 5, 2] }))
    expect(parsed.signUpOptions).toBe('1,2,5,12')
    expect(parsed.createTime).toBe('2026-11-01 00:00:00')
  })

  it('names every missing field of the basic tab with its prompt', () => {
    expect(messages(TrainBasicTabSchema, {})).toEqual({
      name: '请输入培训名称',
      depName: '请输入主办单位',
      sendObject: '请输入发送对象',
      classType: '请选择班次类别',
      createTime: '请选择发文日期',
      description: '请输入导语',
      content: '请输入培训内容',
      requirement: '请输入培训要求',
      trainStartTime: '请选择培训开始时间',
      trainEndTime: '请选择培训结束时间',
      classHour: '请输入培训学时',
      site: '请输入培训地点',
      address: '请选择经纬度',
      participants: '请输入参训对象',
      signUpStartTime: '请选择报名开始时间',
      signUpEndTime: '请选择报名结束时间',
      maxNum: '请输入报名最大人数',
      name1: '请输入联系人一',
      telephone1: '请输入联系方式',
    })
  })

  it('treats blank text as missing and checks numbers, class type and location', () => {
    const form = validTrainForm({ name: '   ', classHour: 0, maxNum: -1, classType: 11, address: '南京', telephone1: 'abc' })
    expect(messages(TrainBasicTabSchema, form)).toEqual({
      name: '请输入培训名称',
      classHour: '培训学时不能小于1',
      maxNum: '报名最大人数不能小于0',
      classType: '请选择班次类别',
      address: '请选择经纬度',
      telephone1: '联系方式格式错误，应为手机号或带区号的固定电话（如 025-83123456）',
    })
    expect(messages(TrainBasicTabSchema, validTrainForm({ classHour: 1.5 }))).toEqual({ classHour: '学时须为整数' })
  })

  it('orders the times: end after start, sign-up ends by the training start', () => {
    const form = validTrainForm({
      trainStartTime: '2026-12-10 09:00:00',
      trainEndTime: '2026-12-09 09:00:00',
      signUpStartTime: '2026-12-20 00:00:00',
      signUpEndTime: '2026-12-15 00:00:00',
    })
    const found = TrainBasicTabSchema.safeParse(form).error?.issues.map((i) => i.message)
    expect(found).toEqual(['培训结束时间须晚于培训开始时间', '报名结束时间须晚于报名开始时间', '报名结束时间不能晚于培训开始时间'])
    expect(messages(TrainBasicTabSchema, validTrainForm({ trainStartTime: '2026/12/10' }))).toEqual({
      trainStartTime: '时间格式应为 yyyy-MM-dd HH:mm:ss',
    })
  })

  it('keeps the optional fields optional: contacts two and three, remarks, class-type name', () => {
    const parsed = TrainBasicTabSchema.parse(validTrainForm({ name2: '', telephone2: '', signUpMarks: '', classType: 9, classTypeName: '' }))
    expect(parsed).toMatchObject({ name2: null, telephone2: null, signUpMarks: null, classTypeName: null })
  })

  it('needs at least one sign-up option, the posts hint with option 8 and the example with option 99', () => {
    expect(messages(TrainSignUpOptionsTabSchema, { signUpOptions: [] })).toEqual({ signUpOptions: '请选择报名选项' })
    expect(messages(TrainSignUpOptionsTabSchema, { signUpOptions: [1, 3] })).toEqual({ 'signUpOptions.1': '报名选项无效' })
    expect(messages(TrainSignUpOptionsTabSchema, { signUpOptions: [1, 8, 99] })).toEqual({
      signUpTips: '请输入党政职务填写提示',
      signUpTips2: '请输入填写示例',
    })
    expect(messages(TrainSignUpOptionsTabSchema, { signUpOptions: '1,8', signUpTips: '请写全称' })).toEqual({})
  })

  it('checks every sign-in row: start, end, order', () => {
    expect(messages(TrainSignInsTabSchema, { trainSignIns: [] })).toEqual({ trainSignIns: '请添加签到时间' })
    expect(messages(TrainSignInsTabSchema, { trainSignIns: [{}, { signInStartTime: '2026-12-01 09:00:00', signInEndTime: '2026-12-01 08:00:00' }] })).toEqual({
      'trainSignIns.0.signInStartTime': '签到开始时间不能为空',
      'trainSignIns.0.signInEndTime': '签到结束时间不能为空',
      'trainSignIns.1.signInEndTime': '签到结束时间须晚于签到开始时间',
    })
  })

  it('checks every attachment row: name, file, integer sort order', () => {
    expect(messages(TrainResourcesTabSchema, { trainResources: [{ sortOrder: 1.5 }] })).toEqual({
      'trainResources.0.resourceName': '请输入附件名称',
      'trainResources.0.resourceUrl': '请上传附件',
      'trainResources.0.sortOrder': '必须是整数',
    })
    expect(messages(TrainResourcesTabSchema, { trainResources: [{ resourceName: 'a', resourceUrl: '2026/11/0123456789abcdef0123456789abcdef.pdf' }] })).toEqual({
      'trainResources.0.sortOrder': '请输入排序',
    })
    // Only a path the upload route issued: never a link or a path of the client's choosing.
    expect(messages(TrainResourcesTabSchema, { trainResources: [{ resourceName: 'a', resourceUrl: 'https://x.cn/a.pdf', sortOrder: 1 }] })).toEqual({
      'trainResources.0.resourceUrl': '文件路径无效，请重新上传',
    })
  })

  it('checks every schedule row: start, end, content', () => {
    expect(messages(TrainSchedulesTabSchema, { trainSchedules: [{}] })).toEqual({
      'trainSchedules.0.startTime': '请选择日程开始时间',
      'trainSchedules.0.endTime': '请选择日程结束时间',
      'trainSchedules.0.content': '请输入日程内容',
    })
  })

  it('needs the group QR code', () => {
    expect(messages(TrainGroupQrTabSchema, {})).toEqual({ weChatCodes: '请上传群二维码' })
  })

  it('checks rows against the training period in the merged form', () => {
    const form = validTrainForm({
      trainStartTime: '2026-12-10 09:00:00',
      trainEndTime: '2026-12-11 17:00:00',
      signUpStartTime: '2026-12-01 00:00:00',
      signUpEndTime: '2026-12-05 00:00:00',
      trainSignIns: [{ signInStartTime: '2026-12-11 17:00:00', signInEndTime: '2026-12-11 18:00:00' }],
      trainSchedules: [
        { startTime: '2026-12-09 09:00:00', endTime: '2026-12-09 10:00:00', content: '开班' },
        { startTime: '2026-12-11 16:00:00', endTime: '2026-12-11 17:30:00', content: '结业' },
      ],
    })
    expect(messages(TrainCreateBodySchema, form)).toEqual({
      'trainSignIns.0.signInEndTime': '签到结束时间不能晚于培训结束时间',
      'trainSchedules.0.startTime': '日程须在培训时间之内',
      'trainSchedules.1.endTime': '日程须在培训时间之内',
    })
  })
})

describe('sign-up validation (spec 000 §5 Member edit)', () => {
  it('names every required field of the edit dialog', () => {
    expect(messages(signUpEditSchema([]), { id: 1 })).toEqual({
      name: '请输入姓名',
      telephone: '请输入手机号',
      gender: '请选择性别',
      orgId: '请选择所在组织',
      company: '请输入单位名称',
      department: '请输入所在部门',
      jobs: '请输入职务',
      partyJobs: '请输入党内职务',
      tenureTime: '请选择任现职时间',
      sameTenureYear: '请输入任同职级年限',
      cardsNumber: '请输入身份证号',
    })
  })

  it('checks formats: mobile, ID number, tenure month, years', () => {
    const value = {
      id: 1, name: '张伟', telephone: '12345678901', gender: 1, orgId: 3, company: '单位', department: '部门', jobs: '科员',
      partyJobs: '党员', tenureTime: '2020-13', sameTenureYear: 0, cardsNumber: '3201',
    }
    expect(messages(signUpEditSchema([]), value)).toEqual({
      telephone: '手机号格式错误',
      tenureTime: '任现职时间格式应为 yyyy-MM',
      sameTenureYear: '任同职级年限不能小于1',
      cardsNumber: '身份证号应为18位（现为4位）',
    })
  })

  it('requires a conference item only when the training ticks its option (12–20)', () => {
    expect(conditionalIssues([1, 2], {})).toEqual([])
    expect(conditionalIssues([12, 13, 14, 15, 16, 17, 18, 19, 20], { needRoom: 0 }).map((i) => i.message)).toEqual([
      '请选择到达方式', '请选择到达时间', '请选择是否需要集中接送', '请输入车次或航班号', '请选择是否需要接站',
      '请选择是否需要送站', '请选择是否自带车辆', '请选择驾驶员是否需要住宿',
    ])
  })

  it('warns to pick a member first when adding a sign-up person', () => {
    expect(messages(SignUpCreateBodySchema, { trainId: 1 })).toEqual({ memberId: '请先选择用户' })
  })
})

describe('whole numbers say so (issue 32)', () => {
  it('学时 2.5 is there but not whole; an emptied 学时 asks for it', () => {
    expect(messages(TrainCreateBodySchema, { ...validTrainForm(), classHour: '2.5' }).classHour).toBe('学时须为整数')
    expect(messages(TrainCreateBodySchema, { ...validTrainForm(), classHour: 2.5 }).classHour).toBe('学时须为整数')
    expect(messages(TrainCreateBodySchema, { ...validTrainForm(), classHour: '' }).classHour).toBe('请输入培训学时')
    expect(messages(TrainCreateBodySchema, { ...validTrainForm(), classHour: 'abc' }).classHour).toBe('请输入培训学时')
  })
  it('an emptied hour target asks for it; a fraction says it must be whole', () => {
    expect(messages(HourTargetsSchema, { memberHours: '', cadreHours: '  ' })).toEqual({ memberHours: '请输入党员学时目标', cadreHours: '请输入书记、委员学时目标' })
    expect(messages(HourTargetsSchema, { memberHours: '2.5', cadreHours: 0 })).toEqual({ memberHours: '学时须为整数', cadreHours: '学时目标至少为 1' })
    expect(HourTargetsSchema.parse({ memberHours: '32', cadreHours: 56 })).toEqual({ memberHours: 32, cadreHours: 56 })
  })
})
