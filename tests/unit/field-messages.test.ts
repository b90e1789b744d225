import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { LoginFormSchema } from '../../src-shared/schemas/auth'
import { fallbackMessage, installFallbackMessages } from '../../src-shared/schemas/messages'

/**
 * Every field a user fills in has its own message: for each write route's body (the
 * forms of the console and the member pages) and the sign-in form, each field is given
 * what a form may hold — nothing, blank, text that is not a number, far too much — and no
 * problem may fall through to a message the field's schema does not word. Generated from
 * the route table: a new route is covered without new test code.
 */
const UNWORDED = '«unworded»'

/** What a form's controls can hand over: nothing, cleared (null), and text of any kind. Other shapes come only from programs (the fallback words them). */
const badValues: readonly [string, unknown][] = [
  ['absent', undefined],
  ['null', null],
  ['blank', ''],
  ['spaces', '   '],
  ['text where a number goes', 'abc'],
  ['a negative number', '-1'],
  ['a fraction', '1.5'],
  ['very long text', '字'.repeat(20_000)],
]

/**
 * Fields that only the programs fill: ids of the record a dialog edits, encrypted
 * sign-in data, the stored path an upload returned, what a QR code's link carries, and
 * the wizard's rows and status, which its own checks word (tests/unit/train-form.test.ts).
 */
const notTyped = new Set(['id', 'data', 'path', 'token', 'code', 'status', 'trainSchedules', 'trainResources'])
/** Routes whose training comes from the link, not from a field. */
const linkedTraining = new Set(['mobile.checkIn', 'mobile.signUp'])

const forms: [string, z.ZodObject][] = [
  ...Object.entries(routes as Record<string, RouteDef>)
    .filter(([, route]) => route.body && route.kind !== 'upload')
    .map(([name, route]) => [name, route.body!] as [string, z.ZodObject]),
  ['sign-in form', LoginFormSchema],
]

beforeAll(() => {
  z.config({ customError: () => UNWORDED })
})
afterAll(() => {
  installFallbackMessages()
})

const typedFields = (name: string, schema: z.ZodObject) =>
  Object.keys(schema.shape).filter((key) => !notTyped.has(key) && !(key === 'trainId' && linkedTraining.has(name)))

describe.each(forms.filter(([name, schema]) => typedFields(name, schema).length > 0))('%s', (name, schema) => {
  it.each(typedFields(name, schema))('%s words its own messages', (field) => {
    const unworded = badValues
      .filter(([, value]) => {
        const result = schema.safeParse({ [field]: value })
        return !result.success && result.error.issues.some((i) => i.path[0] === field && i.message === UNWORDED)
      })
      .map(([what]) => what)
    expect(unworded, `${field}: no message of its own for ${unworded.join(', ')}`).toEqual([])
  })
})

describe('the fallback for anything else', () => {
  it('is short Chinese without type names', () => {
    installFallbackMessages()
    const result = z.object({ n: z.number(), s: z.string().max(3), e: z.enum(['a', 'b']) }).safeParse({ s: 'abcd', e: 'c' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.message)).toEqual(['请填写此项', '最多 3 个字', '请选择有效的选项'])
    expect(fallbackMessage({ code: 'invalid_type', expected: 'number', input: 'x', path: [] } as never)).toBe('格式不正确')
    z.config({ customError: () => UNWORDED })
  })
})
