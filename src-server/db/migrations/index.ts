import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'
import * as foundation from './0001_foundation'
import * as orgMember from './0002_org_member'
import * as accountsLog from './0003_accounts_log'
import * as training from './0004_training'
import * as orgChildrenCount from './0005_org_children_count'
import * as hardening from './0006_hardening'
import * as content from './0008_content'
import * as seating from './0009_seating'
import * as statistics from './0010_statistics'
import * as questions from './0011_questions'
import * as exams from './0012_exams'
import * as idempotencyPerAccount from './0013_idempotency_per_account'
import * as ledgerFigures from './0014_ledger_figures'
import * as ledgerMemberSpan from './0015_ledger_member_span'
import * as declaredReferences from './0016_declared_references'
import * as keptCounts from './0017_kept_counts'
import * as smsSetting from './0018_sms_setting'
import * as noticeOwner from './0019_notice_owner'
import * as examLifecycle from './0022_exam_lifecycle'
import * as passwordChange from './0023_password_change'
import * as checkInSource from './0024_check_in_source'
import * as seatPlanRevisions from './0025_seat_plan_revisions'
import * as survey from './0026_survey'
import * as trainRejectReason from './0029_train_reject_reason'
import * as examTypesettingClassType from './0030_exam_typesetting_class_type'
import * as sortableColumns from './0031_sortable_columns'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AppMigration = { up(db: Kysely<any>, dialect: SchemaDialect): Promise<void> }

/**
 * Every migration, by name. Names sort in the order they run; a new migration is a
 * new numbered file added here, never an edit of one that has shipped.
 */
export const migrations: Record<string, AppMigration> = {
  '0001_foundation': foundation,
  '0002_org_member': orgMember,
  '0003_accounts_log': accountsLog,
  '0004_training': training,
  '0005_org_children_count': orgChildrenCount,
  '0006_hardening': hardening,
  '0008_content': content,
  '0009_seating': seating,
  '0010_statistics': statistics,
  '0011_questions': questions,
  '0012_exams': exams,
  '0013_idempotency_per_account': idempotencyPerAccount,
  '0014_ledger_figures': ledgerFigures,
  '0015_ledger_member_span': ledgerMemberSpan,
  '0016_declared_references': declaredReferences,
  '0017_kept_counts': keptCounts,
  '0018_sms_setting': smsSetting,
  '0019_notice_owner': noticeOwner,
  '0022_exam_lifecycle': examLifecycle,
  '0023_password_change': passwordChange,
  '0024_check_in_source': checkInSource,
  '0025_seat_plan_revisions': seatPlanRevisions,
  '0026_survey': survey,
  '0029_train_reject_reason': trainRejectReason,
  '0030_exam_typesetting_class_type': examTypesettingClassType,
  '0031_sortable_columns': sortableColumns,
}
