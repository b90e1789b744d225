import { sql, type Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Content of spec 001: news, home pages, carousels, notices, teachers, courses with
 * their resources and comments, and the SMS outbox with one row per delivery attempt.
 * Content is province-wide (no organisation column): see docs/decisions.md.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const text = (n: number) => `varchar(${n})` as const
  const time = text(19)
  const stamps = <T extends string>(t: ReturnType<typeof d.withId<T>>) =>
    t.addColumn('create_time', time, (c) => c.notNull()).addColumn('updated_at', time, (c) => c.notNull())

  await stamps(
    d
      .withId(db.schema.createTable('news'))
      .addColumn('title', text(50), (c) => c.notNull())
      .addColumn('come_from', text(40), (c) => c.notNull())
      .addColumn('entry_time', text(10), (c) => c.notNull())
      .addColumn('image_path', text(100))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute()
  await db.schema.createIndex('news_status_entry_idx').on('news').columns(['status', 'entry_time']).execute()

  // At most one home page is open (status 1); opening one closes the others.
  await stamps(
    d
      .withId(db.schema.createTable('home'))
      .addColumn('name', text(50), (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute()

  await stamps(
    d
      .withId(db.schema.createTable('carousel'))
      .addColumn('image_path', text(100), (c) => c.notNull())
      .addColumn('news_id', 'integer', (c) => c.references('news.id').onDelete('set null'))
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute()

  await stamps(
    d
      .withId(db.schema.createTable('notice'))
      .addColumn('name', text(20), (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute()

  await db.schema
    .createTable('notice_member')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('notice_member_pk', ['notice_id', 'member_id'])
    .execute()

  await stamps(
    d
      .withId(db.schema.createTable('teacher'))
      .addColumn('name', text(50), (c) => c.notNull())
      .addColumn('avatar_url', text(100), (c) => c.notNull())
      .addColumn('content', text(2000), (c) => c.notNull()),
  ).execute()

  await stamps(
    d
      .withId(db.schema.createTable('course'))
      .addColumn('name', text(100), (c) => c.notNull())
      .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('image_path', text(100))
      .addColumn('video_path', text(100)),
  ).execute()
  await db.schema.createIndex('course_teacher_id_idx').on('course').column('teacher_id').execute()

  await stamps(
    d
      .withId(db.schema.createTable('course_resource'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('name', text(100), (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('resource_path', text(100), (c) => c.notNull()),
  ).execute()
  await db.schema.createIndex('course_resource_course_id_idx').on('course_resource').column('course_id').execute()

  await stamps(
    d
      .withId(db.schema.createTable('course_comment'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('member_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('content', text(1000), (c) => c.notNull())
      .addColumn('grade', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await db.schema.createIndex('course_comment_course_id_idx').on('course_comment').column('course_id').execute()

  // The outbox: one row per recipient; a sender claims a row (pending → sending) before delivering it.
  await stamps(
    d
      .withId(db.schema.createTable('sms_message'))
      .addColumn('member_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('name', text(50), (c) => c.notNull())
      .addColumn('telephone', text(30), (c) => c.notNull())
      .addColumn('title', text(20), (c) => c.notNull())
      .addColumn('content', text(200), (c) => c.notNull())
      .addColumn('home_id', 'integer')
      .addColumn('exam_id', 'integer')
      .addColumn('state', text(10), (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', d.bigInt, (c) => c.notNull())
      .addColumn('last_error', text(500))
      .addColumn('sent_time', time)
      .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null')),
  ).execute()
  await db.schema.createIndex('sms_message_state_next_idx').on('sms_message').columns(['state', 'next_attempt_at']).execute()

  await d
    .withId(db.schema.createTable('sms_attempt'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('sms_message.id').onDelete('cascade'))
    .addColumn('at', time, (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', text(500))
    .execute()
  await db.schema.createIndex('sms_attempt_message_id_idx').on('sms_attempt').column('message_id').execute()

  // The super user's role (1) holds every screen: the new send-log screen (705) too on an existing database.
  await sql`insert into role_permission (role_id, permission_id) select id, 705 from role where id = 1`.execute(db)
}
