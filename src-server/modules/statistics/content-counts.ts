import { sql } from 'kysely'
import type { Db } from '../../db/types'

export interface ContentCounts {
  courseSourcesCount: number
  teacherNum: number
}

/**
 * The dashboard's training-resource and teacher counts. Courses and teachers are
 * province-wide content (docs/decisions.md, issue 10), so every account sees the same
 * figures here whatever its tree.
 */
export async function contentCounts(db: Db): Promise<ContentCounts> {
  const [resources, teachers] = await Promise.all([
    db.selectFrom('courseResource').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('teacher').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { courseSourcesCount: Number(resources.n), teacherNum: Number(teachers.n) }
}
