import type { z } from 'zod'
import type { RouteDef } from '../../src-shared/contract'
import type { Db } from '../../src-server/db/types'
import { PLAUSIBLE } from './route-calls'

/*
 * Inputs built from a route's schemas that get past the checks a case does not test:
 * every field a value its schema accepts, every reference a record that exists. Shared by
 * the generated tests that call write routes (refusal-changes-nothing, operation-log-records).
 */

/** A field naming a record by the project's naming: `id`, `ids`, `…Id`, `…Ids`, `…IdList`. */
export const REFERENCE = /^(id|ids)$|Id$|Ids$|IdList$/
/** Besides PLAUSIBLE, values that pass stricter fields (a password's rules …). */
const ALSO_PLAUSIBLE: readonly unknown[] = ['Routes@12345', '2024-01-01 08:00']

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

/** An object of the fields' samples; an optional field whose own value cannot be built is left out. */
export function sampleObject(shape: Record<string, z.ZodType>): Record<string, unknown> {
  const entries = Object.entries(shape).flatMap(([key, field]) => {
    const value = sampleOf(field)
    return !accepts(field, value) && accepts(field, undefined) ? [] : [[key, value] as const]
  })
  return Object.fromEntries(entries)
}

/** A value `schema` accepts where one can be built: objects field by field, lists of one, leaves from the plausible values. */
function sampleOf(schema: z.ZodType): unknown {
  const def = defOf(schema)
  const leaves = [...PLAUSIBLE, ...ALSO_PLAUSIBLE]
  switch (def.type) {
    case 'object':
      return sampleObject(def.shape ?? {})
    case 'array':
      return [sampleOf(def.element as z.ZodType)]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType as z.ZodType)
    case 'union':
      return (def.options ?? []).map(sampleOf).find((v) => accepts(schema, v)) ?? sampleOf((def.options ?? [])[0])
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'pipe':
      // Preprocessed or transformed: built as what goes in or what comes out, whichever the whole accepts.
      return [sampleOf(def.in as z.ZodType), sampleOf(def.out as z.ZodType), ...leaves].find((v) => accepts(schema, v))
    default:
      return leaves.find((v) => accepts(schema, v))
  }
}

/** The first record of each table (by its camelCase name), for references that must exist. */
export type Existing = ReadonlyMap<string, number>

/** The table a reference names by the project's naming: `paper2Id` → paper, `categoryId` → questionCategory, `answers[].id` → examAnswer. */
function referencedTable(key: string, parent: string | undefined, route: RouteDef, existing: Existing): string | undefined {
  const stem =
    key === 'id' || key === 'ids'
      ? (parent?.replace(/(List|s)$/, '') ?? route.record ?? route.scope?.id)
      : key.replace(/(Ids|IdList|Id)$/, '').replace(/\d+$/, '')
  if (!stem) return undefined
  const ending = stem[0].toUpperCase() + stem.slice(1)
  return existing.has(stem) ? stem : [...existing.keys()].find((table) => table.endsWith(ending))
}

/**
 * The sample with every reference naming an existing record (1 where none is known), and
 * every end time after its start, so a case gets past the checks it does not test.
 */
export function realistic(value: unknown, route: RouteDef, existing: Existing, parent?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => realistic(v, route, existing, parent))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (typeof v === 'string' && /(^e|E)nd/.test(key)) return [key, v.replace(/^2024/, '2030')]
      if (!REFERENCE.test(key) || (typeof v === 'object' && !Array.isArray(v))) return [key, realistic(v, route, existing, key)]
      const table = referencedTable(key, parent, route, existing)
      const id = (table && existing.get(table)) ?? 1
      return [key, Array.isArray(v) ? v.map(() => id) : typeof v === 'string' ? String(id) : id]
    }),
  )
}


/** The smallest id of each table that has one, by the table's camelCase name. */
export async function firstRecords(db: Db, tables: readonly string[]): Promise<Existing> {
  const existing = new Map<string, number>()
  for (const table of tables) {
    const camel = table.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())
    const first = await db
      .selectFrom(camel as 'org')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirst()
      .catch(() => undefined)
    if (typeof first?.id === 'number') existing.set(camel, first.id)
  }
  return existing
}

