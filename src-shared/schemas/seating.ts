import { z } from 'zod'
import { idParam, numberLike } from './common'
import { StoredPathSchema } from './files'
import { ImportCheckSchema } from './imports'

/**
 * Venue seating of a training (spec 000 §2 Seat arrangement, §3 Seat, §4 Seats, §5 seat
 * rules, §7 Seating). A plan is the grid (rows × columns), the mode (useSeat), the PDF
 * and the seats; it carries a `revision` the server raises on every change, so a plan
 * edited offline can say which version it was based on (ARCHITECTURE.md rule 7).
 */

/** Largest grid a plan may have: a 25 × 40 hall fits with room to spare. */
export const MAX_SEAT_ROWS = 60
export const MAX_SEAT_COLUMNS = 60
export const DEFAULT_SEAT_ROWS = 4
export const DEFAULT_SEAT_COLUMNS = 5

/** useSeat: 0 system arrangement, 1 seat pictures, 2 a seat-chart PDF. */
export const seatModes = [0, 1, 2] as const
export type SeatMode = (typeof seatModes)[number]
export const seatModeLabels: Record<SeatMode, string> = { 0: '系统编排', 1: '图片编排', 2: 'PDF编排' }

const positiveId = (message: string) => numberLike(z.number().int(message).positive(message), message)

function gridSize(label: string, max: number) {
  const message = `${label}必须是不小于1的整数`
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: `请输入${label}` })
    .pipe(z.number().int(message).min(1, message).max(max, `${label}不能大于${max}`))
}
export const seatRows = gridSize('行数', MAX_SEAT_ROWS)
export const seatColumns = gridSize('列数', MAX_SEAT_COLUMNS)

const seatMode = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '编排方式无效' })

export const TrainIdOnlySchema = z.object({ trainId: positiveId('请选择培训班') })

/** One seat as stored: a position, its column group and the person on it (or none). */
export const SeatSchema = z.object({
  rowNumber: z.number().int(),
  columnNumber: z.number().int(),
  groupNumber: z.number().int().nullable(),
  /** The sign-up seated here. */
  trainSignUpMemberId: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
  name: z.string().nullable(),
})
export type Seat = z.infer<typeof SeatSchema>

/** A stored seat with its id (the single-location calls address it). */
export const LocationSchema = SeatSchema.extend({ id: z.number().int(), trainId: z.number().int() })
export type Location = z.infer<typeof LocationSchema>

/** A signed-up person who can be seated. */
export const SeatPersonSchema = z.object({
  trainSignUpMemberId: z.number().int(),
  memberId: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  telephone: z.string(),
})
export type SeatPerson = z.infer<typeof SeatPersonSchema>

/** Seat info by training (spec 000 §7): grid, mode, PDF, and the plan's revision. */
export const SeatInfoSchema = z.object({
  trainId: z.number().int(),
  rowNumber: z.number().int(),
  columnNumber: z.number().int(),
  useSeat: z.number().int(),
  pdfUrl: z.string().nullable(),
  isField: z.number().int(),
  revision: z.number().int(),
})
export type SeatInfo = z.infer<typeof SeatInfoSchema>

/** Everything the seat screen shows in one read: info, seats and every sign-up. */
export const SeatPlanSchema = SeatInfoSchema.extend({
  trainName: z.string(),
  seats: z.array(SeatSchema),
  people: z.array(SeatPersonSchema),
})
export type SeatPlan = z.infer<typeof SeatPlanSchema>

const GROUP_MESSAGE = '分组须为 1–999 的整数'
const groupNumber = z.number({ error: GROUP_MESSAGE }).int(GROUP_MESSAGE).min(1, GROUP_MESSAGE).max(999, GROUP_MESSAGE)

export const SeatInputSchema = z.object({
  rowNumber: z.number().int().min(1),
  columnNumber: z.number().int().min(1),
  groupNumber: groupNumber.nullish().transform((v) => v ?? null),
  trainSignUpMemberId: z.number({ error: '请选择人员' }).int('请选择人员').positive('请选择人员').nullish().transform((v) => v ?? null),
})
export type SeatInput = z.input<typeof SeatInputSchema>

/** Client-made key of one save: a replay of the same key answers the first result. */
export const idempotencyKey = z.string({ error: '幂等键无效' }).trim().regex(/^[\w-]{8,64}$/, '幂等键无效')

/**
 * Save seat location (spec 000 §7): the whole plan. `baseRevision` is the revision the
 * edit started from; a stale one is answered with a conflict and the server's plan.
 */
export const SeatPlanSaveBodySchema = z
  .object({
    trainId: positiveId('请选择培训班'),
    rowNumber: seatRows,
    columnNumber: seatColumns,
    useSeat: seatMode.optional(),
    trainMemberLocations: z.array(SeatInputSchema, { error: '座位表无效' }).max(MAX_SEAT_ROWS * MAX_SEAT_COLUMNS, '座位过多'),
    idempotencyKey: idempotencyKey.optional(),
    baseRevision: z.number({ error: '座位表版本无效' }).int('座位表版本无效').min(0, '座位表版本无效').optional(),
  })
  .superRefine((plan, ctx) => {
    const positions = new Set<string>()
    const people = new Set<number>()
    plan.trainMemberLocations.forEach((seat, i) => {
      const at = `第${seat.rowNumber}排第${seat.columnNumber}列`
      if (seat.rowNumber > plan.rowNumber || seat.columnNumber > plan.columnNumber) {
        ctx.addIssue({ code: 'custom', path: ['trainMemberLocations', i], message: `${at}不在座位表内` })
      }
      const key = `${seat.rowNumber}:${seat.columnNumber}`
      if (positions.has(key)) ctx.addIssue({ code: 'custom', path: ['trainMemberLocations', i], message: `${at}重复` })
      positions.add(key)
      if (seat.trainSignUpMemberId !== null && seat.trainSignUpMemberId !== undefined) {
        if (people.has(seat.trainSignUpMemberId)) ctx.addIssue({ code: 'custom', path: ['trainMemberLocations', i], message: '同一人员不能占用两个座位' })
        people.add(seat.trainSignUpMemberId)
      }
    })
  })
export type SeatPlanSaveBody = z.input<typeof SeatPlanSaveBodySchema>

/**
 * What a save answers: `saved` with the plan's new revision (the caller holds the plan it
 * sent, or the merged plan it stored), or `conflict` with the server's plan, unchanged,
 * and what the three-way merge needs (issue 26): a stale save is merged against the plan
 * of its base revision by the server itself, and answered with a conflict only when a
 * seat was changed on both sides or a person of it is no longer signed up.
 * A replay of a saved key answers the same `saved` again; a conflict stores nothing.
 */
export const SeatSaveResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('saved'),
    revision: z.number().int(),
    /** Present when the server merged a stale save with changes made meanwhile: the plan it stored. */
    plan: SeatPlanSchema.optional(),
  }),
  z.object({
    outcome: z.literal('conflict'),
    plan: SeatPlanSchema,
    /** The plan of the revision the save started from (null when the server no longer knows it): the merge's base. */
    base: z
      .object({ rowNumber: z.number().int(), columnNumber: z.number().int(), seats: z.array(SeatSchema.pick({ rowNumber: true, columnNumber: true, groupNumber: true, trainSignUpMemberId: true })) })
      .nullable(),
    /** The revisions made since that one: who, when, which seats (`[row, column]`), and whether by the saving account itself. */
    changes: z.array(
      z.object({
        revision: z.number().int(),
        changedBy: z.string(),
        changedAt: z.string(),
        byMe: z.boolean(),
        seats: z.array(z.tuple([z.number().int(), z.number().int()])),
        grid: z.boolean(),
      }),
    ),
    /** People of the save (or of its base) whose sign-up is gone, with their names as they were. */
    departed: z.array(z.object({ trainSignUpMemberId: z.number().int(), name: z.string() })),
  }),
])
export type SeatConflict = Extract<SeatSaveResult, { outcome: 'conflict' }>
export type SeatSaveResult = z.infer<typeof SeatSaveResultSchema>

/** `POST /api/train/member/location`: seat one person. */
export const LocationCreateBodySchema = z.object({
  trainId: positiveId('请选择培训班'),
  rowNumber: seatRows,
  columnNumber: seatColumns,
  groupNumber: groupNumber.nullish(),
  trainSignUpMemberId: positiveId('请单击表格中用户进行选择'),
})

/** `PATCH /api/train/member/location`: move a seat, change its group or its person. */
export const LocationUpdateBodySchema = idParam.extend({
  rowNumber: seatRows.optional(),
  columnNumber: seatColumns.optional(),
  groupNumber: groupNumber.nullish(),
  trainSignUpMemberId: positiveId('请单击表格中用户进行选择').nullish(),
})

/** Training update of the seating settings (useSeat, pdfUrl, isField). */
export const SeatSettingBodySchema = idParam.extend({
  useSeat: seatMode.optional(),
  /** A stored upload (kind pdf), or null to clear it. */
  pdfUrl: StoredPathSchema.shape.path.nullish(),
  isField: z.union([z.literal(0), z.literal(1)], { error: '请选择是否为现场培训' }).optional(),
})

export const SeatPictureSchema = z.object({ id: z.number().int(), imagePath: z.string(), trainId: z.number().int() })
export type SeatPicture = z.infer<typeof SeatPictureSchema>

export const SeatPictureCreateBodySchema = z.object({
  imagePath: z.string({ error: '请上传座位图' }).trim().min(1, '请上传座位图').pipe(StoredPathSchema.shape.path),
  trainId: positiveId('请选择培训班'),
})

/**
 * The seat list (导出名单 / 导入名单): one row per sign-up, the seated in seat order first,
 * then the unseated with 排 and 列 left blank. An import reads the same columns by name.
 */
export const SEAT_LIST_HEADER = ['报名编号', '姓名', '单位', '手机号', '排', '列', '分组'] as const

/**
 * `POST /api/train/member/location/import`: where the people of an uploaded seat list
 * sit on the grid being edited (its size is the screen's, saved or not). Nothing is saved.
 */
export const SeatListImportBodySchema = z.object({
  trainId: positiveId('请选择培训班'),
  path: z.string({ error: '请先上传名单文件' }).trim().min(1, '请先上传名单文件').pipe(StoredPathSchema.shape.path),
  rowNumber: seatRows,
  columnNumber: seatColumns,
})

/**
 * The list's dry run, as every import answers it (its rows, the bad ones with their
 * problems), and the arrangement of its good rows: the seats they give (by 排 and 列; in
 * row order when the list gives no positions at all), the group each column gets from
 * them (null: the list names none), and the answer to show as it is.
 */
export const SeatListImportSchema = ImportCheckSchema.extend({
  seats: z.array(z.object({ rowNumber: z.number().int(), columnNumber: z.number().int(), trainSignUpMemberId: z.number().int() })),
  groups: z.array(z.number().int().nullable()),
  seated: z.number().int(),
  unseated: z.number().int(),
  message: z.string(),
})
export type SeatListImport = z.infer<typeof SeatListImportSchema>
