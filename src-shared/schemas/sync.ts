import { z } from 'zod'
import { SeatPlanSchema, SeatSaveResultSchema } from './seating'

const ConflictAnswerSchema = SeatSaveResultSchema.options[1]

/**
 * The desktop core's offline state and outbox (ARCHITECTURE.md rule 7), as the renderer
 * sees it: always visible as 离线 / 待同步 n 项 / 同步中 / 有冲突 / 已同步于 ….
 */
export const SyncStatusSchema = z.object({
  /** False when the last call could not reach the server. */
  online: z.boolean(),
  /** When the cached data was last read from the server (`yyyy-MM-dd HH:mm`), null without a cache. */
  dataAsOf: z.string().nullable(),
  /** Seat saves waiting in the outbox. */
  pending: z.number().int(),
  /** Seat saves the server answered with a conflict, waiting for the user. */
  conflicts: z.number().int(),
  /** Queued writes the server refused for good (a check-in of a sign-up cancelled meanwhile, a save of a deleted training), listed until dismissed. */
  refused: z.number().int(),
  syncing: z.boolean(),
  /** When the outbox was last emptied into the server (`yyyy-MM-dd HH:mm`). */
  lastSyncAt: z.string().nullable(),
})
export type SyncStatus = z.infer<typeof SyncStatusSchema>

/** A queued seat save the server refused as stale: both versions, for the user to decide. */
export const SyncConflictSchema = z.object({
  seq: z.number().int(),
  trainId: z.number().int(),
  /** The local version: the plan as the user saved it offline. */
  mine: z.object({
    rowNumber: z.number().int(),
    columnNumber: z.number().int(),
    seats: SeatPlanSchema.shape.seats,
  }),
  /** The server's version when the save was refused. */
  server: SeatPlanSchema,
  /** The plan the local version started from, the changes made since and people no longer signed up (src-shared/seat-merge.ts merges with them). */
  base: ConflictAnswerSchema.shape.base,
  changes: ConflictAnswerSchema.shape.changes,
  departed: ConflictAnswerSchema.shape.departed,
  /** Why, when the server refused for another reason than a stale revision. */
  message: z.string().nullable(),
})
export type SyncConflict = z.infer<typeof SyncConflictSchema>

export const SyncResolveSchema = z.object({
  seq: z.number().int().positive(),
  /** `mine`: send the local version merged with the server's (mine where both changed a seat) on top of it; `server`: keep the server's, drop the local one. */
  choice: z.enum(['mine', 'server']),
})

/** Which outbox a queued write was in: the door desk's check-ins or the seat saves. */
const QueuedKindSchema = z.enum(['checkIn', 'seatSave'])

/** A queued write the server refused for good: what it was, and the server's reason (sync.refused). */
export const RefusedWriteSchema = z.object({
  kind: QueuedKindSchema,
  /** Its number in its outbox: with `kind`, what sync.dismiss names. */
  seq: z.number().int(),
  trainId: z.number().int(),
  /** The training's name as last read on this console, null when it never was. */
  trainName: z.string().nullable(),
  /** The person a check-in was for (null for a seat save). */
  person: z.string().nullable(),
  /** When the clerk did it on this console (`yyyy-MM-dd HH:mm`). */
  madeAt: z.string(),
  /** The server's answer, in its words. */
  message: z.string(),
})
export type RefusedWrite = z.infer<typeof RefusedWriteSchema>

/** The clerk has read a refusal: it leaves the list (nothing is sent). */
export const SyncDismissSchema = z.object({ kind: QueuedKindSchema, seq: z.number().int().positive() })

export const PrepareOfflineSchema = z.object({
  trainId: z.number().int().positive(),
  taskId: z.string().max(100).optional(),
})
export const PrepareOfflineResultSchema = z.object({ items: z.number().int(), files: z.number().int() })
