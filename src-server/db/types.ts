import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely'
import type { SeatingTables } from './seating-tables'
import type { ExamTables } from './exam-tables'
import type { QuestionTables } from './question-tables'
import type { ContentTables } from './content-tables'
import type { TrainingTables } from './training-tables'
import type { LedgerTables } from './ledger-tables'

/**
 * The typed schema. Property names are camelCase (the spec's field names); the
 * CamelCasePlugin maps them to the snake_case columns the migrations create.
 * Flags are integers 0/1 and times are `yyyy-MM-dd HH:mm:ss` text on both dialects;
 * expiries and windows are epoch milliseconds (int8 on PostgreSQL, read back as numbers).
 */

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

export interface OrgTable {
  id: Generated<number>
  orgCode: string
  name: string
  shortName: string | null
  parentId: number | null
  /** Ids from the root down to this organisation, e.g. `/1/7/23/`: a subtree is a prefix. */
  path: string
  /** The organisation directly under the root that this one belongs to (itself for top organisations). */
  topOrgId: number | null
  /** 党委 / 党总支 / 党支部 */
  orgType: string | null
  areaName: string | null
  secretary: string | null
  hasCommittee: Defaulted<number>
  committeeCreate: string | null
  contacter: string | null
  contactPhone: string | null
  postAddress: string | null
  /** 1–99999; 99999 means "no order" (spec 000 §9). */
  sortNumber: Defaulted<number>
  /** Direct children, kept by triggers (migration 0005): the code only reads it. */
  childrenCount: ColumnType<number, never, never>
  createdAt: string
  updatedAt: string
}

export interface MemberTable {
  id: Generated<number>
  name: string
  /** 1 male, 0 female. */
  gender: number | null
  telephone: string
  idcard: string | null
  nation: string | null
  avatarUrl: string | null
  orgId: number
  /** The `path` of the member's organisation, kept in step with it: a subtree filter is a prefix. */
  orgPath: string
  topOrgId: number | null
  department: string | null
  jobs: string | null
  partyJobs: string | null
  /** `yyyy-MM` */
  tenureTime: string | null
  sameTenureYear: number | null
  pwdHash: string | null
  enabled: Defaulted<number>
  createdAt: string
  updatedAt: string
}

export interface RoleTable {
  id: Generated<number>
  title: string
  remark: string | null
  /** Top organisation whose tree the role belongs to; null: province-wide (issue 16). */
  ownerOrgId: Defaulted<number | null>
  createdAt: string
  updatedAt: string
}

export interface RolePermissionTable {
  roleId: number
  permissionId: number
}

export interface AdminTable {
  id: Generated<number>
  name: string
  passwordHash: string
  roleId: number | null
  memberId: number | null
  failedCount: Defaulted<number>
  /** Epoch ms; null when not locked. */
  lockedUntil: number | null
  /** 1 when another administrator set the password: the account must change it before anything else. */
  mustRenew: Defaulted<number>
  createdAt: string
  updatedAt: string
}

export interface SessionTable {
  /** sha256 (hex) of the token: a database leak gives no usable token. */
  tokenHash: string
  adminId: number
  expiresAt: number
  createdAt: string
}

export interface CaptchaTable {
  id: string
  answerHash: string
  expiresAt: number
}

export interface LoginFailureTable {
  id: Generated<number>
  ip: string
  username: string
  /** Epoch ms of the failed attempt. */
  at: number
}

/** @fastify/rate-limit's counters (http/rate-limit.ts). */
export interface RateLimitTable {
  key: string
  hits: number
  /** Epoch ms the window ends. */
  resetAt: number
}

export interface UploadTable {
  id: Generated<number>
  /** Relative to the upload folder, e.g. `2026/11/<32 hex>.png`. */
  path: string
  originalName: string
  size: number
  mime: string
  createdBy: number | null
  createdAt: string
}

export interface OperationLogTable {
  id: Generated<number>
  adminId: number | null
  adminName: string | null
  /** Route name of the table in src-shared/api.ts, e.g. `admin.update`. */
  route: string
  /** The route name's domain (`admin`), the log's module filter. */
  module: string
  recordTable: string | null
  recordId: number | null
  /** JSON of the record before / after the call, secrets redacted. */
  before: string | null
  after: string | null
  ok: number
  message: string | null
  ip: string
  createdAt: string
}

/** The ledger's yearly targets (migration 0010): one row, id 1. */
export interface HourTargetTable {
  /** Always 1 (Generated only so the operation log can track the row like any other). */
  id: Generated<number>
  memberHours: number
  cadreHours: number
  updatedAt: string
}

export interface Database extends TrainingTables, SeatingTables, QuestionTables, ExamTables, ContentTables, LedgerTables {
  hourTarget: HourTargetTable

  org: OrgTable
  member: MemberTable
  role: RoleTable
  rolePermission: RolePermissionTable
  admin: AdminTable
  session: SessionTable
  captcha: CaptchaTable
  loginFailure: LoginFailureTable
  upload: UploadTable
  rateLimit: RateLimitTable
  operationLog: OperationLogTable
}

export type Db = Kysely<Database>

export type Org = Selectable<OrgTable>
export type NewOrg = Insertable<OrgTable>
export type Member = Selectable<MemberTable>
export type NewMember = Insertable<MemberTable>
