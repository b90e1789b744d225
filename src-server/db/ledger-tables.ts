import type { ColumnType } from 'kysely'

/** Kept by the triggers of migration 0014_ledger_figures: the code only reads them. */
type Kept<T> = ColumnType<T, never, never>

/** A member's hours of a year: trainings starting that year at which the member checked in. */
export interface LedgerMemberYearTable {
  memberId: Kept<number>
  year: Kept<number>
  hours: Kept<number>
}

/**
 * The enabled members of an organisation's whole subtree, and a span of ids holding
 * all of theirs (migration 0015: it only widens; null before the first member).
 */
export interface LedgerOrgTable {
  orgId: Kept<number>
  members: Kept<number>
  firstMemberId: Kept<number | null>
  lastMemberId: Kept<number | null>
}

/** Per year, the hours of an organisation's subtree's enabled members and how many reached their target. */
export interface LedgerOrgYearTable {
  orgId: Kept<number>
  year: Kept<number>
  hours: Kept<number>
  reached: Kept<number>
}

export interface LedgerTables {
  ledgerMemberYear: LedgerMemberYearTable
  ledgerOrg: LedgerOrgTable
  ledgerOrgYear: LedgerOrgYearTable
}
