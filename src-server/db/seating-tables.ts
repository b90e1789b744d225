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

export interface SeatingTables {
  trainMemberLocation: TrainMemberLocationTable
  trainLocationPicture: TrainLocationPictureTable
  idempotencyKey: IdempotencyKeyTable
}
