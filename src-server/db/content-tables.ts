import type { ColumnType, Generated } from 'kysely'

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

interface Stamped {
  id: Generated<number>
  createTime: string
  updatedAt: string
}

/** Tables of migration 0008_content (see db/types.ts for the conventions). */
export interface NewsTable extends Stamped {
  title: string
  comeFrom: string
  entryTime: string
  imagePath: string | null
  content: string
  status: number
}
export interface HomeTable extends Stamped {
  name: string
  status: number
}
export interface CarouselTable extends Stamped {
  imagePath: string
  newsId: number | null
  status: number
}
export interface NoticeTable extends Stamped {
  name: string
  content: string
  status: number
  /** The organisation whose tree the notice belongs to (src-server/scope/kinds.ts). */
  ownerOrgId: number
}
/** The members a notice is addressed to. */
export interface NoticeMemberTable {
  noticeId: number
  memberId: number
}
export interface TeacherTable extends Stamped {
  name: string
  avatarUrl: string
  content: string
}
export interface CourseTable extends Stamped {
  name: string
  teacherId: number
  content: string
  status: number
  imagePath: string | null
  videoPath: string | null
}
export interface CourseResourceTable extends Stamped {
  courseId: number
  name: string
  sortOrder: number
  type: number
  resourcePath: string
}
export interface CourseCommentTable extends Stamped {
  courseId: number
  memberId: number | null
  content: string
  grade: number
  status: Defaulted<number>
}
export interface SmsMessageTable extends Stamped {
  memberId: number | null
  name: string
  telephone: string
  title: string
  content: string
  homeId: number | null
  examId: number | null
  state: string
  attempts: Defaulted<number>
  /** Epoch ms before which a retry waits. */
  nextAttemptAt: number
  lastError: string | null
  sentTime: string | null
  createdBy: number | null
  /** The provider's id of an accepted message (migration 0018): its text, not a reference to our rows. */
  providerReceipt: ColumnType<string | null, string | null | undefined, string | null>
}
export interface SmsAttemptTable {
  id: Generated<number>
  messageId: number
  at: string
  ok: number
  error: string | null
}

/** The SMS provider configured in the console (migration 0018): one row, id 1. */
export interface SmsSettingTable {
  /** Always 1 (Generated only so the operation log can track the row like any other). */
  id: Generated<number>
  provider: string
  signName: string | null
  templateCode: string | null
  gatewayUrl: string | null
  /** The keys as one sealed text (settings-secret.ts), null before any is saved. */
  secrets: string | null
  updatedBy: number | null
  updatedAt: string
}

export interface ContentTables {
  news: NewsTable
  home: HomeTable
  carousel: CarouselTable
  notice: NoticeTable
  noticeMember: NoticeMemberTable
  teacher: TeacherTable
  course: CourseTable
  courseResource: CourseResourceTable
  courseComment: CourseCommentTable
  smsMessage: SmsMessageTable
  smsAttempt: SmsAttemptTable
  smsSetting: SmsSettingTable
}
