import { AppError, ErrorKey } from '../../../src-shared/errors'
import { carouselResource, homeResource, newsResource, noticeResource, teacherResource } from '../../../src-shared/schemas/content'
import { PORTAL_NEWS_COUNT } from '../../../src-shared/schemas/portal'
import { callerScope } from '../../auth/scope'
import { containsText } from '../../db/sql-text'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { scopeIds } from '../../scope/kinds'
import { assertUploaded } from '../../files/uploaded'
import { cleanRequiredRichText, richTextAsPlain } from '../../files/rich-text'
import type { DomainHandlers, RequestContext } from '../../http/context'
import { resourceHandlers } from '../../http/resource-handlers'
import { afterCommit } from '../../http/write-transaction'
import { queueSms } from '../sms/queue'
import { cachedPortal, forgetPortal } from './portal-cache'
import { onePage } from '../../db/paging'

const ENABLED = 1

/**
 * Rich text is sanitised before it is stored, whoever sent it. A body that was only
 * script or empty markup has nothing left to show: it is refused like a blank one.
 */
function withCleanContent(fields: Record<string, unknown>) {
  if (typeof fields.content !== 'string') return fields
  return { ...fields, content: cleanRequiredRichText(fields.content, 'content', '请输入内容') }
}

const news = resourceHandlers(newsResource, {
  initial: { status: ENABLED },
  changed: forgetPortal,
  values: async (fields, { db }) => {
    await assertUploaded(db, fields.imagePath as string | null, 'image', 'imagePath')
    return withCleanContent(fields)
  },
})

const home = resourceHandlers(homeResource, { initial: { status: 0 }, changed: forgetPortal })

const carousel = resourceHandlers(carouselResource, {
  initial: { status: ENABLED },
  changed: forgetPortal,
  rows: (db) =>
    db
      .selectFrom('carousel')
      .leftJoin('news', 'news.id', 'carousel.newsId')
      .select(['carousel.id', 'carousel.imagePath', 'carousel.newsId', 'carousel.status', 'carousel.createTime', 'news.title as newsTitle']),
  toRow: ({ newsTitle, ...row }) => ({ ...row, news: typeof newsTitle === 'string' ? { title: newsTitle } : null }),
  values: async (fields, { db }) => {
    await assertUploaded(db, fields.imagePath as string, 'image', 'imagePath')
    if (typeof fields.newsId === 'number' && !(await db.selectFrom('news').select('id').where('id', '=', fields.newsId).executeTakeFirst())) {
      throw new AppError(ErrorKey.VALIDATION, '所选新闻不存在', [{ path: 'newsId', message: '所选新闻不存在' }])
    }
    return fields
  },
})

/**
 * The members of a notice as the editor picked them, among those of its tree: the
 * members of other trees a notice goes to (added from above) are not the editor's to
 * see or drop, so they stay.
 */
async function replaceNoticeMembers(db: Db, noticeId: number, { memberIdList }: Record<string, unknown>, ctx: RequestContext) {
  if (memberIdList === undefined) return
  const wanted = memberIdList as number[]
  const visible = scopeIds.member(db, callerScope(ctx))
  const inScope = wanted.length === 0 ? [] : await visible.where('member.id', 'in', wanted).execute()
  if (inScope.length !== new Set(wanted).size) {
    throw new AppError(ErrorKey.VALIDATION, '所选党员不存在', [{ path: 'memberIdList', message: '所选党员不存在' }])
  }
  await db.deleteFrom('noticeMember').where('noticeId', '=', noticeId).where('memberId', 'in', visible).execute()
  if (inScope.length > 0) await db.insertInto('noticeMember').values(inScope.map((m) => ({ noticeId, memberId: m.id }))).execute()
}

const notice = resourceHandlers(noticeResource, {
  // A notice belongs to the tree of the account that made it (the root's for the super user).
  initial: (ctx) => ({ status: ENABLED, ownerOrgId: callerScope(ctx).orgId }),
  rows: (db) =>
    db
      .selectFrom('notice')
      .select(['notice.id', 'notice.name', 'notice.content', 'notice.status', 'notice.createTime'])
      .select((eb) =>
        eb.selectFrom('noticeMember').select(eb.fn.countAll<number>().as('n')).whereRef('noticeMember.noticeId', '=', 'notice.id').as('memberCount'),
      ),
  toRow: (row) => ({ ...row, memberCount: Number(row.memberCount ?? 0) }),
  values: ({ memberIdList: _members, ...fields }) => withCleanContent(fields),
  saved: replaceNoticeMembers,
})

/** An SMS carries up to 200 characters (spec 001 §5): a longer notice's text is cut and ends in “…”. */
const SMS_LENGTH = 200

/** POST /api/home/notice/send/{id}: the notice's text by SMS to its members, through the outbox. */
async function sendNotice(id: number, ctx: RequestContext) {
  const row = await ctx.db.selectFrom('notice').select(['name', 'content', 'status']).where('id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, '通知不存在')
  if (row.status !== ENABLED) throw new AppError(ErrorKey.CONFLICT, '通知已停用，不能发送')
  const members = await ctx.db.selectFrom('noticeMember').select('memberId').where('noticeId', '=', id).execute()
  if (members.length === 0) throw new AppError(ErrorKey.CONFLICT, '该通知还没有发送对象')
  const text = richTextAsPlain(row.content)
  const content = text.length > SMS_LENGTH ? `${text.slice(0, SMS_LENGTH - 1)}…` : text
  return queueSms(ctx, { title: row.name, content, homeId: null, examId: null }, members.map((m) => m.memberId))
}

const teacher = resourceHandlers(teacherResource, {
  values: async (fields, { db }) => {
    await assertUploaded(db, fields.avatarUrl as string, 'image', 'avatarUrl')
    return fields
  },
})

async function loadPortal(db: Db) {
  const [openHome, carousels, newest] = await Promise.all([
    db.selectFrom('home').select(['id', 'name']).where('status', '=', ENABLED).orderBy('id', 'desc').executeTakeFirst(),
    db.selectFrom('carousel').select(['id', 'imagePath', 'newsId']).where('status', '=', ENABLED).orderBy('id', 'desc').execute(),
    db
      .selectFrom('news')
      .select(['id', 'title', 'comeFrom', 'entryTime', 'imagePath'])
      .where('status', '=', ENABLED)
      .orderBy('entryTime', 'desc')
      .orderBy('id', 'desc')
      .limit(PORTAL_NEWS_COUNT)
      .execute(),
  ])
  return { home: openHome ?? null, carousels, news: newest }
}

/** News, home pages, carousels, notices, teachers (spec 001 §7) and the members' portal. */
export const contentHandlers = {
  ...news,
  ...home,
  'home.enable': async ({ id }, { db }) => {
    if (!(await db.selectFrom('home').select('id').where('id', '=', id).executeTakeFirst())) throw new AppError(ErrorKey.NOT_FOUND, '首页不存在')
    // One home page is open at a time: opening this one closes the others.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('home').set({ status: 0, updatedAt: nowText() }).where('status', '=', ENABLED).where('id', '!=', id).execute()
      await trx.updateTable('home').set({ status: ENABLED, updatedAt: nowText() }).where('id', '=', id).execute()
    })
    afterCommit(db, forgetPortal)
    return null
  },
  ...carousel,
  ...notice,
  // The members of the caller's tree only: the others are kept by an edit but not shown.
  'notice.members': async ({ id, name, pageNum, pageSize }, ctx) => {
    let query = ctx.db
      .selectFrom('noticeMember')
      .innerJoin('member', 'member.id', 'noticeMember.memberId')
      .where('noticeMember.noticeId', '=', id)
      .where('member.id', 'in', scopeIds.member(ctx.db, callerScope(ctx)))
    if (name) query = query.where(containsText('member.name', name))
    return onePage(query.select(['member.id', 'member.name', 'member.telephone', 'member.department']).orderBy('member.id'), query, { pageNum, pageSize })
  },
  // The paths under /api/home/notice reach the same notices (spec 001 §7 shows both sets).
  'homeNotice.list': notice['notice.list'],
  'homeNotice.delete': notice['notice.delete'],
  // Spec 001 §7 shows one POST for both: a body with `id` edits that notice.
  'homeNotice.save': async ({ id, ...fields }, ctx) =>
    id === undefined ? notice['notice.create'](fields, ctx) : notice['notice.update']({ id, ...fields }, ctx),
  'homeNotice.send': async ({ id }, ctx) => sendNotice(id, ctx),
  ...teacher,
  'portal.get': async (_input, { db, reply }) => {
    void reply.header('Cache-Control', 'public, max-age=30')
    return cachedPortal(() => loadPortal(db))
  },
  'portal.news': async ({ id }, { db }) => {
    const row = await db
      .selectFrom('news')
      .select(['id', 'title', 'comeFrom', 'entryTime', 'imagePath', 'content'])
      .where('id', '=', id)
      .where('status', '=', ENABLED)
      .executeTakeFirst()
    // A switched-off news item is as absent as a deleted one.
    if (!row) throw new AppError(ErrorKey.NOT_FOUND, '新闻不存在')
    return row
  },
} satisfies DomainHandlers<'news' | 'home' | 'carousel' | 'notice' | 'homeNotice' | 'teacher' | 'portal'>
