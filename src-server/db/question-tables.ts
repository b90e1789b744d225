import type { ColumnType, Generated } from 'kysely'

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

/** Tables of migration 0011_questions (see db/types.ts for the conventions). */
export interface QuestionCategoryTable {
  id: Generated<number>
  name: string
  /** 1 questionnaire, 2 exam. */
  useType: number
  createdBy: number | null
  createdAt: string
  updatedAt: string
}

export interface QuestionTable {
  id: Generated<number>
  useType: number
  categoryId: number
  /** 1 single, 2 multiple, 3 true/false, 4 essay, 5 fill-in (docs/decisions.md). */
  type: number
  title: string
  /** JSON object of option letter to text; null for types without options. */
  stem: string | null
  answer: string | null
  analysis: string | null
  imagePath: string | null
  /** 0 not reviewed, 1 passed, -1 rejected. */
  status: Defaulted<number>
  createdBy: number | null
  createName: string | null
  createdAt: string
  updatedAt: string
}

export interface PaperTable {
  id: Generated<number>
  title: string
  content: string
  totalScore: number
  /** 1 manual, 2 automatic. */
  choiceType: number
  /** Use type of its questions: 2 exam, 1 questionnaire. */
  type: Defaulted<number>
  /** JSON of the composition as given (PaperItem[]). */
  questionList: string
  /** JSON of the automatic category split (PaperCategoryItem[]). */
  categoryList: string
  createdBy: number | null
  createdAt: string
  updatedAt: string
}

/** One question of a paper, copied when the paper was assembled. */
export interface PaperQuestionTable {
  id: Generated<number>
  paperId: number
  /** 1-based position in the paper. */
  sortOrder: number
  questionId: number
  questionType: number
  categoryId: number
  categoryName: string
  title: string
  stem: string | null
  answer: string | null
  analysis: string | null
  imagePath: string | null
  questionScore: number
}

export interface QuestionTables {
  questionCategory: QuestionCategoryTable
  question: QuestionTable
  paper: PaperTable
  paperQuestion: PaperQuestionTable
}
