import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { screenByKey } from '../../src-shared/permissions'
import { scorePolicyLabels } from '../../src-shared/schemas/exam'

const routeTable = routes as Record<string, RouteDef>

/** Domains whose writes need no screen permission (public or any signed-in account). */
const domainTitles: Record<string, string> = { auth: '登录认证', files: '文件上传', mobile: '党员报名签到', memberApp: '党员手机考试', memberCourse: '党员课程评论', permission: '菜单权限' }

const writes = Object.entries(routeTable).filter(([, route]) => route.method !== 'GET')

/** The screen of the permission tree a domain's writes need (a read may serve other screens too, e.g. pickers). */
function writeScreen(domain: string): string | undefined {
  for (const [name, route] of writes) {
    if (!name.startsWith(`${domain}.`)) continue
    const access = typeof route.access === 'string' ? route.access : route.access[0]
    if (access !== 'public' && access !== 'login') return screenByKey.get(access)?.title
  }
  return undefined
}

/** What a log entry's module is called: the screen its writes belong to (部门管理, 账号管理 …). */
export function moduleTitle(domain: string): string {
  return domainTitles[domain] ?? writeScreen(domain) ?? '其他'
}

/**
 * The module filter's options: one per module name, its value every domain filed under
 * it, comma-separated (培训班 and their sign-ups are both 培训班管理).
 */
export function moduleOptions(): { value: string; label: string }[] {
  const domains = new Map<string, string[]>()
  for (const [name] of writes) {
    const domain = name.split('.')[0]
    const label = moduleTitle(domain)
    const list = domains.get(label) ?? []
    if (!list.includes(domain)) domains.set(label, [...list, domain])
  }
  return [...domains].map(([label, list]) => ({ value: list.join(','), label }))
}

/** The action of a route in a few words: its summary up to the first bracket, colon, comma or semicolon. */
export function actionTitle(routeName: string): string {
  const summary = routeTable[routeName]?.summary ?? routeName
  return summary.split(/[（(，,：:；;]/)[0].trim()
}

/** Chinese names of the fields of the records the log keeps before and after. */
const fieldTitles: Record<string, string> = {
  id: '编号',
  name: '名称',
  title: '名称',
  remark: '备注',
  roleId: '角色编号',
  memberId: '关联党员编号',
  ownerOrgId: '所属组织编号',
  seatRevision: '座位表版本',
  passwordHash: '密码',
  pwdHash: '密码',
  permissionIdList: '菜单权限',
  failedCount: '连续登录失败次数',
  lockedUntil: '锁定至',
  mustRenew: '须修改密码',
  createdAt: '创建时间',
  updatedAt: '修改时间',
  createTime: '创建时间',
  createdBy: '创建人编号',
  // organisations
  orgCode: '组织编码',
  shortName: '简称',
  parentId: '上级组织编号',
  path: '组织路径',
  topOrgId: '所属单位编号',
  orgType: '组织类型',
  areaName: '所在地区',
  secretary: '书记',
  hasCommittee: '是否成立党委',
  committeeCreate: '党委成立时间',
  contacter: '联系人',
  contactPhone: '联系电话',
  postAddress: '通讯地址',
  sortNumber: '排序',
  childrenCount: '下级组织数',
  // members and sign-ups
  gender: '性别',
  telephone: '手机号',
  mobile: '手机号',
  idcard: '身份证号',
  cardsNumber: '身份证号',
  nation: '民族',
  avatarUrl: '头像',
  orgId: '组织编号',
  orgPath: '组织路径',
  company: '单位名称',
  department: '部门',
  jobs: '职务',
  partyJobs: '党内职务',
  tenureTime: '任现职时间',
  sameTenureYear: '任同职级年限',
  enabled: '启用',
  trainId: '培训班编号',
  arrivalType: '到达方式',
  arrivalTime: '到达时间',
  needFocusDriver: '需要集中接送',
  needRoom: '需要住宿',
  traffic: '车次或航班号',
  needReception: '需要接站',
  needSeeOff: '需要送站',
  needLeave: '请假',
  withCar: '自带车辆',
  needDriverRoom: '驾驶员需要住宿',
  reason: '请假原因',
  marks: '备注',
  source: '报名方式',
  // trainings
  depName: '主办单位',
  isTrainCenter: '主办类型',
  sendObject: '发送对象',
  classType: '培训类别',
  classTypeName: '其他培训类别',
  description: '培训说明',
  content: '内容',
  requirement: '培训要求',
  trainStartTime: '培训开始时间',
  trainEndTime: '培训结束时间',
  classHour: '学时',
  site: '培训地点',
  address: '地点坐标',
  participants: '参训对象',
  signUpMarks: '报名备注',
  signUpStartTime: '报名开始时间',
  signUpEndTime: '报名结束时间',
  maxNum: '最大人数',
  allNum: '已报名人数',
  name1: '联系人一',
  telephone1: '联系电话一',
  name2: '联系人二',
  telephone2: '联系电话二',
  name3: '联系人三',
  telephone3: '联系电话三',
  status: '状态',
  rejectReason: '驳回原因',
  tokenValue: '报名链接口令',
  checkInSecret: '签到密钥',
  wordPath: '培训通知文件',
  resourceUrl: '公文归档文件',
  weChatCodes: '群二维码',
  signUpOptions: '报名选项',
  signUpTips: '党政职务填写提示',
  signUpTips2: '填写示例',
  signUpTips3: '报名须知',
  useSeat: '使用座位',
  pdfUrl: 'PDF 文件',
  isField: '现场培训',
  rowNumber: '座位行数',
  columnNumber: '座位列数',
  // uploads
  originalName: '文件名',
  size: '大小',
  mime: '文件类型',
  // exams, papers, questions
  type: '类型',
  useType: '用途',
  joinType: '参加方式',
  joinNum: '考试人数',
  startTime: '开始时间',
  endTime: '结束时间',
  countdown: '考试时长（分钟）',
  passLine: '及格线',
  retestNum: '重考次数',
  canLookAnswer: '模拟考试',
  anonymous: '匿名问卷',
  paperId: '试卷A编号',
  paper2Id: '试卷B编号',
  paper3Id: '试卷C编号',
  paper4Id: '试卷D编号',
  paper5Id: '试卷E编号',
  scorePolicy: '重考与补考成绩',
  typesetting: '排版方式',
  closed: '已关闭',
  totalScore: '总分',
  choiceType: '组卷方式',
  questionList: '题目',
  categoryList: '类别分配',
  categoryId: '类别编号',
  stem: '选项',
  answer: '答案',
  analysis: '解析',
  createName: '创建人',
  // courses and content
  imagePath: '图片',
  videoPath: '课程视频',
  teacherId: '主讲教师编号',
  courseId: '课程编号',
  sortOrder: '权重',
  resourcePath: '资源文件',
  grade: '评分',
  comeFrom: '来源',
  entryTime: '发布日期',
  newsId: '关联新闻编号',
  // hour targets and seats
  memberHours: '党员学时目标',
  cadreHours: '书记、委员学时目标',
  groupNumber: '分组',
  signUpId: '报名记录编号',
  // check-ins, candidates' sittings, the satisfaction questionnaire of a training, SMS settings
  signInId: '签到时段编号',
  checkInTime: '签到时间',
  examId: '考试编号',
  isMakeUp: '是否补考',
  score: '成绩',
  attempts: '作答次数',
  trainName: '培训班',
  respondents: '已填写人数',
  provider: '短信服务商',
  signName: '短信签名',
  templateCode: '短信模板编号',
  gatewayUrl: '网关地址',
  secrets: '密钥',
  updatedBy: '修改人编号',
}

/** A field's Chinese name; one this list does not know yet reads as 其他字段, never as its code (tests/unit/log-labels.test.ts holds every column to a name). */
export function fieldTitle(key: string): string {
  return fieldTitles[key] ?? '其他字段'
}

/** Fields stored as a code word: the log shows the word the form offers instead. */
const valueLabels: Record<string, Record<string, string>> = { scorePolicy: scorePolicyLabels }

/** A stored value as the form names it (`highest` → 取最高分); any other value as it is. */
export function valueLabel(key: string, value: string): string {
  return valueLabels[key]?.[value] ?? value
}

/** What a log entry's record is, e.g. `账号 #4`: every table a route or handler names to the log (tests/unit/log-labels.test.ts holds each route's to a name). */
const tableTitles: Record<string, string> = {
  admin: '账号',
  role: '角色',
  org: '组织',
  member: '党员',
  upload: '文件',
  train: '培训班',
  trainSignUp: '报名记录',
  trainCheckIn: '签到记录',
  trainLocationPicture: '会场图片',
  trainMemberLocation: '座位',
  hourTarget: '学时目标',
  exam: '考试',
  memberExam: '考生',
  paper: '试卷',
  question: '试题',
  questionCategory: '类别',
  course: '课程',
  courseResource: '课程资源',
  courseComment: '课程评论',
  teacher: '教师',
  news: '新闻',
  home: '首页',
  carousel: '轮播图',
  notice: '通知',
  smsSetting: '短信设置',
}

export function recordTitle(table: string | null, id: number | null): string {
  if (!table) return '—'
  // A table this list does not know yet reads as 记录, never as its code.
  return `${tableTitles[table] ?? '记录'} #${id ?? ''}`
}
