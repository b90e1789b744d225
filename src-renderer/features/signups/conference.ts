import { conditionalSignUpFields, type ConditionalSignUpField, type SignUpMember } from '../../../src-shared/schemas/signup'
import { signUpOptions, yesNo } from '../../../src-shared/schemas/training-codes'

/** A conference item (options 12–20) as the list's details and the edit dialog name it. */
export interface ConferenceItem {
  option: number
  field: ConditionalSignUpField
  label: string
  /** Free text (traffic), a time (arrivalTime), one of the arrival types, or a yes/no answer. */
  kind: 'text' | 'time' | 'arrival' | 'yesNo'
}

const kindOf: Record<ConditionalSignUpField, ConferenceItem['kind']> = {
  arrivalType: 'arrival',
  arrivalTime: 'time',
  traffic: 'text',
  needFocusDriver: 'yesNo',
  needRoom: 'yesNo',
  needReception: 'yesNo',
  needSeeOff: 'yesNo',
  withCar: 'yesNo',
  needDriverRoom: 'yesNo',
}

export const conferenceItems: readonly ConferenceItem[] = conditionalSignUpFields.map(({ option, field }) => ({
  option,
  field,
  label: signUpOptions.find((o) => o.code === option)?.label ?? field,
  kind: kindOf[field],
}))

/** The conference items the training asks for, in the order of its options list. */
export function enabledConferenceItems(options: readonly number[]): ConferenceItem[] {
  return conferenceItems.filter((item) => options.includes(item.option))
}

/** How an answer reads in the list: 是/否 for yes/no, 未填写 when missing. */
export function conferenceAnswer(item: ConferenceItem, row: SignUpMember): string {
  const value = row[item.field]
  if (value === null || value === '') return '未填写'
  if (item.kind === 'yesNo') return yesNo.find((y) => y.code === value)?.label ?? String(value)
  return String(value)
}
