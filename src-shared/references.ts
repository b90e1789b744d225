
/**
 * Every reference between records, declared once (issue 24). Each row is a foreign key
 * in both dialects' schema (migration 0016 and src-server/db/foreign-keys.ts make the
 * schema follow this table) and says what deleting the referenced record does to the
 * referrer:
 *
 * - `refuse`: the delete is refused with `refusal`, which names the referrers;
 * - `cascade`: the referrers go with it; `effect` is how the confirmation counts them
 *   (将同时删除其 3 条报名记录), absent for a record's own bookkeeping (sessions, its
 *   permission rows) that nobody would miss;
 * - `set null`: the referrers stay and lose the link; `effect` says so, absent when
 *   the referrer keeps its own copy of what it showed (a log line keeps the name).
 *
 * The server's one delete path (src-server/db/delete-impact.ts) and the console's one
 * delete confirmation read this table; tests/server/references.test.ts is generated
 * from it, and fails on any id column of the live schema that is neither here nor in
 * `unreferencedColumns`. Names are the schema's (snake_case).
 */

/** What the refusal message is given: the referrers' names (the first few), their count, the record's own name. */
export interface Referrers {
  names: readonly string[]
  count: number
  target: string
}

interface Common {
  /** The referring table and its column holding the referenced record's id. */
  from: string
  column: string
  /** The referenced table (its key is `id`). */
  to: RecordTable
}
export type Reference =
  | (Common & { onDelete: 'refuse'; refusal: (r: Referrers) => string })
  | (Common & { onDelete: 'cascade' | 'set null'; effect?: (count: number) => string })

/** How many referrers a refusal names. */
export const NAMED_REFERRERS = 5

/** 「甲」、「乙」 and, beyond those named, 等 N 个. */
export function quotedNames({ names, count }: Referrers, unit: string): string {
  const quoted = names.map((n) => `「${n}」`).join('、')
  return count > names.length ? `${quoted}等 ${count} ${unit}` : quoted
}

/**
 * The records a reference may point at or a route deletes: the noun the user knows them
 * by, the column that names one (a refusal quotes it) and the route that deletes one
 * (its permission and scope also guard asking what that delete would do; a record whose
 * route checks its tree in the handler names the record it is scoped by).
 */
export const recordKinds = {
  org: { noun: '组织', label: 'name', deletedBy: 'org.delete' },
  member: { noun: '党员', label: 'name', deletedBy: 'member.delete' },
  role: { noun: '角色', label: 'title', deletedBy: 'role.delete' },
  admin: { noun: '账号', label: 'name', deletedBy: 'admin.delete' },
  train: { noun: '培训班', label: 'name', deletedBy: 'train.delete' },
  train_sign_up: { noun: '报名记录', label: 'name', deletedBy: 'signup.delete' },
  train_sign_in: { noun: '签到时段', label: 'sign_in_start_time', deletedBy: null },
  exam: { noun: '考试', label: 'title', deletedBy: 'exam.delete' },
  member_exam: { noun: '考试记录', label: null, deletedBy: null },
  exam_attempt: { noun: '作答记录', label: null, deletedBy: null },
  paper: { noun: '试卷', label: 'title', deletedBy: 'paper.delete' },
  question_category: { noun: '题目类别', label: 'name', deletedBy: 'questionCategory.delete' },
  question: { noun: '题目', label: 'title', deletedBy: 'question.delete' },
  news: { noun: '新闻', label: 'title', deletedBy: 'news.delete' },
  home: { noun: '首页', label: 'name', deletedBy: 'home.delete' },
  notice: { noun: '通知', label: 'name', deletedBy: 'notice.delete' },
  teacher: { noun: '教师', label: 'name', deletedBy: 'teacher.delete' },
  course: { noun: '课程', label: 'name', deletedBy: 'course.delete' },
  course_resource: { noun: '课程资源', label: 'name', deletedBy: 'courseResource.delete' },
  course_comment: { noun: '评论', label: null, deletedBy: 'courseComment.delete' },
  sms_message: { noun: '短信', label: 'title', deletedBy: null },
  carousel: { noun: '轮播图', label: null, deletedBy: 'carousel.delete' },
  train_location_picture: { noun: '座位图', label: null, deletedBy: 'seatPicture.delete' },
} as const satisfies Record<string, { noun: string; label: string | null; deletedBy: string | null }>
export type RecordTable = keyof typeof recordKinds
/** Records a route deletes: the console asks what deleting one would take with it (route `references.impact`). */
export type DeletableTable = { [T in RecordTable]: (typeof recordKinds)[T]['deletedBy'] extends null ? never : T }[RecordTable]
export const deletableTables = (Object.keys(recordKinds) as RecordTable[]).filter((t) => recordKinds[t].deletedBy !== null) as DeletableTable[]

/** The declared kind of a table a route deletes, named either way (`courseResource` or `course_resource`, as resource descriptors name them). */
export function deletableTableOf(table: string): DeletableTable {
  const name = table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
  if (!(deletableTables as string[]).includes(name)) throw new Error(`${table} is no declared record kind a route deletes (src-shared/references.ts)`)
  return name as DeletableTable
}

const ORG_HAS_CHILDREN = '该组织下还有下级组织，请先删除或移走下级组织'
const orgHasMembers = (r: Referrers) => `该组织下还有党员${quotedNames(r, '人')}，请先删除或调走这些党员`
const paperInUse = (r: Referrers) => `该试卷已被考试${quotedNames(r, '场')}使用，不能删除`
const counted = (unit: string) => (n: number) => `${n} ${unit}`
const createdBy = (from: string): Reference => ({ from, column: 'created_by', to: 'admin', onDelete: 'set null' })

export const references: readonly Reference[] = [
  // Organisations: a tree holds members, trainings and roles; removing it would orphan them.
  { from: 'org', column: 'parent_id', to: 'org', onDelete: 'refuse', refusal: () => ORG_HAS_CHILDREN },
  { from: 'org', column: 'top_org_id', to: 'org', onDelete: 'refuse', refusal: () => ORG_HAS_CHILDREN },
  { from: 'member', column: 'org_id', to: 'org', onDelete: 'refuse', refusal: orgHasMembers },
  { from: 'member', column: 'top_org_id', to: 'org', onDelete: 'refuse', refusal: orgHasMembers },
  { from: 'train', column: 'org_id', to: 'org', onDelete: 'refuse', refusal: (r) => `该组织还主办培训班${quotedNames(r, '个')}，不能删除` },
  { from: 'train_sign_up', column: 'org_id', to: 'org', onDelete: 'refuse', refusal: (r) => `该组织还有报名记录${quotedNames(r, '条')}，不能删除` },
  { from: 'role', column: 'owner_org_id', to: 'org', onDelete: 'refuse', refusal: (r) => `该组织还有角色${quotedNames(r, '个')}，请先删除这些角色` },
  { from: 'notice', column: 'owner_org_id', to: 'org', onDelete: 'refuse', refusal: (r) => `该组织还有通知${quotedNames(r, '条')}，请先删除这些通知` },

  // A member: what they did goes with them; an account would silently lose its data scope.
  { from: 'train_sign_up', column: 'member_id', to: 'member', onDelete: 'cascade', effect: counted('条报名记录') },
  { from: 'member_exam', column: 'member_id', to: 'member', onDelete: 'cascade', effect: counted('条考试记录') },
  { from: 'notice_member', column: 'member_id', to: 'member', onDelete: 'cascade', effect: counted('条通知接收记录') },
  { from: 'member_session', column: 'member_id', to: 'member', onDelete: 'cascade' },
  { from: 'course_comment', column: 'member_id', to: 'member', onDelete: 'set null', effect: (n) => `${n} 条课程评论将不再关联该党员` },
  // The SMS log keeps the name and number it was sent to.
  { from: 'sms_message', column: 'member_id', to: 'member', onDelete: 'set null' },
  {
    from: 'admin', column: 'member_id', to: 'member', onDelete: 'refuse',
    refusal: (r) => `该党员已关联管理账号${quotedNames(r, '个')}，请先在账号管理中解除关联后再删除`,
  },

  // Roles and accounts.
  { from: 'role_permission', column: 'role_id', to: 'role', onDelete: 'cascade' },
  {
    from: 'admin', column: 'role_id', to: 'role', onDelete: 'refuse',
    refusal: ({ names, count }) => `该角色正在被账号 ${names.join('、')}${count > names.length ? ` 等 ${count} 个账号` : ''} 使用，请先为这些账号更换角色`,
  },
  { from: 'session', column: 'admin_id', to: 'admin', onDelete: 'cascade' },
  { from: 'idempotency_key', column: 'admin_id', to: 'admin', onDelete: 'cascade' },
  // The log keeps the account's name as text; what an account created stays.
  { from: 'operation_log', column: 'admin_id', to: 'admin', onDelete: 'set null' },
  // 短信设置 keeps who saved it last only while that account exists.
  { from: 'sms_setting', column: 'updated_by', to: 'admin', onDelete: 'set null' },
  ...['upload', 'train', 'exam', 'question_category', 'question', 'paper', 'sms_message'].map(createdBy),

  // A training and everything held under it.
  { from: 'train_sign_up', column: 'train_id', to: 'train', onDelete: 'cascade', effect: counted('条报名记录') },
  { from: 'train_check_in', column: 'train_id', to: 'train', onDelete: 'cascade', effect: counted('条签到记录') },
  { from: 'train_schedule', column: 'train_id', to: 'train', onDelete: 'cascade', effect: counted('条日程安排') },
  { from: 'exam', column: 'train_id', to: 'train', onDelete: 'cascade', effect: counted('场考试或问卷') },
  { from: 'train_member_location', column: 'train_id', to: 'train', onDelete: 'cascade', effect: counted('个座位') },
  { from: 'train_sign_in', column: 'train_id', to: 'train', onDelete: 'cascade' },
  { from: 'train_resource', column: 'train_id', to: 'train', onDelete: 'cascade' },
  { from: 'train_location_picture', column: 'train_id', to: 'train', onDelete: 'cascade' },
  { from: 'train_check_in', column: 'sign_up_id', to: 'train_sign_up', onDelete: 'cascade', effect: counted('条签到记录') },
  { from: 'train_member_location', column: 'sign_up_id', to: 'train_sign_up', onDelete: 'set null', effect: (n) => `${n} 个座位将被空出` },
  { from: 'seat_plan_revision', column: 'train_id', to: 'train', onDelete: 'cascade' },
  // The revision keeps its author's name (changed_by).
  { from: 'seat_plan_revision', column: 'admin_id', to: 'admin', onDelete: 'set null' },
  { from: 'train_check_in', column: 'sign_in_id', to: 'train_sign_in', onDelete: 'cascade', effect: counted('条签到记录') },

  // Exams and their sittings; the SMS log keeps its text.
  { from: 'member_exam', column: 'exam_id', to: 'exam', onDelete: 'cascade', effect: counted('条考试记录') },
  { from: 'sms_message', column: 'exam_id', to: 'exam', onDelete: 'set null' },
  { from: 'exam_attempt', column: 'member_exam_id', to: 'member_exam', onDelete: 'cascade', effect: counted('次作答') },
  { from: 'exam_answer', column: 'attempt_id', to: 'exam_attempt', onDelete: 'cascade' },
  { from: 'survey_answer', column: 'exam_id', to: 'exam', onDelete: 'cascade' },

  // A paper in use stays: members drawing it would get 试卷没有题目.
  ...['paper_id', 'paper2_id', 'paper3_id', 'paper4_id', 'paper5_id'].map(
    (column): Reference => ({ from: 'exam', column, to: 'paper', onDelete: 'refuse', refusal: paperInUse }),
  ),
  { from: 'exam_attempt', column: 'paper_id', to: 'paper', onDelete: 'refuse', refusal: (r) => `该试卷已有 ${r.count} 次作答记录，不能删除` },
  { from: 'paper_question', column: 'paper_id', to: 'paper', onDelete: 'cascade' },
  {
    from: 'question', column: 'category_id', to: 'question_category', onDelete: 'refuse',
    refusal: (r) => `类别「${r.target}」下还有 ${r.count} 道题目，请先删除或移走这些题目`,
  },

  // Content.
  { from: 'carousel', column: 'news_id', to: 'news', onDelete: 'set null', effect: (n) => `${n} 个轮播图将不再链接该新闻` },
  { from: 'sms_message', column: 'home_id', to: 'home', onDelete: 'set null' },
  { from: 'notice_member', column: 'notice_id', to: 'notice', onDelete: 'cascade' },
  { from: 'course', column: 'teacher_id', to: 'teacher', onDelete: 'refuse', refusal: (r) => `该教师正在主讲课程${quotedNames(r, '门')}，请先为课程更换教师` },
  { from: 'course_resource', column: 'course_id', to: 'course', onDelete: 'cascade', effect: counted('个课程资源') },
  { from: 'course_comment', column: 'course_id', to: 'course', onDelete: 'cascade', effect: counted('条评论') },
  { from: 'sms_attempt', column: 'message_id', to: 'sms_message', onDelete: 'cascade' },
]

/**
 * Records that are read-only while something refers to them (issue 27): every write route
 * of the record other than its delete (a route whose `record` is it) is refused by the route
 * mechanism with `refusal` while a row of one of `by` names it, whatever else the request
 * says, and the record's reads say so (the console shows it read-only with that notice).
 * Deletes keep their own rule in `references`. tests/server/references.test.ts is generated
 * from this table as well.
 */
export interface Lock {
  record: RecordTable
  /** The references whose referrers hold the record read-only. */
  by: readonly Reference[]
  refusal: (r: Referrers) => string
}

export const PAPER_COPY_HINT = '如需修改，请复制为新试卷'

export const locks: readonly Lock[] = [
  // A sitting is marked against the paper's copy of its questions; changing a paper in use
  // would change exams already set (and taken) on it. 复制为新试卷 gives an editable one.
  {
    record: 'paper',
    by: references.filter((r) => r.from === 'exam' && r.to === 'paper'),
    refusal: (r) => `该试卷已被考试${quotedNames(r, '场')}使用，不能修改；${PAPER_COPY_HINT}`,
  },
]

/**
 * Id columns that are deliberately no reference, with the reason. The schema test
 * allows exactly these without a foreign key.
 */
export const unreferencedColumns: Readonly<Record<string, string>> = {
  'operation_log.record_id': 'the log keeps the ids of deleted records on purpose',
  'paper_question.question_id': 'a paper keeps a copy of its questions; deleting the question keeps the copy',
  'paper_question.category_id': 'part of that copy (with category_name)',
  'exam_answer.question_id': 'a sitting keeps a copy of each question as it was shown',
  'survey_answer.question_id': 'an anonymous answer keeps a copy of its question, as exam_answer does',
  'role_permission.permission_id': 'permissions are constants of src-shared/permissions.ts, not rows',
  'ledger_member_year.member_id': 'a figure kept by the ledger triggers (migration 0014), which remove it with the member',
  'ledger_org.org_id': 'a figure kept by the ledger triggers (migration 0014)',
  'ledger_org_year.org_id': 'a figure kept by the ledger triggers (migration 0014)',
  'ledger_org.first_member_id': 'the bounds of a span of member ids kept by the ledger triggers (migration 0015), not a link to one member',
  'ledger_org.last_member_id': 'the bounds of a span of member ids kept by the ledger triggers (migration 0015), not a link to one member',
}
