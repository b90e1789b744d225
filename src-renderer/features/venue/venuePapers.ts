import type { CertificateTemplate, DocumentOf, VenuePerson } from '../../../src-shared/schemas/documents'
import type { SeatPlan } from '../../../src-shared/schemas/seating'
import type { TrainDetail } from '../../../src-shared/schemas/training'

export type VenuePaper = 'seatChart' | 'signInSheet' | 'nameTents' | 'seatLabels' | 'certificates'
export type SheetOrder = 'seat' | 'name'

export const venuePaperLabels: Record<VenuePaper, string> = {
  seatChart: '座位表',
  signInSheet: '签到表',
  nameTents: '桌签',
  seatLabels: '座位标签',
  certificates: '结业证书',
}

/** Sorting by name the way a Chinese reader expects (pinyin order). */
const byName = new Intl.Collator('zh-CN').compare

/** Everyone signed up, seated ones first in seat order (row, then column), then the unseated by name. */
export function peopleInSeatOrder(plan: Pick<SeatPlan, 'seats' | 'people'>): VenuePerson[] {
  const seatOf = new Map<number, { row: number; column: number }>()
  for (const s of plan.seats) if (s.trainSignUpMemberId !== null) seatOf.set(s.trainSignUpMemberId, { row: s.rowNumber, column: s.columnNumber })
  return [...plan.people]
    .sort((a, b) => {
      const [sa, sb] = [seatOf.get(a.trainSignUpMemberId), seatOf.get(b.trainSignUpMemberId)]
      if (sa && sb) return sa.row - sb.row || sa.column - sb.column
      if (sa || sb) return sa ? -1 : 1
      return byName(a.name, b.name)
    })
    .map((p) => {
      const seat = seatOf.get(p.trainSignUpMemberId)
      return { name: p.name, unit: p.company ?? '', seat: seat ? `${seat.row}排${seat.column}列` : '' }
    })
}

export function signInSheet(plan: SeatPlan, order: SheetOrder): DocumentOf<'signInSheet'> {
  const seated = peopleInSeatOrder(plan)
  const people = order === 'seat' ? seated : [...seated].sort((a, b) => byName(a.name, b.name))
  return {
    kind: 'signInSheet',
    fileName: `${plan.trainName}签到表`,
    trainName: plan.trainName,
    subtitle: `${order === 'seat' ? '按座位排序' : '按姓名排序'} · 共 ${people.length} 人`,
    people,
  }
}

export function nameTents(plan: SeatPlan): DocumentOf<'nameTents'> {
  return { kind: 'nameTents', fileName: `${plan.trainName}桌签`, people: peopleInSeatOrder(plan) }
}

export function seatLabels(plan: SeatPlan): DocumentOf<'seatLabels'> {
  const labels = plan.seats
    .filter((s) => s.trainSignUpMemberId !== null)
    .sort((a, b) => a.rowNumber - b.rowNumber || a.columnNumber - b.columnNumber)
    .map((s) => ({ row: s.rowNumber, column: s.columnNumber, name: plan.people.find((p) => p.trainSignUpMemberId === s.trainSignUpMemberId)?.name ?? s.name ?? '' }))
  return { kind: 'seatLabels', fileName: `${plan.trainName}座位标签`, trainName: plan.trainName, labels }
}

/** One checked-in sign-up (several check-ins of one person count once). */
export interface CheckedIn {
  signUpId: number
  name: string
  orgName: string | null
}

/**
 * A certificate number that stays the same on every reprint: the year the training
 * ended, the training and the sign-up, e.g. JY2026-0007-00042.
 */
export const certificateNumber = (train: Pick<TrainDetail, 'id' | 'trainEndTime'>, signUpId: number) =>
  `JY${train.trainEndTime.slice(0, 4)}-${String(train.id).padStart(4, '0')}-${String(signUpId).padStart(5, '0')}`

export function certificates(train: TrainDetail, checkedIn: readonly CheckedIn[], template: CertificateTemplate): DocumentOf<'certificates'> {
  const once = new Map<number, CheckedIn>()
  for (const c of checkedIn) if (!once.has(c.signUpId)) once.set(c.signUpId, c)
  const people = [...once.values()]
    .sort((a, b) => byName(a.name, b.name))
    .map((c) => ({ name: c.name, unit: c.orgName ?? '', number: certificateNumber(train, c.signUpId) }))
  return {
    kind: 'certificates',
    fileName: `${train.name}结业证书`,
    template,
    trainName: train.name,
    hostUnit: train.depName,
    hours: train.classHour,
    period: `${train.trainStartTime.slice(0, 10)} 至 ${train.trainEndTime.slice(0, 10)}`,
    issueDate: train.trainEndTime.slice(0, 10),
    people,
  }
}
