/**
 * Business codes of training classes (spec 000 §4, §9) with their Chinese labels:
 * the server stores the codes, every screen shows the labels from here.
 */

/** Class types (班次类别). 9 is "other" and carries a free-text classTypeName. */
export const classTypes = [
  { code: 1, label: '机关党委书记班' },
  { code: 2, label: '机关党委副书记班' },
  { code: 3, label: '党支部书记班' },
  { code: 4, label: '党务干部班' },
  { code: 5, label: '发展对象班' },
  { code: 6, label: '年轻党员干部班' },
  { code: 7, label: '新党员班' },
  { code: 8, label: '市县机关工委书记班' },
  { code: 10, label: '机关党委委员班' },
  { code: 9, label: '其他' },
] as const
export type ClassTypeCode = (typeof classTypes)[number]['code']
export const CLASS_TYPE_OTHER = 9
export const classTypeCodes = classTypes.map((c) => c.code) as ClassTypeCode[]

export function classTypeLabel(code: number, classTypeName?: string | null): string {
  if (code === CLASS_TYPE_OTHER && classTypeName) return classTypeName
  return classTypes.find((c) => c.code === code)?.label ?? '其他'
}

/**
 * Sign-up option codes (报名选项), in the order the form lists them. 1–11 and 8 pick
 * identity fields, 99 shows the fill-in example (signUpTips2), 12–20 add the
 * conference items whose answers become required on the sign-up record.
 */
export const signUpOptions = [
  { code: 1, label: '姓名' },
  { code: 2, label: '性别' },
  { code: 4, label: '所在组织' },
  { code: 5, label: '单位、部门及职务' },
  { code: 11, label: '身份证号' },
  { code: 99, label: '填写示例' },
  { code: 8, label: '党政职务' },
  { code: 12, label: '到达方式' },
  { code: 13, label: '到达时间' },
  { code: 14, label: '集中接送' },
  { code: 15, label: '住宿' },
  { code: 16, label: '车次或航班号' },
  { code: 17, label: '接站' },
  { code: 18, label: '送站' },
  { code: 19, label: '自带车辆' },
  { code: 20, label: '驾驶员住宿' },
] as const
export type SignUpOptionCode = (typeof signUpOptions)[number]['code']
export const signUpOptionCodes = signUpOptions.map((o) => o.code) as SignUpOptionCode[]

/** Option whose tick makes signUpTips (the posts hint) apply. */
export const OPTION_PARTY_POSTS = 8
/** Option whose tick shows signUpTips2, the fill-in example. */
export const OPTION_EXAMPLE = 99

/** `[12, 1, 5]` → `'1,5,12'`: the wire form, codes sorted ascending (spec 000 §7). */
export function joinSignUpOptions(codes: readonly number[]): string {
  return [...new Set(codes)].sort((a, b) => a - b).join(',')
}

/** `'1,5,12'` → `[1, 5, 12]`; unknown or empty parts are dropped. */
export function parseSignUpOptions(text: string | null | undefined): SignUpOptionCode[] {
  if (!text) return []
  const known = new Set<number>(signUpOptionCodes)
  return text
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n): n is SignUpOptionCode => known.has(n))
}

/** Host type filter of the training list (主办类型): works committee '0', other departments '1'. */
export const hostTypes = [
  { code: 0, label: '工委' },
  { code: 1, label: '其他部门' },
] as const

/** Host unit text stored when the super user picks "other" instead of an organisation. */
export const OTHER_HOST_NAME = '其他'

/** Arrival type of a sign-up (到达方式, option 12). */
export const arrivalTypes = ['自行前往', '集中前往'] as const

export const genders = [
  { code: 1, label: '男' },
  { code: 0, label: '女' },
] as const

export function genderLabel(code: number | null | undefined): string {
  return code === 1 ? '男' : code === 0 ? '女' : ''
}

/** Yes/no answers of the conference items (options 14, 15, 17–20). */
export const yesNo = [
  { code: 1, label: '是' },
  { code: 0, label: '否' },
] as const
