/**
 * The console's two-level menu tree (module → screen). It is the one list of
 * permissions: the server maps every route to one of these keys, the role dialog
 * shows this tree, and the navigation is built from it. Ids are stable because
 * roles store them (permissionIdList).
 */
export interface ScreenNode {
  id: number
  key: string
  title: string
  /** Route of the screen in the renderer (hash router path). */
  path: string
}

export interface ModuleNode {
  id: number
  key: string
  title: string
  children: readonly ScreenNode[]
}

export const permissionTree = [
  {
    id: 1, key: 'dashboard', title: '首页',
    children: [
      { id: 101, key: 'dashboard:index', title: '培训大数据', path: '/index' },
      { id: 102, key: 'dashboard:statistic', title: '培训统计', path: '/statistic' },
    ],
  },
  {
    id: 2, key: 'training', title: '培训管理',
    children: [
      { id: 201, key: 'training:train', title: '培训班管理', path: '/trainingManagement/trainingManagement' },
      { id: 202, key: 'training:signUpStatistics', title: '报名统计', path: '/trainingManagement/signUpStatistics' },
      // Auditing (publish or reject) apart from editing, so an office can keep author and
      // approver apart. No screen of its own: it enables the audit action of 培训班管理.
      { id: 203, key: 'training:audit', title: '审核', path: '/trainingManagement/audit' },
    ],
  },
  {
    id: 3, key: 'organization', title: '组织管理',
    children: [
      { id: 301, key: 'organization:department', title: '部门管理', path: '/organization/department' },
      { id: 302, key: 'organization:member', title: '党员管理', path: '/organization/member' },
    ],
  },
  {
    id: 4, key: 'exam', title: '考试管理',
    children: [
      { id: 401, key: 'exam:category', title: '题库类别', path: '/comment/questionBankManagement' },
      { id: 402, key: 'exam:paper', title: '试卷管理', path: '/comment/paperManagement' },
      { id: 403, key: 'exam:exam', title: '考试管理', path: '/comment/comment' },
    ],
  },
  {
    id: 5, key: 'questionnaire', title: '问卷管理',
    children: [
      { id: 501, key: 'questionnaire:category', title: '问卷类别', path: '/questionnaireManagement/questionBankManagement' },
      { id: 502, key: 'questionnaire:result', title: '问卷结果', path: '/questionnaireManagement/result' },
    ],
  },
  {
    id: 6, key: 'course', title: '课程管理',
    children: [
      { id: 601, key: 'course:course', title: '课程管理', path: '/courseManagement/courseManagement' },
      { id: 602, key: 'course:teacher', title: '教师管理', path: '/courseManagement/teacherManagement' },
    ],
  },
  {
    id: 7, key: 'content', title: '内容管理',
    children: [
      { id: 701, key: 'content:news', title: '新闻管理', path: '/content/news' },
      { id: 702, key: 'content:home', title: '首页管理', path: '/content/home' },
      { id: 703, key: 'content:carousel', title: '轮播图管理', path: '/content/carousel' },
      { id: 704, key: 'content:notice', title: '通知管理', path: '/content/notice' },
      { id: 705, key: 'content:sms', title: '短信记录', path: '/content/sms' },
    ],
  },
  {
    id: 8, key: 'system', title: '系统管理',
    children: [
      { id: 801, key: 'system:admin', title: '账号管理', path: '/system/admin' },
      { id: 802, key: 'system:role', title: '角色管理', path: '/system/role' },
      { id: 803, key: 'system:log', title: '操作日志', path: '/system/log' },
      // Province-wide: every account with it may read the settings; only one whose scope is the root may change them.
      { id: 804, key: 'system:sms', title: '短信设置', path: '/system/sms' },
    ],
  },
] as const satisfies readonly ModuleNode[]

type Tree = typeof permissionTree
export type PermissionKey = Tree[number]['children'][number]['key']

export const allScreens: readonly ScreenNode[] = (permissionTree as readonly ModuleNode[]).flatMap((m) => m.children)

/** Access of routes any role may use (uploads, reading files): an account without a role may not. */
export const anyRole = allScreens.map((s) => s.key) as readonly PermissionKey[]

export const screenById: ReadonlyMap<number, ScreenNode> = new Map(allScreens.map((s) => [s.id, s]))

export const screenByKey: ReadonlyMap<string, ScreenNode> = new Map(allScreens.map((s) => [s.key, s]))

/** Permission keys granted by a list of ids; module ids grant all their screens. */
export function keysOfPermissionIds(ids: readonly number[]): PermissionKey[] {
  const wanted = new Set(ids)
  const keys: PermissionKey[] = []
  for (const m of permissionTree) {
    for (const s of m.children) {
      if (wanted.has(s.id) || wanted.has(m.id)) keys.push(s.key)
    }
  }
  return keys
}

/** Root organisation code of the province (spec 000 §6, §9). */
export const ROOT_ORG_CODE = '320101'
