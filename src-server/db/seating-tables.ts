import type { Generated } from 'kysely'

/** Tables of migration 0009_seating (see db/types.ts for the conventions). */
export interface TrainMemberLocationTable {
  id: Generated<number>
  trainId: number
  rowNumber: number
  columnNumber: number
  groupNumber: number | null
  /** The sign-up seated here; null for an empty seat. */
  signUpId: number | null
}

export interface TrainLocationPictureTable {
  id: Generated<number>
  trainId: number
  imagePath: string
  createdAt: string
}

export interface IdempotencyKeyTable {
  key: string
  route: string
  adminId: number
  /** JSON of the first answer. */
  result: string
  createdAt: string
}

/** Tables of migration 0025_seat_plan_revisions: each revision of a training's seat plan. */
export interface SeatPlanRevisionTable {
  id: Generated<number>
  trainId: number
  revision: number
  /** Null once the account is deleted; `changedBy` keeps its name. */
  adminId: number | null
  changedBy: string
  changedAt: string
  rowNumber: number
  columnNumber: number
  /** JSON of the seats with the names as they were (RevisionSeat[]). */
  seats: string
}

export interface SeatingTables {
  seatPlanRevision: SeatPlanRevisionTable
  trainMemberLocation: TrainMemberLocationTable
  trainLocationPicture: TrainLocationPictureTable
  idempotencyKey: IdempotencyKeyTable
}
