import { residentIdCheckCharacter } from '../../src-shared/schemas/identity'

/**
 * The demo province: top organisations under the root, their branches, and the
 * people in them. Plain data; `demo.ts` writes it.
 */

export interface DemoTopOrg {
  code: string
  name: string
  shortName: string
  secretary: string
  contacter: string
  contactPhone: string
  postAddress: string
  /** Each department gets a 党支部; they are grouped two by two under 党总支. */
  departments: readonly string[]
  /** Members of this organisation, spread over its branches. */
  people: readonly string[]
}

export const demoTopOrgs: readonly DemoTopOrg[] = [
  {
    code: '320101001',
    name: '省委办公厅机关党委',
    shortName: '省委办公厅',
    secretary: '周建华',
    contacter: '钱晓燕',
    contactPhone: '025-83391001',
    postAddress: '南京市北京东路70号',
    departments: ['秘书处', '综合处', '督查室', '信息处'],
    people: ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄婷', '周杰', '吴敏', '徐涛', '孙丽'],
  },
  {
    code: '320101002',
    name: '省财政厅机关党委',
    shortName: '省财政厅',
    secretary: '郑国强',
    contacter: '冯雪梅',
    contactPhone: '025-83633002',
    postAddress: '南京市北京西路63号',
    departments: ['预算处', '国库处', '税政处', '综合处'],
    people: ['马建国', '朱红梅', '胡志强', '郭晓明', '何丽华', '高峰', '林小红', '罗文斌', '梁静怡', '宋振华', '谢婉婷', '韩东'],
  },
  {
    code: '320101003',
    name: '省教育厅机关党委',
    shortName: '省教育厅',
    secretary: '唐明远',
    contacter: '许文静',
    contactPhone: '025-83335003',
    postAddress: '南京市北京西路15号',
    departments: ['高教处', '基教处', '职教处', '人事处'],
    people: ['邓超', '曹雪', '彭亮', '曾琳', '肖鹏', '田甜', '董浩', '潘晓燕', '袁立', '蒋欣然', '蔡明', '余佳'],
  },
  {
    code: '320101004',
    name: '省卫生健康委机关党委',
    shortName: '省卫健委',
    secretary: '杜光辉',
    contacter: '叶晓丽',
    contactPhone: '025-83620004',
    postAddress: '南京市中央路42号',
    departments: ['医政处', '疾控处', '规划处', '财务处'],
    people: ['程浩然', '魏雅琴', '苏建军', '吕慧敏', '丁伟', '沈佳怡', '姜涛', '范晓东', '傅蓉', '钟志刚', '卢婷婷', '汪洋'],
  },
  {
    code: '320101005',
    name: '省交通运输厅机关党委',
    shortName: '省交通厅',
    secretary: '任国华',
    contacter: '姚丽萍',
    contactPhone: '025-52852005',
    postAddress: '南京市石鼓路69号',
    departments: ['规划处', '建设处', '运输处', '安监处'],
    people: ['廖文杰', '邹敏', '熊斌', '金晓华', '陆海峰', '郝静', '孔德明', '白雪', '崔永刚', '康丽', '毛振宇', '邱燕'],
  },
]

export const mobilePrefixes = ['138', '139', '137', '136', '135', '150', '151', '152', '158', '159', '186', '187', '188', '189', '133', '153', '180', '181', '177', '199'] as const
export const idAreaCodes = ['320102', '320104', '320105', '320106', '320111', '320113'] as const
export const jobTitles = ['科员', '副主任科员', '主任科员', '副处长', '处长', '一级调研员'] as const
export const partyJobTitles = ['党员', '党员', '党员', '支部委员', '组织委员', '宣传委员', '支部书记'] as const
export const nations = ['汉族', '汉族', '汉族', '汉族', '回族', '满族', '蒙古族'] as const

/** Given names that are usually female, to pick a plausible gender for the demo people. */
const femaleCharacters = new Set([...'芳娜静婷敏丽红梅华雪琳甜燕欣然佳琴慧蓉雅怡萍'])
export function genderOf(name: string): 0 | 1 {
  return [...name.slice(1)].some((c) => femaleCharacters.has(c)) ? 0 : 1
}

/**
 * A small deterministic generator: the demo is the same on every machine and run,
 * so screenshots, tests and the README can rely on it.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** An 18-digit resident ID (GB 11643) with a valid check digit; odd sequence = male. */
export function residentId(area: string, birth: string, sequence: number, gender: 0 | 1): string {
  const seq = sequence % 2 === gender ? sequence : sequence + 1
  const body = `${area}${birth}${String(seq % 1000).padStart(3, '0')}`
  return body + residentIdCheckCharacter(body)
}
