import { describe, expect, it } from 'vitest'
import type { SeatPlan } from '../../src-shared/schemas/seating'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { DocumentSchema } from '../../src-shared/schemas/documents'
import { certificates, nameTents, seatLabels, signInSheet } from '../../src-renderer/features/venue/venuePapers'

const person = (id: number, name: string, company: string | null) => ({ trainSignUpMemberId: id, memberId: id, name, company, telephone: '13800000000' })
const seat = (row: number, column: number, id: number | null) => ({ rowNumber: row, columnNumber: column, groupNumber: null, trainSignUpMemberId: id, memberId: id, name: null })

const plan: SeatPlan = {
  trainId: 7, rowNumber: 2, columnNumber: 2, useSeat: 0, pdfUrl: null, isField: 0, revision: 3, trainName: '示范培训班',
  people: [person(1, '赵六', '甲单位'), person(2, '王五', null), person(3, '李四', '乙单位'), person(4, '张三', '丙单位')],
  seats: [seat(2, 1, 1), seat(1, 2, 3), seat(1, 1, null), seat(2, 2, null)],
}

describe('venue papers from the saved seat plan', () => {
  it('签到表 in seat order: the seated by row then column, then the unseated by name; in name order by pinyin', () => {
    const bySeat = signInSheet(plan, 'seat')
    expect(bySeat.people.map((p) => [p.name, p.seat, p.unit])).toEqual([
      ['李四', '1排2列', '乙单位'],
      ['赵六', '2排1列', '甲单位'],
      ['王五', '', ''],
      ['张三', '', '丙单位'],
    ])
    expect(bySeat.subtitle).toBe('按座位排序 · 共 4 人')
    expect(signInSheet(plan, 'name').people.map((p) => p.name)).toEqual(['李四', '王五', '张三', '赵六'])
    expect(DocumentSchema.safeParse(bySeat).success).toBe(true)
  })

  it('桌签 for everyone signed up, 座位标签 only for the occupied seats', () => {
    expect(nameTents(plan).people).toHaveLength(4)
    expect(seatLabels(plan).labels).toEqual([{ row: 1, column: 2, name: '李四' }, { row: 2, column: 1, name: '赵六' }])
  })

  it('结业证书: one per checked-in person (several check-ins count once), numbered the same on every reprint', () => {
    const train = { id: 7, name: '示范培训班', depName: '省委组织部', classHour: 24, trainStartTime: '2026-05-10 08:00:00', trainEndTime: '2026-05-12 17:00:00' } as TrainDetail
    const doc = certificates(train, [{ signUpId: 42, name: '王五', orgName: null }, { signUpId: 42, name: '王五', orgName: null }, { signUpId: 3, name: '李四', orgName: '乙单位' }], 'red')
    expect(doc.people).toEqual([
      { name: '李四', unit: '乙单位', number: 'JY2026-0007-00003' },
      { name: '王五', unit: '', number: 'JY2026-0007-00042' },
    ])
    expect(doc).toMatchObject({ hostUnit: '省委组织部', hours: 24, period: '2026-05-10 至 2026-05-12', issueDate: '2026-05-12', template: 'red' })
    expect(DocumentSchema.safeParse(doc).success).toBe(true)
  })
})
