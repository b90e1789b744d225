import { z } from 'zod'

/**
 * The door check-in desk (签到台) as the renderer sees it: the core looks people up in
 * the roster 准备离线 cached and checks them in online or through its outbox.
 */
export const DoorSearchSchema = z.object({
  trainId: z.number().int().positive(),
  /** What was typed or scanned: a name, phone digits, pinyin initials or a sign-up code (报名编号). */
  text: z.string().max(50, '最多 50 个字'),
})

export const DoorPersonSchema = z.object({
  signUpId: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  orgName: z.string().nullable(),
  company: z.string().nullable(),
  /** The earliest check-in known here (the server's, or this console's own not yet synced). */
  checkInTime: z.string().nullable(),
  /** Checked in on this console and waiting to be synced. */
  queued: z.boolean(),
})
export type DoorPerson = z.infer<typeof DoorPersonSchema>

export const DoorSearchResultSchema = z.object({
  people: z.array(DoorPersonSchema),
  /** How many match in all (the list shows the first ones), or, with `more`, how many were counted before the look-up stopped. */
  total: z.number().int(),
  /** More than `total` match: a look-up stops counting at 1,000 (the clerk types more long before). */
  more: z.boolean(),
  /** The roster this console holds for the training, or false when it was never prepared (then online look-ups go to the server). */
  cached: z.boolean(),
})
export type DoorSearchResult = z.infer<typeof DoorSearchResultSchema>

export const DoorCheckInSchema = z.object({
  trainId: z.number().int().positive(),
  signUpId: z.number().int().positive(),
})

export const DoorCheckInOutcomeSchema = z.object({
  signUpId: z.number().int(),
  name: z.string(),
  checkInTime: z.string(),
  /** Checked in before: 已签到 with that (earliest) time. */
  already: z.boolean(),
  /** Kept in this console's outbox until the server answers again. */
  queued: z.boolean(),
})
export type DoorCheckInOutcome = z.infer<typeof DoorCheckInOutcomeSchema>
