import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import { hashPassword } from '../../src-server/auth/passwords'
import { openDatabase, type DialectName } from '../../src-server/db/connect'
import { migrateTo } from '../../src-server/db/migrate'
import { migrations } from '../../src-server/db/migrations'
import type { Db } from '../../src-server/db/types'
import { DEMO_ADMIN_PASSWORD } from '../../src-server/options'
import { insertOrg, seedFoundation } from '../../src-server/seed/base'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { call, startTestServer } from './harness'

/**
 * Every migration runs on a database holding rows of the version before it (issue 29):
 * one database walks through the migrations in order; before a migration the rows it must
 * carry are put in with the columns of that version, after it its backfill is checked.
 * At the end the server starts on the walked database and answers those rows.
 *
 * The tables below are written with the columns each version had (raw rows, not the
 * application's types, which are the latest version's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>

interface Step {
  /** Rows of the previous version this migration must carry. */
  before?(db: AnyDb): Promise<void>
  /** What the migration must have made of them. */
  after?(db: AnyDb): Promise<void>
  /** Why nothing needs checking beyond "it applies on a database holding rows" (schema only). */
  schemaOnly?: string
  /** The test file that checks its backfill on the demo data of the version before (a migration's own test). */
  testedIn?: string
}

const NOW = '2024-03-01 09:00:00'
const ROOT = join(__dirname, '../..')

/** The migration before `name`. */
const previous = (name: string) => Object.keys(migrations)[Object.keys(migrations).indexOf(name) - 1]
/** Filled in as the walk goes: the ids of the rows it put in. */
const ids = { root: 0, branch: 0, leaf: 0, members: [] as number[], train: 0, admin: 0, signUps: [] as number[] }

/** Rows the 0016 step made before the migration, to find after it. */
const refs = { usedPaper: 0, keptExam: 0, orphanExam: 0, lostRound: 0, memberObjects: [] as string[], orgObjects: [] as string[] }
/** The dialect of the walk under way. */
const walk = { dialect: 'sqlite' as DialectName }

/** The indexes and triggers of a table. */
async function schemaObjects(db: AnyDb, table: string): Promise<string[]> {
  const query =
    walk.dialect === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE tbl_name = ${table} AND type IN ('index', 'trigger') ORDER BY name`
      : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table}
          UNION SELECT tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relname = ${table} AND NOT t.tgisinternal ORDER BY name`
  return (await query.execute(db)).rows.map((r) => r.name)
}

async function rows<T>(db: AnyDb, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows
}

const steps: Record<string, Step> = {
  '0001_foundation': {
    async after(db) {
      const { root } = await seedFoundation(db as Db, await hashPassword(DEMO_ADMIN_PASSWORD))
      ids.root = root.id
      const branch = await insertOrg(db as Db, { orgCode: 'M-BRANCH', name: '迁移测试党委', sortNumber: 1 }, root)
      const leaf = await insertOrg(db as Db, { orgCode: 'M-LEAF', name: '迁移测试支部', sortNumber: 1 }, branch)
      ids.branch = branch.id
      ids.leaf = leaf.id
      for (const [i, enabled] of [1, 1, 0].entries()) {
        const { id } = await db
          .insertInto('member')
          .values({ name: `迁移党员${i}`, telephone: `1390000000${i}`, orgId: leaf.id, topOrgId: branch.id, enabled, createdAt: NOW, updatedAt: NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
        ids.members.push(id)
      }
      // The screens of this version: 审核 (203), 发送记录 (705) and 短信设置 (804) came later.
      await sql`delete from role_permission where permission_id in (203, 705, 804)`.execute(db)
      // Two roles of one title that can edit trainings; the second held by an account of the branch's tree.
      for (const name of ['', 'tree-clerk']) {
        const { id: roleId } = await db.insertInto('role').values({ title: '培训管理员', createdAt: NOW, updatedAt: NOW }).returning('id').executeTakeFirstOrThrow()
        await db.insertInto('rolePermission').values({ roleId, permissionId: 201 }).execute()
        if (name) {
          await db.insertInto('admin')
            .values({ name, passwordHash: 'x', roleId, memberId: ids.members[0], createdAt: NOW, updatedAt: NOW })
            .execute()
        }
      }
    },
  },
  '0002_org_member': {
    async after(db) {
      const found = await rows<{ orgPath: string }>(db, sql`select org_path from member order by id`)
      const leafPath = (await db.selectFrom('org').select('path').where('id', '=', ids.leaf).executeTakeFirstOrThrow()).path
      expect(found.map((m) => m.orgPath)).toEqual([leafPath, leafPath, leafPath])
    },
  },
  '0003_accounts_log': { schemaOnly: 'creates the operation log' },
  '0004_training': {
    async after(db) {
      const { id } = await db
        .insertInto('train')
        .values({
          name: '迁移前的培训班', orgId: ids.branch, depName: '迁移测试党委', sendObject: '全体', classType: 1, createTime: NOW,
          description: '说明', content: '内容', requirement: '要求', trainStartTime: '2024-04-01 09:00:00', trainEndTime: '2024-04-03 17:00:00',
          classHour: 16, site: '会场', address: '地址', participants: '党员', signUpStartTime: '2024-03-01 00:00:00',
          signUpEndTime: '2024-03-30 00:00:00', maxNum: 10, allNum: 0, name1: '联系人', telephone1: '13900000009', status: 1,
          tokenValue: 'tok', checkInSecret: 'sec', signUpOptions: '1,2', createdAt: NOW, updatedAt: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.train = id
      // Two sign-ups written by an older handler that did not count them (all_num stays 0).
      for (const [i, memberId] of ids.members.slice(0, 2).entries()) {
        const signUp = await db
          .insertInto('trainSignUp')
          .values({ trainId: id, memberId, name: `迁移党员${i}`, telephone: `1390000000${i}`, orgId: ids.leaf, source: 'admin', createdAt: NOW, updatedAt: NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
        ids.signUps.push(signUp.id)
      }
    },
  },
  '0005_org_children_count': {
    async after(db) {
      const counts = await rows<{ id: number; childrenCount: number }>(db, sql`select id, children_count from org order by id`)
      expect(counts).toEqual([
        { id: ids.root, childrenCount: 1 },
        { id: ids.branch, childrenCount: 1 },
        { id: ids.leaf, childrenCount: 0 },
      ])
    },
  },
  '0006_hardening': {
    async after(db) {
      // Titles made unique per owner; the role held only by the branch's account is the branch's;
      // every role that could edit trainings may audit them.
      const roles = await rows(db, sql`select title, owner_org_id from role where id > 1 order by id`)
      expect(roles).toEqual([
        { title: '培训管理员', ownerOrgId: null },
        { title: '培训管理员', ownerOrgId: ids.branch },
      ])
      const auditors = await rows(db, sql`select role_id from role_permission where permission_id = 203 order by role_id`)
      expect(auditors).toHaveLength(3)
    },
  },
  '0008_content': {
    async after(db) {
      await db.insertInto('notice').values({ name: '迁移前的通知', content: '<p>正文</p>', status: 1, createTime: NOW, updatedAt: NOW }).execute()
      expect(await rows(db, sql`select role_id from role_permission where permission_id = 705`)).toEqual([{ roleId: 1 }])
    },
  },
  '0009_seating': {
    async after(db) {
      const admin = await db.selectFrom('admin').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow()
      ids.admin = admin.id
      await db.insertInto('idempotencyKey').values({ key: 'k-before-0013', adminId: admin.id, route: 'seat.save', result: '{"ok":1}', createdAt: NOW }).execute()
    },
  },
  '0010_statistics': { schemaOnly: 'adds the statistics indexes' },
  '0011_questions': { schemaOnly: 'creates the question banks' },
  '0012_exams': { schemaOnly: 'creates the exams' },
  '0013_idempotency_per_account': {
    async after(db) {
      const kept = await rows(db, sql`select admin_id, key, route, result from idempotency_key`)
      expect(kept).toEqual([{ adminId: ids.admin, key: 'k-before-0013', route: 'seat.save', result: '{"ok":1}' }])
    },
  },
  '0014_ledger_figures': {
    async after(db) {
      // Two enabled members in the leaf, counted in every organisation above them.
      const figures = await rows<{ orgId: number; members: number }>(db, sql`select org_id, members from ledger_org order by org_id`)
      expect(figures).toEqual([
        { orgId: ids.root, members: 2 },
        { orgId: ids.branch, members: 2 },
        { orgId: ids.leaf, members: 2 },
      ])
    },
  },
  '0015_ledger_member_span': {
    async after(db) {
      const spans = await rows(db, sql`select org_id, first_member_id, last_member_id from ledger_org where org_id = ${ids.root}`)
      expect(spans).toEqual([{ orgId: ids.root, firstMemberId: ids.members[0], lastMemberId: ids.members[1] }])
    },
  },
  '0016_declared_references': {
    async before(db) {
      // An owner organisation that is gone: no foreign key held it before.
      await sql`update role set owner_org_id = 99999 where id = 2`.execute(db)
      // Written while nothing guarded them: an exam's paper B deleted, and an exam whose paper A is gone (with a candidate).
      const paper = async (title: string) =>
        (await db.insertInto('paper').values({ title, content: '', totalScore: 0, choiceType: 1, type: 2, questionList: '[]', categoryList: '[]', createdBy: null, createdAt: NOW, updatedAt: NOW }).returning('id').executeTakeFirstOrThrow()).id
      const examOf = async (title: string, paperId: number, paper2Id: number | null) =>
        (await db.insertInto('exam').values({
          type: 1, title, content: '', trainId: ids.train, joinType: 1, joinNum: null, startTime: NOW, endTime: NOW, countdown: 60, passLine: 60, retestNum: 0,
          canLookAnswer: 0, paperId, paper2Id, paper3Id: null, paper4Id: null, paper5Id: null, createdBy: null, createdAt: NOW, updatedAt: NOW,
        }).returning('id').executeTakeFirstOrThrow()).id
      refs.usedPaper = await paper('在用')
      refs.keptExam = await examOf('试卷B已删除', refs.usedPaper, 999_999)
      refs.orphanExam = await examOf('试卷已删除的考试', 999_998, null)
      refs.lostRound = (await db.insertInto('memberExam').values({ examId: refs.orphanExam, memberId: ids.members[0], isMakeUp: 0, status: 'WAIT', createdAt: NOW }).returning('id').executeTakeFirstOrThrow()).id
      refs.memberObjects = await schemaObjects(db, 'member')
      refs.orgObjects = await schemaObjects(db, 'org')
    },
    async after(db) {
      expect(await rows(db, sql`select owner_org_id from role where id = 2`)).toEqual([{ ownerOrgId: null }])
      expect(await rows(db, sql`select paper_id, paper2_id from exam where id = ${refs.keptExam}`)).toEqual([{ paperId: refs.usedPaper, paper2Id: null }])
      // The exam whose paper A was gone is deleted, its candidates with it by the cascade that already stood.
      expect(await rows(db, sql`select id from exam where id = ${refs.orphanExam}`)).toEqual([])
      expect(await rows(db, sql`select id from member_exam where id = ${refs.lostRound}`)).toEqual([])
      // The rebuilt tables keep their indexes and triggers (the ledger's of 0014/0015 among them).
      expect(await schemaObjects(db, 'member')).toEqual(expect.arrayContaining(refs.memberObjects))
      expect(await schemaObjects(db, 'org')).toEqual(expect.arrayContaining(refs.orgObjects))
      // A paper in use is now refused by the database itself.
      expect(await sql`delete from paper where id = ${refs.usedPaper}`.execute(db).then(() => null, (e: unknown) => e)).not.toBeNull()
      // The deleted exam's id is not handed out again after the rebuild.
      const next = await db.insertInto('exam').values({
        type: 1, title: '迁移后新增', content: '', trainId: ids.train, joinType: 1, joinNum: null, startTime: NOW, endTime: NOW, countdown: 60, passLine: 60, retestNum: 0,
        canLookAnswer: 0, paperId: refs.usedPaper, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null, createdBy: null, createdAt: NOW, updatedAt: NOW,
      }).returning('id').executeTakeFirstOrThrow()
      expect(next.id).toBeGreaterThan(refs.orphanExam)
      await sql`delete from exam where id = ${next.id}`.execute(db)
      // The ledger's triggers (on the rebuilt tables too) still count a new member.
      const before = await rows<{ members: number }>(db, sql`select members from ledger_org where org_id = ${ids.leaf}`)
      const leaf = await db.selectFrom('org').select(['path']).where('id', '=', ids.leaf).executeTakeFirstOrThrow()
      const added = await db.insertInto('member')
        .values({ name: '迁移后新增', telephone: '13900000016', orgId: ids.leaf, topOrgId: ids.branch, orgPath: leaf.path, enabled: 1, createdAt: NOW, updatedAt: NOW })
        .returning('id').executeTakeFirstOrThrow()
      expect(await rows(db, sql`select members from ledger_org where org_id = ${ids.leaf}`)).toEqual([{ members: before[0].members + 1 }])
      await sql`delete from member where id = ${added.id}`.execute(db)
    },
  },
  '0017_kept_counts': {
    async after(db) {
      expect(await rows(db, sql`select all_num from train where id = ${ids.train}`)).toEqual([{ allNum: 2 }])
    },
  },
  '0018_sms_setting': {
    async before(db) {
      await sql`delete from role_permission where permission_id = 804`.execute(db)
    },
    async after(db) {
      expect(await rows(db, sql`select role_id from role_permission where permission_id = 804`)).toEqual([{ roleId: 1 }])
    },
  },
  '0019_notice_owner': {
    async after(db) {
      expect(await rows(db, sql`select name, owner_org_id from notice`)).toEqual([{ name: '迁移前的通知', ownerOrgId: ids.root }])
    },
  },
  '0022_exam_lifecycle': { schemaOnly: 'adds two columns with defaults (no exam rows to carry: their readers take the default)' },
  '0023_password_change': {
    async after(db) {
      // Accounts made before are not asked to change their password.
      expect(await rows(db, sql`select must_renew from admin`)).toEqual([{ mustRenew: 0 }, { mustRenew: 0 }])
    },
  },
  '0024_check_in_source': {
    async before(db) {
      // A phone check-in as the version before wrote it: no source, no reason.
      const window = await db
        .insertInto('trainSignIn')
        .values({ trainId: ids.train, signInStartTime: '2024-04-01 08:00:00', signInEndTime: '2024-04-01 09:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.insertInto('trainCheckIn').values({ signUpId: ids.signUps[0], trainId: ids.train, signInId: window.id, checkInTime: '2024-04-01 08:10:00' }).execute()
    },
    async after(db) {
      expect(await rows(db, sql`select source, reason from train_check_in`)).toEqual([{ source: 'mobile', reason: null }])
    },
  },
  '0025_seat_plan_revisions': {
    async before(db) {
      // A saved plan at revision 7: one person seated, one seat kept empty.
      await sql`update train set seat_revision = 7, row_number = 3, column_number = 6, updated_at = '2024-03-20 09:30:00' where id = ${ids.train}`.execute(db)
      await db.insertInto('trainMemberLocation').values([
        { trainId: ids.train, rowNumber: 1, columnNumber: 2, groupNumber: 1, signUpId: ids.signUps[0] },
        { trainId: ids.train, rowNumber: 2, columnNumber: 1, groupNumber: null, signUpId: null },
      ]).execute()
    },
    async after(db) {
      // The plan as it stands becomes its current revision, the base of offline saves made on it; author unknown.
      const [revision] = await rows<{ revision: number; rowNumber: number; columnNumber: number; adminId: number | null; changedAt: string; seats: string }>(
        db, sql`select revision, row_number, column_number, admin_id, changed_at, seats from seat_plan_revision where train_id = ${ids.train}`,
      )
      expect(revision).toMatchObject({ revision: 7, rowNumber: 3, columnNumber: 6, adminId: null, changedAt: '2024-03-20 09:30:00' })
      expect(JSON.parse(revision.seats)).toEqual([
        { rowNumber: 1, columnNumber: 2, groupNumber: 1, trainSignUpMemberId: ids.signUps[0], name: '迁移党员0' },
        { rowNumber: 2, columnNumber: 1, groupNumber: null, trainSignUpMemberId: null, name: null },
      ])
    },
  },
  '0026_survey': {
    async before(db) {
      const paper = await db
        .insertInto('paper')
        .values({ title: '问卷', content: '', totalScore: 0, choiceType: 1, type: 1, questionList: '[]', categoryList: '[]', createdBy: null, createdAt: NOW, updatedAt: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('exam')
        .values({
          type: 2, title: '迁移前的问卷', content: '', trainId: ids.train, joinType: 1, joinNum: null, startTime: NOW, endTime: NOW, countdown: 60, passLine: 0,
          retestNum: 0, canLookAnswer: 0, paperId: paper.id, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null, createdBy: null, createdAt: NOW, updatedAt: NOW,
        })
        .execute()
    },
    async after(db) {
      // Questionnaires made before are named (not anonymous); no anonymous answers yet.
      expect(await rows(db, sql`select title, anonymous from exam order by id`)).toEqual([
        { title: '试卷B已删除', anonymous: 0 },
        { title: '迁移前的问卷', anonymous: 0 },
      ])
      expect(await rows(db, sql`select id from survey_answer`)).toEqual([])
    },
  },
  '0029_train_reject_reason': { testedIn: 'tests/server/reject-reason-migration.test.ts' },
  '0030_exam_typesetting_class_type': {
    async after(db) {
      // Exams made before have no typesetting and no class type of their own: they answer their training's.
      expect(await rows(db, sql`select title, typesetting, class_type from exam order by id`)).toEqual([
        { title: '试卷B已删除', typesetting: null, classType: null },
        { title: '迁移前的问卷', typesetting: null, classType: null },
      ])
    },
  },
  '0031_sortable_columns': {
    async after(db) {
      // Every column a list sorts by has its (column, id) index; the training list's own order reads one backwards.
      const indexes = { train: ['train_name_id_idx', 'train_train_start_time_id_idx'], news: ['news_title_id_idx', 'news_entry_time_id_idx'], course: ['course_name_id_idx', 'course_create_time_id_idx'] }
      for (const [table, names] of Object.entries(indexes)) expect(await schemaObjects(db, table)).toEqual(expect.arrayContaining(names))
      expect(await schemaObjects(db, 'train')).not.toContain('train_train_start_time_idx')
      // Sorted names compare by code point on PostgreSQL too; the walked training keeps its name.
      if (walk.dialect === 'postgres') {
        const collations = await rows<{ table: string; collation: string }>(db, sql`select table_name as "table", collation_name as collation from information_schema.columns
          where (table_name, column_name) in (('train', 'name'), ('news', 'title'), ('course', 'name')) order by table_name`)
        expect(collations).toEqual([{ table: 'course', collation: 'C' }, { table: 'news', collation: 'C' }, { table: 'train', collation: 'C' }])
      }
      expect(await rows(db, sql`select id from train where id = ${ids.train}`)).toEqual([{ id: ids.train }])
    },
  },
}

describe('migrations', () => {
  it('every migration has its step here (a check of its backfill, or why it has none)', () => {
    expect(Object.keys(steps)).toEqual(Object.keys(migrations))
    for (const [name, step] of Object.entries(steps)) {
      expect([step.after, step.schemaOnly, step.testedIn].filter(Boolean), name).toHaveLength(1)
      // A migration's own test names it and starts from the version before it.
      if (step.testedIn) expect(readFileSync(join(ROOT, step.testedIn), 'utf8'), name).toContain(`migratedTo(database, '${previous(name)}')`)
    }
  })
})

describe.each(testDatabases())('migrations on rows of the version before ($name)', (database) => {
  afterAll(() => database.dispose())

  it('each migration carries the rows before it, and the server then answers them', async () => {
    const url = await database.url()
    const { db, dialect } = openDatabase(url)
    walk.dialect = dialect
    ids.members = []
    ids.signUps = []
    try {
      for (const name of Object.keys(migrations)) {
        const step = steps[name]
        await step.before?.(db)
        await migrateTo(db, dialect, name)
        await step.after?.(db)
      }
    } finally {
      await db.destroy()
    }
    const server = await startTestServer(url)
    try {
      const token = await login(server.url, 'admin', DEMO_ADMIN_PASSWORD)
      const trainings = await call<Page<{ name: string; allNum: number }>>(server.url, 'GET', '/api/train', { token })
      expect((trainings.body.data as Page<{ name: string; allNum: number }>).records.map((t) => [t.name, t.allNum])).toEqual([['迁移前的培训班', 2]])
      const children = await call<Page<{ name: string }>>(server.url, 'GET', '/api/org/children', {
        token, query: { parentId: String(ids.root) },
      })
      expect((children.body.data as Page<{ name: string }>).records.map((o) => o.name)).toEqual(['迁移测试党委'])
    } finally {
      await server.stop()
    }
  })
})
