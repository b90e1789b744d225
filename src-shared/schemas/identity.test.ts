import { describe, expect, it } from 'vitest'
import {
  contactPhone,
  eighteenDigitResidentId,
  mobile,
  optionalContactPhone,
  optionalResidentId,
  residentId,
  residentIdCheckCharacter,
  residentIdIssue,
} from './identity'

const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message

/** The body of an ID plus its check character computed here by the standard's weights, not by the subject. */
function withCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0)
  return first17 + '10X98765432'[sum % 11]
}

describe('resident identity number (GB 11643-1999)', () => {
  const today = new Date(2026, 10, 26)

  it('accepts 18-digit numbers with a correct check character, X included', () => {
    for (const id of ['11010519491231002X', '320102199001011232', '440306198511110029', '320502200002290015', withCheck('65010220261126001')]) {
      expect(residentIdIssue(id, today)).toBeNull()
    }
    expect(residentIdCheckCharacter('11010519491231002')).toBe('X')
  })

  it('refuses a wrong check character, saying so', () => {
    // The issue's own example: 320102199001011234 (its check character is 2).
    expect(residentIdIssue('320102199001011234', today)).toBe('身份证号校验位不正确')
    expect(residentIdIssue('110105194912310021', today)).toBe('身份证号校验位不正确')
  })

  it('refuses a birth date that does not exist, lies in the future or before 1900', () => {
    expect(residentIdIssue(withCheck('32010219900230123'), today)).toBe('身份证号中的出生日期不存在（19900230）')
    expect(residentIdIssue(withCheck('32010219000229123'), today)).toBe('身份证号中的出生日期不存在（19000229）')
    expect(residentIdIssue(withCheck('32010219901301123'), today)).toBe('身份证号中的出生日期不存在（19901301）')
    expect(residentIdIssue(withCheck('32010220261127123'), today)).toBe('身份证号中的出生日期晚于今天（20261127）')
    expect(residentIdIssue(withCheck('32010218991231123'), today)).toBe('身份证号中的出生日期早于1900年（18991231）')
  })

  it('refuses an unknown province, a wrong length and stray characters', () => {
    expect(residentIdIssue(withCheck('99010219900101123'), today)).toBe('身份证号前两位（99）不是有效的省级行政区代码')
    expect(residentIdIssue('32010219900101123', today)).toBe('身份证号应为18位（现为17位）')
    expect(residentIdIssue('3201021990010112345', today)).toBe('身份证号应为18位（现为19位）')
    expect(residentIdIssue('32010219900101123A', today)).toBe('身份证号只能包含数字，最后一位可以是X')
    expect(residentIdIssue('3201021990X1011232', today)).toBe('身份证号只有最后一位可以是X')
  })

  it('names a number a spreadsheet turned into 3.20102E+17, and how to fix the column', () => {
    expect(residentIdIssue('3.20102E+17', today)).toBe('身份证号被表格软件改成了数字（3.20102E+17），请将该列设置为“文本”格式后重新填写')
  })

  it('takes the legacy 15-digit form (born 19yy) and stores it as 18 digits', () => {
    expect(residentIdIssue('320102900101123', today)).toBeNull()
    expect(residentIdIssue('320102900230123', today)).toBe('身份证号中的出生日期不存在（19900230）')
    expect(residentIdIssue('32010290010112X', today)).toBe('15位身份证号只能包含数字')
    expect(eighteenDigitResidentId('320102900101123')).toBe(withCheck('32010219900101123'))
    expect(residentId.parse(' 320102900101123 ')).toBe(withCheck('32010219900101123'))
  })

  it('as a schema: trims, upper-cases x, asks for a missing one, and leaves an optional one null', () => {
    expect(residentId.parse(' 11010519491231002x ')).toBe('11010519491231002X')
    expect(firstMessage(residentId.safeParse(''))).toBe('请输入身份证号')
    expect(firstMessage(residentId.safeParse(undefined))).toBe('请输入身份证号')
    expect(firstMessage(residentId.safeParse('320102199001011234'))).toBe('身份证号校验位不正确')
    expect(optionalResidentId.parse('')).toBeNull()
    expect(optionalResidentId.parse(null)).toBeNull()
    expect(optionalResidentId.parse('11010519491231002x')).toBe('11010519491231002X')
    expect(firstMessage(optionalResidentId.safeParse('320102199001011234'))).toBe('身份证号校验位不正确')
  })
})

describe('telephone numbers', () => {
  it('a member’s mobile: 11 digits, 1 then 3–9', () => {
    expect(mobile.parse(' 13800138000 ')).toBe('13800138000')
    for (const bad of ['12800138000', '1380013800', '138001380001', '025-83123456', 'abc']) expect(firstMessage(mobile.safeParse(bad))).toBe('手机号格式错误')
    expect(firstMessage(mobile.safeParse(''))).toBe('请输入手机号')
    expect(firstMessage(mobile.safeParse('1.38001E+10'))).toBe('手机号被表格软件改成了数字（1.38001E+10），请将该列设置为“文本”格式后重新填写')
  })

  it('an organisation’s: a mobile or a landline with area code, with an optional extension', () => {
    const phone = optionalContactPhone('联系电话')
    for (const ok of ['13800138000', '025-83123456', '0512-68123456', '010-6512345', '02583123456', '(0512)68123456', '0512 68123456', '025-83123456-806', '025-83123456转806']) {
      expect(phone.parse(ok)).toBe(ok)
    }
    expect(phone.parse('  ')).toBeNull()
    const wrong = '联系电话格式错误，应为手机号或带区号的固定电话（如 025-83123456）'
    for (const bad of ['abc', '83123456', '025-0123456', '0251-83123456', '12345', '025-831234567']) expect(firstMessage(phone.safeParse(bad))).toBe(wrong)
    expect(firstMessage(contactPhone('联系方式', '请输入联系方式').safeParse(''))).toBe('请输入联系方式')
    expect(firstMessage(contactPhone('联系方式', '请输入联系方式').safeParse('abc'))).toBe('联系方式格式错误，应为手机号或带区号的固定电话（如 025-83123456）')
  })
})
