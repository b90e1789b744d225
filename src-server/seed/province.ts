import { sql } from 'kysely'
import { ROOT_ORG_CODE } from '../../src-shared/permissions'
import type { DialectName } from '../db/connect'
import { nowText } from '../db/time'
import type { Db, NewMember, NewOrg } from '../db/types'
import { refillFigures, withoutRowTriggers } from './bulk-load'
import { idAreaCodes, jobTitles, nations, partyJobTitles, residentId, seededRandom } from './demo-data'

/**
 * A province-sized data set for benchmarks and load checks: five levels (root →
 * 党委 → 二级党委 → 党总支 → 党支部), about 178 000 organisations, one 党总支 with
 * 5 000 branches (the widest node a tree must open), and twenty members in each of
 * the 160 000 branches: 3 200 000 members. Written in multi-row inserts, many per
 * transaction; deterministic, so every run builds the same province.
 */
export interface ProvinceShape {
  tops: number
  committeesPerTop: number
  generalsPerCommittee: number
  branchesPerGeneral: number
  membersPerBranch: number
  wideNodeChildren: number
}

export const PROVINCE: ProvinceShape = {
  tops: 101,
  committeesPerTop: 10,
  generalsPerCommittee: 10,
  branchesPerGeneral: 16,
  membersPerBranch: 20,
  wideNodeChildren: 5000,
}

/** The 党总支 with 5 000 branches; its code, for benches and checks. */
export const WIDE_NODE_CODE = `${ROOT_ORG_CODE}900001001`
/** Province top organisations take codes from 900 on, clear of the demo's 001–005. */
const FIRST_TOP_SEQ = 900

const surnames = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤']
const givenChars = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍建国红梅志文斌辉鹏飞宇浩然欣怡佳琪晨雪林海波宁峰博晓东亮军婷']
const units = ['发展改革', '教育', '科技', '工业和信息化', '民政', '司法', '财政', '人力资源社会保障', '自然资源', '生态环境', '住房城乡建设', '交通运输', '水利', '农业农村', '商务', '文化和旅游', '卫生健康', '退役军人事务', '应急管理', '审计']

const INSERT_ROWS = 1000
const ROWS_PER_TRANSACTION = 50_000

export interface ProvinceProgress {
  (line: string): void
}

export async function speedUpBulkLoad(db: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    // A seed that fails is simply run again on a fresh file: no need to survive a crash mid-way.
    await sql`PRAGMA synchronous = OFF`.execute(db)
    await sql`PRAGMA cache_size = -1048576`.execute(db)
    await sql`PRAGMA temp_store = MEMORY`.execute(db)
  } else {
    await sql`SET synchronous_commit = off`.execute(db)
  }
}

async function insertOrgs(db: Db, rows: NewOrg[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += INSERT_ROWS) await trx.insertInto('org').values(rows.slice(i, i + INSERT_ROWS)).execute()
  })
}

interface Branch {
  id: number
  path: string
  topOrgId: number
  unit: string
}

/** Builds the organisation rows with ids assigned here, so every path is known before insert. */
function provinceOrgs(root: { id: number; path: string }, firstId: number, shape: ProvinceShape): { orgs: NewOrg[]; branches: Branch[] } {
  const now = nowText()
  const orgs: NewOrg[] = []
  const branches: Branch[] = []
  let nextId = firstId
  const add = (parent: { id: number; path: string; code: string }, seq: number, width: number, org: Pick<NewOrg, 'name' | 'shortName' | 'orgType' | 'topOrgId'>, topSelf = false) => {
    const id = nextId++
    const path = `${parent.path}${id}/`
    const code = parent.code + String(seq).padStart(width, '0')
    orgs.push({ ...org, id, orgCode: code, parentId: parent.id, path, topOrgId: topSelf ? id : org.topOrgId, areaName: '南京市', sortNumber: seq <= 99 ? seq : 99999, hasCommittee: org.orgType === '党委' ? 1 : 0, createdAt: now, updatedAt: now })
    return { id, path, code }
  }
  const rootRef = { ...root, code: ROOT_ORG_CODE }
  for (let t = 0; t < shape.tops; t++) {
    const unit = `${units[t % units.length]}${t >= units.length ? `第${Math.floor(t / units.length) + 1}` : ''}`
    const top = add(rootRef, FIRST_TOP_SEQ + t, 3, { name: `省${unit}机关党委`, shortName: `省${unit}`, orgType: '党委', topOrgId: null }, true)
    const topOrgId = top.id
    for (let c = 1; c <= shape.committeesPerTop; c++) {
      const committee = add(top, c, 3, { name: `直属第${c}党委`, shortName: `第${c}党委`, orgType: '党委', topOrgId })
      for (let g = 1; g <= shape.generalsPerCommittee; g++) {
        const general = add(committee, g, 3, { name: `第${g}党总支`, shortName: `第${g}总支`, orgType: '党总支', topOrgId })
        // The first top organisation's first 党总支 is the wide node: 5 000 branches, no members.
        const wide = t === 0 && c === 1 && g === 1
        const count = wide ? shape.wideNodeChildren : shape.branchesPerGeneral
        for (let b = 1; b <= count; b++) {
          const branch = add(general, b, wide ? 4 : 3, { name: `第${b}党支部`, shortName: `第${b}支部`, orgType: '党支部', topOrgId })
          if (!wide) branches.push({ ...branch, topOrgId, unit })
        }
      }
    }
  }
  return { orgs, branches }
}

function memberRows(branch: Branch, serial: number, count: number, random: () => number, now: string): NewMember[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  const rows: NewMember[] = []
  for (let i = 0; i < count; i++) {
    const n = serial + i
    const gender = random() < 0.55 ? 1 : 0
    const given = pick(givenChars) + (random() < 0.6 ? pick(givenChars) : '')
    const birth = `${1960 + Math.floor(random() * 40)}${String(1 + Math.floor(random() * 12)).padStart(2, '0')}${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
    rows.push({
      name: pick(surnames) + given,
      gender,
      // 191 is no demo prefix: these never collide with the demo's random numbers.
      telephone: `191${String(n).padStart(8, '0')}`,
      idcard: residentId(pick(idAreaCodes), birth, n, gender as 0 | 1),
      nation: pick(nations),
      orgId: branch.id,
      orgPath: branch.path,
      topOrgId: branch.topOrgId,
      department: `${branch.unit}处`,
      jobs: pick(jobTitles),
      partyJobs: pick(partyJobTitles),
      tenureTime: `${2010 + Math.floor(random() * 15)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}`,
      sameTenureYear: 1 + Math.floor(random() * 10),
      enabled: 1,
      createdAt: now,
      updatedAt: now,
    })
  }
  return rows
}

/** Adds the province under the root of a seeded database. Refuses to add it twice. */
export async function seedProvince(
  db: Db,
  dialect: DialectName,
  log: ProvinceProgress,
  shape: ProvinceShape = PROVINCE,
): Promise<{ orgs: number; members: number }> {
  const root = await db.selectFrom('org').select(['id', 'path']).where('orgCode', '=', ROOT_ORG_CODE).executeTakeFirstOrThrow()
  const already = await db.selectFrom('org').select('id').where('orgCode', '=', WIDE_NODE_CODE).executeTakeFirst()
  if (already) throw new Error('该数据库已有省级规模数据，无需重复生成')
  await speedUpBulkLoad(db, dialect)
  const started = Date.now()
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)}s`

  const { max } = await db.selectFrom('org').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow()
  const { orgs, branches } = provinceOrgs(root, Number(max ?? 0) + 1, shape)
  for (let i = 0; i < orgs.length; i += ROWS_PER_TRANSACTION) await insertOrgs(db, orgs.slice(i, i + ROWS_PER_TRANSACTION))
  if (dialect === 'postgres') {
    // Ids were given explicitly: move the identity past them.
    await sql`SELECT setval(pg_get_serial_sequence('org', 'id'), (SELECT max(id) FROM org))`.execute(db)
  }
  log(`组织 ${orgs.length.toLocaleString()} 个已写入（${seconds()}）`)

  const random = seededRandom(3_200_000)
  const now = nowText()
  const total = branches.length * shape.membersPerBranch
  const perTransaction = Math.max(1, Math.floor(ROWS_PER_TRANSACTION / shape.membersPerBranch))
  let written = 0
  for (let b = 0; b < branches.length; b += perTransaction) {
    await db.transaction().execute(async (trx) => {
      await withoutRowTriggers(trx, dialect)
      let batch: NewMember[] = []
      for (const branch of branches.slice(b, b + perTransaction)) {
        batch.push(...memberRows(branch, written + batch.length, shape.membersPerBranch, random, now))
        if (batch.length >= INSERT_ROWS) {
          await trx.insertInto('member').values(batch).execute()
          written += batch.length
          batch = []
        }
      }
      if (batch.length > 0) await trx.insertInto('member').values(batch).execute()
      written += batch.length
    })
    if (written % 200_000 < ROWS_PER_TRANSACTION) log(`党员 ${written.toLocaleString()} / ${total.toLocaleString()}（${Math.round((written / total) * 100)}%，${seconds()}）`)
  }
  await refillFigures(db, dialect)
  log(`更新统计信息 …（${seconds()}）`)
  // PostgreSQL: VACUUM also sets the visibility map, so counts read the index alone.
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db)
  log(`完成：组织 ${orgs.length.toLocaleString()} 个，党员 ${written.toLocaleString()} 名（${seconds()}）`)
  return { orgs: orgs.length, members: written }
}
