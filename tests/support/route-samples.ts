import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { RouteDef } from '../../src-shared/contract'
import type { Db } from '../../src-server/db/types'
import { declaredRecord } from '../../src-server/http/route-records'
import { scopeKinds } from '../../src-server/scope/kinds'
import { residentId } from '../../src-server/seed/demo-data'
import { routes } from '../../src-shared/api'
import type { UploadKind } from '../../src-shared/schemas/files'
import { ACCOUNT_PASSWORD, PLAUSIBLE, sendRoute } from './route-calls'

/*
 * Inputs built from a route's schemas that get past the checks a case does not test:
 * every field a value its schema accepts, every reference a record that exists. Shared by
 * the generated tests that call write routes (refusal-changes-nothing, operation-log-records).
 */

/** A field naming a record by the project's naming: `id`, `ids`, `…Id`, `…Ids`, `…IdList`. */
export const REFERENCE = /^(id|ids)$|Id$|Ids$|IdList$/
/** Besides PLAUSIBLE, values that pass stricter fields (a password's rules …). */
const ALSO_PLAUSIBLE: readonly unknown[] = [ACCOUNT_PASSWORD, '2024-01-01 08:00']

/** A value by field name, where its schema takes it: what the plausible values do not fit, or fit only alone. */
export type FieldValues = Readonly<Record<string, unknown>>

/**
 * Values of named fields that agree with the fields beside them and with the records and
 * sessions the tests make; a field's own schema must still accept its value.
 */
const FIELD_VALUES: FieldValues = {
  // A place picked on a training's map (longitude,latitude).
  address: '118.796877,32.060255',
  // A choice question's options and its key among them.
  stem: { A: '甲', B: '乙', C: '丙', D: '丁' },
  answer: 'A',
  // A training starts after its sign-up closes (the sign-up is open now) and ends after it starts.
  trainStartTime: '2030-01-01 08:00:00',
  trainEndTime: '2030-01-02 17:00:00',
  // Every account and member signs in with the accounts' password; a changed one is confirmed.
  password: ACCOUNT_PASSWORD,
  pwd: ACCOUNT_PASSWORD,
  oldPassword: ACCOUNT_PASSWORD,
  newPassword: 'Routes@67890',
  confirmPassword: 'Routes@67890',
  // A training takes any number of sign-ups (0: no limit): the console's and the phone's both.
  maxNum: 0,
  // A resident ID with its check digit (a training's sign-up may require one).
  cardsNumber: residentId('320102', '19800101', 101, 1),
}

// zod's own description of a schema, as far as the builder below reads it.
interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, unknown>
  values?: unknown[]
}
const defOf = (schema: z.ZodType) => schema.def as unknown as Def

/** Whether `schema` accepts `value` (a transform given what it does not expect may throw: no). */
export function accepts(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success
  } catch {
    return false
  }
}

/** The upload kind each stored-path field takes (its handler checks the file's type), by field name. */
const FILE_FIELDS: Readonly<Record<string, UploadKind>> = {
  imagePath: 'image',
  avatarUrl: 'image',
  weChatCodes: 'image',
  pdfUrl: 'pdf',
  resourceUrl: 'pdf',
  videoPath: 'video',
  resourcePath: 'video',
}

/** Field values naming files uploaded through the real upload route, one of each kind FILE_FIELDS names. */
export async function uploadedFiles(baseUrl: string, token: string): Promise<FieldValues> {
  const paths = new Map<UploadKind, string>()
  for (const kind of new Set(Object.values(FILE_FIELDS))) {
    const answer = await sendRoute(baseUrl, routes['files.upload'], { kind }, { Token: token })
    paths.set(kind, (JSON.parse(answer.bytes.toString()) as { data: { path: string }[] }).data[0].path)
  }
  return Object.fromEntries(Object.entries(FILE_FIELDS).map(([field, kind]) => [field, paths.get(kind)]))
}

/**
 * An object of the fields' samples (a named field its value in FIELD_VALUES or `values`, where
 * its schema takes it); an optional field whose own value cannot be built is left out.
 */
export function sampleObject(shape: Record<string, z.ZodType>, values: FieldValues = {}): Record<string, unknown> {
  const named = { ...FIELD_VALUES, ...values }
  const entries = Object.entries(shape).flatMap(([key, field]) => {
    const value = key in named && accepts(field, named[key]) ? named[key] : sampleOf(field, named)
    return !accepts(field, value) && accepts(field, undefined) ? [] : [[key, value] as const]
  })
  return Object.fromEntries(entries)
}

/** A value `schema` accepts where one can be built: objects field by field, lists of one, leaves from the plausible values. */
function sampleOf(schema: z.ZodType, values: FieldValues): unknown {
  const def = defOf(schema)
  const leaves = [...PLAUSIBLE, ...ALSO_PLAUSIBLE]
  switch (def.type) {
    case 'object':
      return sampleObject(def.shape ?? {}, values)
    case 'array':
      return [sampleOf(def.element as z.ZodType, values)]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType as z.ZodType, values)
    case 'union':
      return (def.options ?? []).map((o) => sampleOf(o, values)).find((v) => accepts(schema, v)) ?? sampleOf((def.options ?? [])[0], values)
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'pipe':
      // Preprocessed or transformed: built as what goes in or what comes out, whichever the whole accepts.
      return [sampleOf(def.in as z.ZodType, values), sampleOf(def.out as z.ZodType, values), ...leaves].find((v) => accepts(schema, v))
    default:
      return leaves.find((v) => accepts(schema, v))
  }
}

/**
 * Records a reference may name, by the table's camelCase name: the first of each table (a
 * seed record) and the newest (what the calls before made last: a route changes or deletes
 * the record an earlier create made, not the root organisation or the protected role).
 */
export interface Existing {
  first: ReadonlyMap<string, number>
  newest: ReadonlyMap<string, number>
}
export const noRecords: Existing = { first: new Map(), newest: new Map() }

/** What a reference names: its scope's table, else by the project's naming (`paper2Id` → paper, `categoryId` → category, `answers[].id` → answer, `id` the route's own table). */
function referenceStem(key: string, parent: string | undefined, route: RouteDef): string | undefined {
  // A reference the route's scope declares names its kind's table (`trainSignUpMemberId` a sign-up).
  const scoped = parent === undefined ? route.scope?.[key] : undefined
  if (scoped) return scopeKinds[scoped].table ?? scoped
  return key === 'id' || key === 'ids' ? (parent?.replace(/(List|s)$/, '') ?? declaredRecord(route)?.table) : key.replace(/(Ids|IdList|Id)$/, '').replace(/\d+$/, '')
}

/** Whether `table` is the one a reference's stem names: itself, or a table ending in it (`category` → questionCategory). */
export function namesTable(stem: string, table: string): boolean {
  return table === stem || table.endsWith(stem[0].toUpperCase() + stem.slice(1))
}

/** The stems of every reference in a sample value (see referenceStem). */
export function referenceStems(value: unknown, route: RouteDef, parent?: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => referenceStems(v, route, parent))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, v]) =>
    (REFERENCE.test(key) || (parent === undefined && route.scope?.[key] !== undefined)) && (typeof v !== 'object' || Array.isArray(v))
      ? [referenceStem(key, parent, route)].filter((stem) => stem !== undefined)
      : referenceStems(v, route, key),
  )
}

function referencedTable(key: string, parent: string | undefined, route: RouteDef, existing: Existing): string | undefined {
  const stem = referenceStem(key, parent, route)
  if (!stem) return undefined
  return existing.newest.has(stem) ? stem : [...existing.newest.keys()].find((table) => namesTable(stem, table))
}

/**
 * The sample with every reference naming an existing record (1 where none is known), and
 * every end time after its start, so a case gets past the checks it does not test. A
 * reference names the newest record of its table, but one into the route's own table
 * other than its `id` (an organisation's parent) the first, so it is not the record itself.
 */
export function realistic(value: unknown, route: RouteDef, existing: Existing, parent?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => realistic(v, route, existing, parent))
  if (value === null || typeof value !== 'object') return value
  const own = declaredRecord(route)?.table
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (typeof v === 'string' && /(^e|E)nd/.test(key)) return [key, v.replace(/^2024/, '2030')]
      // An idempotency key names one operation: each built input has its own.
      if (key === 'idempotencyKey') return [key, randomUUID()]
      const reference = REFERENCE.test(key) || (parent === undefined && route.scope?.[key] !== undefined)
      if (!reference || (typeof v === 'object' && !Array.isArray(v))) return [key, realistic(v, route, existing, key)]
      const table = referencedTable(key, parent, route, existing)
      const records = table === own && parent === undefined && key !== 'id' && key !== 'ids' ? existing.first : existing.newest
      const id = (table && records.get(table)) ?? 1
      return [key, Array.isArray(v) ? v.map(() => id) : typeof v === 'string' ? String(id) : id]
    }),
  )
}

/** The smallest and the largest id of each table that has one, by the table's camelCase name. */
export async function existingRecords(db: Db, tables: readonly string[]): Promise<Existing> {
  const first = new Map<string, number>()
  const newest = new Map<string, number>()
  for (const table of tables) {
    const camel = table.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())
    const ids = await db
      .selectFrom(camel as 'org')
      .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('newest')])
      .executeTakeFirst()
      .catch(() => undefined)
    if (typeof ids?.first === 'number') first.set(camel, ids.first)
    if (typeof ids?.newest === 'number') newest.set(camel, ids.newest)
  }
  return { first, newest }
}
