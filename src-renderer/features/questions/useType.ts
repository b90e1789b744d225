import { useLocation } from 'react-router-dom'
import { UseType, type UseTypeValue } from '../../../src-shared/schemas/question'

/** Where the two uses live (spec 001 §2): exam under /comment, questionnaires under /questionnaireManagement. */
export const bankPaths = {
  [UseType.EXAM]: { categories: '/comment/questionBankManagement', bank: '/comment/questionBanks' },
  [UseType.QUESTIONNAIRE]: { categories: '/questionnaireManagement/questionBankManagement', bank: '/questionnaireManagement/questionBanks' },
} as const

/** The use of the screen being shown: exam when reached under /comment, otherwise questionnaire. */
export function useUseType(): UseTypeValue {
  return useLocation().pathname.startsWith('/comment/') ? UseType.EXAM : UseType.QUESTIONNAIRE
}
