import { describe, expect, it } from 'vitest'
import { OrgCreateSchema, orgDisplayName } from './org'

describe('organisation sort number', () => {
  const base = { parentId: 1, name: '预算处党支部', shortName: '预算处' }

  it('is 99999 when left empty, and 99999 shows the bare name', () => {
    for (const sortNumber of [undefined, null, '', '  ']) {
      expect(OrgCreateSchema.parse({ ...base, sortNumber }).sortNumber).toBe(99999)
    }
    expect(orgDisplayName({ name: '预算处党支部', sortNumber: 99999 })).toBe('预算处党支部')
    expect(orgDisplayName({ name: '预算处党支部', sortNumber: 3 })).toBe('3 预算处党支部')
  })

  it('accepts 1–99999 as number or text and refuses the rest', () => {
    expect(OrgCreateSchema.parse({ ...base, sortNumber: '12' }).sortNumber).toBe(12)
    for (const sortNumber of [0, 100000, -1]) {
      expect(OrgCreateSchema.safeParse({ ...base, sortNumber }).error?.issues[0].message).toBe('排序号范围为 1–99999')
    }
    for (const sortNumber of [1.5, 'abc']) {
      expect(OrgCreateSchema.safeParse({ ...base, sortNumber }).error?.issues[0].message).toBe('排序号必须是整数')
    }
  })
})
