import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createTimeColumn, editSchemaOf } from '../../src-shared/fields'
import { filterLabel, type ResourceDescriptor } from '../../src-shared/resource'
import { carouselResource, homeResource, newsResource, noticeResource, teacherResource } from '../../src-shared/schemas/content'
import { courseResource, courseResourceResource } from '../../src-shared/schemas/course'
import { memberResource, MemberUpdateSchema } from '../../src-shared/schemas/member'
import { adminResource, AdminUpdateSchema, roleResource } from '../../src-shared/schemas/system'
import { examCategoryResource } from '../../src-shared/schemas/question'
import { answer, bases, probes } from './resource-fields.probes'

/**
 * Every resource's fields are declared once (issue 29) and its schema derived from them.
 * The derived schemas answer every probe as the hand-written ones did (their answers,
 * message for message, are the recorded fixture). One answer was changed on purpose: a
 * role's 角色名称 and 备注 refuse NUL like every other text (不能包含空字符), which the
 * hand-written role schema let through (docs/decisions.md). Members and accounts, moved later,
 * changed on purpose as the kit's fields answer: NUL refused in their texts, an avatar's path
 * trimmed ('' none, a bad one 文件路径无效，请重新上传) and a role's id taken as text too (decisions.md).
 */
const recorded = JSON.parse(readFileSync('tests/fixtures/resource-fields.json', 'utf8')) as Record<string, Record<string, Record<string, string>>>
const declared: readonly ResourceDescriptor[] = [newsResource, homeResource, carouselResource, noticeResource, teacherResource, courseResource, courseResourceResource, roleResource, examCategoryResource, memberResource, adminResource]

describe.each(declared.map((d) => [d.name, d] as const))('%s', (name, d) => {
  it('derives its schema from its declared fields, one for one', () => {
    expect(d.form).toBeDefined()
    expect(Object.keys(d.fields.shape)).toEqual(Object.keys(d.form ?? {}))
    for (const [key, decl] of Object.entries(d.form ?? {})) expect(d.fields.shape[key]).toBe(decl.schema)
  })

  it.each(Object.keys(recorded[name] ?? {}))('%s: accepts and refuses what the hand-written schema did, with its messages', (field) => {
    const got = Object.fromEntries(probes.map((p) => [p.name, answer(d.fields, bases[name], field, p.value)]))
    expect(got).toEqual(recorded[name][field])
  })

  it('labels its columns and filters from declarations', () => {
    for (const ref of d.columns ?? []) if (typeof ref === 'string') expect(d.form?.[ref], `column ${ref}`).toBeDefined()
    for (const key of Object.keys(d.filters)) expect(filterLabel(d, key)).not.toBe(key)
  })
})

/**
 * Schemas probed besides the create bodies: the update bodies of members and accounts and
 * what their edit dialogs check (CrudScreen's default), where an empty password keeps the old one.
 */
const probed: Record<string, z.ZodObject> = {
  'member:update': MemberUpdateSchema,
  'member:edit': editSchemaOf(memberResource.form),
  'admin:update': AdminUpdateSchema,
  'admin:edit': editSchemaOf(adminResource.form),
}

describe.each(Object.entries(probed))('%s', (name, schema) => {
  it.each(Object.keys(recorded[name]))('%s: accepts and refuses what the hand-written schema did, with its messages', (field) => {
    const got = Object.fromEntries(probes.map((p) => [p.name, answer(schema, bases[name], field, p.value)]))
    expect(got).toEqual(recorded[name][field])
  })
})

it('every recorded resource is declared or probed', () => {
  expect([...declared.map((d) => d.name), ...Object.keys(probed)].sort()).toEqual(Object.keys(recorded).sort())
  expect(createTimeColumn.title).toBe('创建时间')
})
