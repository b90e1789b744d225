import type { ColumnType, Generated } from 'kysely'

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

/** Tables of migration 0004_training (see db/types.ts for the conventions). */
export interface TrainTable {
  id: Generated<number>
  name: string
  /** Hosting organisation; the root stands for the host "其他". */
  orgId: number
  depName: string
  isTrainCenter: Defaulted<number>
  sendObject: string
  classType: number
  classTypeName: string | null
  /** Date of the review document. */
  createTime: string
  description: string
  content: string
  requirement: string
  trainStartTime: string
  trainEndTime: string
  classHour: number
  site: string
  address: string
  participants: string
  signUpMarks: string | null
  signUpStartTime: string
  signUpEndTime: string
  /** 0 means no limit. */
  maxNum: number
  /** Sign-up count, kept by triggers on train_sign_up (migration 0017): the code only reads it. */
  allNum: ColumnType<number, never, never>
  name1: string
  telephone1: string
  name2: string | null
  telephone2: string | null
  name3: string | null
  telephone3: string | null
  /** Stored status only: 0, 10, 30 or -1. */
  status: number
  /** Why the training was rejected (驳回, migration 0029); null unless status is -1. */
  rejectReason: string | null
  tokenValue: string
  /** HMAC key of the rotating check-in code. */
  checkInSecret: string
  wordPath: string | null
  resourceUrl: string | null
  weChatCodes: string | null
  signUpOptions: string
  signUpTips: string | null
  signUpTips2: string | null
  signUpTips3: string | null
  useSeat: Defaulted<number>
  pdfUrl: string | null
  isField: Defaulted<number>
  rowNumber: number | null
  columnNumber: number | null
  /** Revision of the seat plan (migration 0009_seating). */
  seatRevision: Defaulted<number>
  createdBy: number | null
  createdAt: string
  updatedAt: string
}

export interface TrainSignInTable {
  id: Generated<number>
  trainId: number
  signInStartTime: string
  signInEndTime: string
}

export interface TrainResourceTable {
  id: Generated<number>
  trainId: number
  resourceName: string
  resourceUrl: string
  sortOrder: number
}

export interface TrainScheduleTable {
  id: Generated<number>
  trainId: number
  startTime: string
  endTime: string
  content: string
}

export interface TrainSignUpTable {
  id: Generated<number>
  trainId: number
  memberId: number
  name: string
  telephone: string
  gender: number | null
  nation: string | null
  orgId: number
  company: string | null
  department: string | null
  jobs: string | null
  partyJobs: string | null
  tenureTime: string | null
  sameTenureYear: number | null
  cardsNumber: string | null
  arrivalType: string | null
  arrivalTime: string | null
  needFocusDriver: number | null
  needRoom: number | null
  traffic: string | null
  needReception: number | null
  needSeeOff: number | null
  needLeave: number | null
  withCar: number | null
  needDriverRoom: number | null
  reason: string | null
  marks: string | null
  /** 'self' | 'admin' | 'import' */
  source: string
  createdAt: string
  updatedAt: string
}

export interface TrainCheckInTable {
  id: Generated<number>
  signUpId: number
  trainId: number
  signInId: number
  checkInTime: string
  /** 'mobile' | 'door' | 'manual' (migration 0024). */
  source: Generated<string>
  /** 补签's reason. */
  reason: string | null
}

export interface TrainingTables {
  train: TrainTable
  trainSignIn: TrainSignInTable
  trainResource: TrainResourceTable
  trainSchedule: TrainScheduleTable
  trainSignUp: TrainSignUpTable
  trainCheckIn: TrainCheckInTable
}
