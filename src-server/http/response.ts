import fastJson, { type Schema } from 'fast-json-stringify'
import type { z } from 'zod'

type ZodDef = z.core.$ZodTypeDef & {
  checks?: { _zod: { def: { check: string } } }[]
  shape?: Record<string, z.core.$ZodType>
  catchall?: z.core.$ZodType
  element?: z.core.$ZodType
  innerType?: z.core.$ZodType
  options?: z.core.$ZodType[]
  valueType?: z.core.$ZodType
  values?: unknown[]
  entries?: Record<string, unknown>
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as ZodDef

/** The JSON Schema the serializer compiles (fast-json-stringify's own types know no bare anyOf). */
type JsonSchema = { type?: string; nullable?: boolean; [keyword: string]: unknown }

/** The JSON type of literal or enum values, when they share one. */
function typeOfValues(values: unknown[]): JsonSchema | undefined {
  const types = new Set(values.map((v) => (v === null ? 'null' : typeof v)))
  const [type] = types
  return types.size === 1 && ['string', 'number', 'boolean', 'null'].includes(type) ? { type } : undefined
}

/**
 * The serializer's schema for a zod schema whose output is the value itself: objects
 * (undeclared keys dropped, as zod drops them), arrays, records, primitives, literals,
 * enums, nullable, optional and unions of these. Anything that changes a value on the
 * way out (transform, pipe, default, trim …) or that has no JSON form gives undefined:
 * such a response is parsed by zod as before.
 */
function serializerSchemaOf(schema: z.core.$ZodType): JsonSchema | undefined {
  const def = defOf(schema)
  // A check that rewrites the value (trim, toLowerCase …) makes the output differ from the input.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return undefined
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { type: def.type }
    case 'any':
    case 'unknown':
      return {}
    case 'literal':
      return typeOfValues(def.values ?? [])
    case 'enum':
      return typeOfValues(Object.values(def.entries ?? {}))
    case 'readonly':
      return serializerSchemaOf(def.innerType!)
    case 'nullable': {
      const inner = serializerSchemaOf(def.innerType!)
      if (!inner) return undefined
      return inner.type !== undefined && inner.type !== 'null' ? { ...inner, nullable: true } : { anyOf: [inner, { type: 'null' }] }
    }
    case 'array': {
      const items = serializerSchemaOf(def.element!)
      return items && { type: 'array', items }
    }
    case 'record': {
      const values = serializerSchemaOf(def.valueType!)
      return values && { type: 'object', additionalProperties: values }
    }
    case 'union': {
      const options = def.options!.map(serializerSchemaOf)
      return options.every((o) => o !== undefined) ? { anyOf: options } : undefined
    }
    case 'object': {
      // A catch-all keeps undeclared keys (loose objects): left to zod.
      if (def.catchall && defOf(def.catchall).type !== 'never') return undefined
      const properties: Record<string, JsonSchema> = {}
      const required: string[] = []
      for (const [key, field] of Object.entries(def.shape!)) {
        const optional = defOf(field).type === 'optional'
        const property = serializerSchemaOf(optional ? defOf(field).innerType! : field)
        if (!property) return undefined
        properties[key] = property
        if (!optional) required.push(key)
      }
      return { type: 'object', properties, required, additionalProperties: false }
    }
    default:
      return undefined
  }
}

/**
 * The answer of a route, as text, written by a serializer compiled once from its zod
 * schema: only the declared fields leave (a password hash in a row never does), as
 * with zod's parse, at a fraction of its cost per request (parsing every answer and
 * JSON.stringify were 5 % of a member-list request's CPU in the profile of issue 16).
 * Undefined for a schema that changes values on the way out: such a route parses.
 */
export function compiledSerializer(schema: z.ZodType): ((value: unknown) => string) | undefined {
  const serializerSchema = serializerSchemaOf(schema)
  return serializerSchema && (fastJson(serializerSchema as Schema) as (value: unknown) => string)
}
