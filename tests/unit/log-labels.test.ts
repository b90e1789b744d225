import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { openDatabase } from '../../src-server/db/connect'
import { migrateToLatest } from '../../src-server/db/migrate'
import type { Db } from '../../src-server/db/types'
import { declaredRecord } from '../../src-server/http/route-records'
import { actionTitle, fieldTitle, moduleOptions, moduleTitle, recordTitle, valueLabel } from '../../src-renderer/components/logLabels'

/**
 * The operation log reads in the user's words: generated from the route table (every
 * write route's module and action) and from the migrated schema (every column of a
 * record the log keeps before and after), so a new route or column is covered too.
 */
const writes = Object.entries(routes as Record<string, RouteDef>).filter(([, route]) => route.method !== 'GET')

describe('operation log labels', () => {
  let db: Db
  beforeAll(async () => {
    db = openDatabase(':memory:').db
    await migrateToLatest(db, 'sqlite')
  })
  afterAll(() => db?.destroy())

  it.each(writes.map(([name]) => name))('%s has a short human action and a module from the permission tree', (name) => {
    const action = actionTitle(name)
    expect(action).toMatch(/^[^A-Za-z{}=/]{2,10}$/)
    expect(moduleTitle(name.split('.')[0])).not.toBe('其他')
  })

  it.each([...new Set(writes.flatMap(([, route]) => declaredRecord(route)?.table ?? []))])('names the %s records a write logs in Chinese', (table) => {
    expect(recordTitle(table, 4)).toMatch(/^[^A-Za-z]+ #4$/)
  })

  it('files organisation changes under 部门管理 and lists each module once', () => {
    expect(moduleTitle('org')).toBe('部门管理')
    expect(actionTitle('auth.login')).toBe('登录')
    const labels = moduleOptions().map((o) => o.label)
    expect(new Set(labels).size).toBe(labels.length)
    expect(moduleOptions().find((o) => o.label === '培训班管理')?.value.split(',').sort()).toEqual(['checkin', 'seat', 'seatPicture', 'signup', 'train'])
  })

  it('shows a stored code word as the form names it, and other values as they are', () => {
    expect([valueLabel('scorePolicy', 'highest'), valueLabel('scorePolicy', 'latest')]).toEqual(['取最高分', '取最后一次'])
    expect(valueLabel('passLine', '60')).toBe('60')
  })

  it('names every column of the audited records in Chinese', async () => {
    const tables = [
      ...['admin', 'role', 'org', 'member', 'upload', 'train', 'train_sign_up', 'train_location_picture', 'train_member_location', 'hour_target'],
      ...['train_check_in', 'member_exam', 'sms_setting'],
      ...['exam', 'paper', 'question', 'question_category', 'course', 'course_resource', 'course_comment', 'teacher', 'news', 'home', 'carousel', 'notice'],
    ]
    const unnamed: string[] = []
    for (const table of tables) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      expect(columns.rows.length, table).toBeGreaterThan(0)
      for (const { name } of columns.rows) {
        const key = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
        if (fieldTitle(key) === '其他字段') unnamed.push(`${table}.${key}`)
      }
    }
    expect(unnamed).toEqual([])
  })
})
