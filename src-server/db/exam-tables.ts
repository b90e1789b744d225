import type { ColumnType, Generated } from 'kysely'

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

/** Tables of migration 0012_exams (see db/types.ts for the conventions). */
export interface ExamTable {
  id: Generated<number>
  /** 2 exam, 1 questionnaire (a training's satisfaction questionnaire). */
  type: number
  title: string
  content: string
  trainId: number
  /** 1 all registrants, 2 a random number (joinNum) of them. */
  joinType: number
  joinNum: number | null
  startTime: string
  endTime: string
  /** Minutes a sitting may last. */
  countdown: number
  passLine: number
  retestNum: number
  /** The mock-exam flag: 1 members may look at the answers after submitting. */
  canLookAnswer: number
  /** 1: an anonymous questionnaire, whose submitted answers are kept in survey_answer without the member. */
  anonymous: Defaulted<number>
  paperId: number
  paper2Id: number | null
  paper3Id: number | null
  paper4Id: number | null
  paper5Id: number | null
  scorePolicy: Defaulted<string>
  /** Spec 001 §3 names it without values: kept as the client sends it (migration 0030). */
  typesetting: Defaulted<number | null>
  /** The exam's own class type; null: its training's (migration 0030). */
  classType: Defaulted<number | null>
  closed: Defaulted<number>
  createdBy: number | null
  createdAt: string
  updatedAt: string
}

export interface MemberExamTable {
  id: Generated<number>
  examId: number
  memberId: number
  isMakeUp: Defaulted<number>
  status: string
  startTime: string | null
  endTime: string | null
  score: number | null
  /** Sittings taken (exam_attempt rows), kept by triggers (migration 0017): the code only reads it. */
  attempts: ColumnType<number, never, never>
  createdAt: string
}

export interface ExamAttemptTable {
  id: Generated<number>
  memberExamId: number
  attemptNo: number
  paperSlot: number
  paperId: number
  totalScore: number
  startedAt: number
  deadlineAt: number
  submittedAt: number | null
  score: number | null
  /** 1 when the server submitted the sitting (系统交卷): the exam was closed or its time ran out. */
  systemSubmitted: Defaulted<number>
}

export interface ExamAnswerTable {
  id: Generated<number>
  attemptId: number
  position: number
  questionId: number
  questionType: number
  /** JSON of the question snapshot. */
  question: string
  /** Option letters of the stem in the order shown, e.g. `CADB`; null without options. */
  optionOrder: string | null
  questionScore: number
  answer: string | null
  status: string | null
  score: number | null
  savedAt: number | null
  /** Sequence number of the autosave that wrote `answer`: an older save never replaces it. */
  saveSeq: Defaulted<number>
}

/** An answer of an anonymous questionnaire (migration 0026): no member, no sitting, no time. */
export interface SurveyAnswerTable {
  id: Generated<number>
  examId: number
  questionId: number
  questionType: number
  /** JSON of the question snapshot, as in exam_answer. */
  question: string
  answer: string | null
}

export interface MemberSessionTable {
  tokenHash: string
  memberId: number
  expiresAt: number
  createdAt: string
}

export interface ExamTables {
  exam: ExamTable
  memberExam: MemberExamTable
  examAttempt: ExamAttemptTable
  examAnswer: ExamAnswerTable
  surveyAnswer: SurveyAnswerTable
  memberSession: MemberSessionTable
}
