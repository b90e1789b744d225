import { z } from 'zod'
import { intLike, numberLike, optionalText, positiveId, requiredText } from './schemas/common'
import { optionalStoredPath, storedPath, type UploadKind } from './schemas/files'

/**
 * A resource's fields, declared once (issue 29): label, kind, limits and options. The zod
 * schema the server and the dialog check with is derived from them (`fieldsSchema`), and
 * so are the dialog's controls, the list's columns and the filters' labels (CrudScreen).
 */
export type FieldKind = 'text' | 'longText' | 'richText' | 'date' | 'image' | 'file' | 'integer' | 'choice' | 'reference' | 'own'

export interface ChoiceOption {
  value: number
  label: string
}

/** What any field may say besides its kind and limits. */
export interface FieldOptions {
  /** The message when it is missing, when not 请输入 / 请选择 / 请上传 and the label. */
  message?: string
  /** A list column's width (a field is a column where the descriptor's `columns` names it). */
  width?: string
  /** Spans the dialog's whole row. */
  fullRow?: boolean
  hint?: string
  /** Not drawn in the dialog: the screen gives its value (a course's resources: the course). */
  hidden?: true
  /** A new record's value, when not the kind's empty one. */
  initial?: unknown
  /** What an empty text box shows (同职级年限: 最小为 1). */
  placeholder?: string
  /** What the browser may fill a text box with (`off`: nothing; a telephone, an account name). */
  autoComplete?: string
}

export interface FieldDecl<S extends z.ZodType = z.ZodType> extends FieldOptions {
  kind: FieldKind
  label: string
  required: boolean
  /** The schema derived from the declaration. */
  schema: S
  /** The schema on edit, where it differs: a password required on add that, left empty, keeps the old one. */
  onEdit?: z.ZodType
  /** Text: most characters; integer: largest value. */
  max?: number
  min?: number
  options?: readonly ChoiceOption[]
  /** file: what may be uploaded. */
  upload?: UploadKind
  /** reference: the resource whose `all` route lists the choices, the row field naming each, and the label of "none" for an optional one. */
  reference?: { resource: string; text: string; none?: string }
}

export type FieldDecls = Record<string, FieldDecl>

/** The zod object of a resource's declared fields: the create body (update adds `id`). */
export type SchemaOf<F extends FieldDecls> = z.ZodObject<{ [K in keyof F]: F[K]['schema'] }>

export function fieldsSchema<F extends FieldDecls>(fields: F): SchemaOf<F> {
  return z.object(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.schema]))) as unknown as SchemaOf<F>
}

/** A field's schema on edit: its `onEdit` one where it has one. */
type EditOf<D extends FieldDecl> = NonNullable<D['onEdit']> extends z.ZodType ? NonNullable<D['onEdit']> : D['schema']

/** The zod object an edit is checked with: each field's `onEdit` schema where it has one (the update body adds `id`). */
export type EditSchemaOf<F extends FieldDecls> = z.ZodObject<{ [K in keyof F]: EditOf<F[K]> }>

export function editSchemaOf<F extends FieldDecls>(fields: F): EditSchemaOf<F> {
  return z.object(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.onEdit ?? f.schema]))) as unknown as EditSchemaOf<F>
}

type RequiredText = ReturnType<typeof requiredText>
type OptionalText = ReturnType<typeof optionalText>
type Required<R, Y, N> = R extends true ? Y : N

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A date `yyyy-MM-dd`, `message` when missing. */
function dateText(message: string) {
  return z.string({ error: message }).trim().min(1, message).regex(DATE, '日期格式应为 yyyy-MM-dd')
}

/**
 * Rich text from the editor; the server sanitises it before storing and refuses it again
 * when nothing visible is left (src-server/files/rich-text.ts `cleanRequiredRichText`).
 */
export const richText = (message: string) => z.string({ error: message }).max(200_000, '内容过长').refine(hasVisibleContent, message)

/** Whether rich text shows anything: words (markup and non-breaking spaces aside) or a picture. */
export function hasVisibleContent(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '' || /<img\b/i.test(html)
}

/** An optional reference: empty is none (null). */
function optionalReference(message: string) {
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), intLike.pipe(z.number().int().positive(message)).nullable())
}

/** A text's limits: most characters, and the message beyond them when not 最多 n 个字 (required text). */
type TextLimits<R> = FieldOptions & { max: number; tooLong?: string; required?: R }

function textField<const R extends boolean = false>(kind: 'text' | 'longText', label: string, o: TextLimits<R>) {
  const required = o.required ?? false
  const schema = required ? requiredText(o.message ?? `请输入${label}`, o.max, o.tooLong) : optionalText(o.max, o.tooLong)
  return { ...o, kind, label, required, schema: schema as Required<R, RequiredText, OptionalText> }
}

function pathField<const R extends boolean = false>(kind: 'image' | 'file', label: string, o: FieldOptions & { required?: R; upload?: UploadKind }) {
  const required = o.required ?? false
  const schema = required ? storedPath(o.message ?? `请上传${label}`) : optionalStoredPath
  return { ...o, kind, label, required, schema: schema as Required<R, ReturnType<typeof storedPath>, typeof optionalStoredPath> }
}

/** The field builders: each gives its declaration with the schema derived from it. */
export const field = {
  /** One line of text up to `max` characters (trimmed; blank is missing, or null when optional). */
  text: <const R extends boolean = false>(label: string, o: TextLimits<R>) => textField('text', label, o),
  /** Several lines of plain text (an introduction). */
  longText: <const R extends boolean = false>(label: string, o: TextLimits<R>) => textField('longText', label, o),
  /** HTML from the rich-text editor (required: something visible). */
  richText: (label: string, o: FieldOptions = {}) => ({ ...o, kind: 'richText' as const, label, required: true, schema: richText(o.message ?? `请输入${label}`) }),
  /** A date `yyyy-MM-dd` (required). */
  date: (label: string, o: FieldOptions = {}) => ({ ...o, kind: 'date' as const, label, required: true, schema: dateText(o.message ?? `请选择${label}`) }),
  /** An uploaded picture (jpg, jpeg, png under 1 MB): its stored path. */
  image: <const R extends boolean = false>(label: string, o: FieldOptions & { required?: R } = {}) => pathField('image', label, o),
  /** An uploaded file of `upload`'s kind: its stored path. */
  file: <const R extends boolean = false>(label: string, o: FieldOptions & { required?: R; upload: UploadKind }) => pathField('file', label, o),
  /**
   * A whole number, typed or as text, within `min` (`tooSmall` below it) / `max`; an optional
   * one (`required: false`) is null when left blank.
   */
  integer: <const R extends boolean = true>(label: string, o: FieldOptions & { min?: number; max?: number; tooSmall?: string; required?: R } = {}) => {
    const message = o.message ?? `请输入${label}`
    let number = z.number({ error: message }).int(`${label}必须是整数`)
    if (o.min !== undefined) number = number.min(o.min, o.tooSmall ?? `${label}不能小于 ${o.min}`)
    if (o.max !== undefined) number = number.max(o.max, `${label}不能大于 ${o.max}`)
    const required = o.required ?? true
    const given = numberLike(number, message)
    const blankIsNull = z.preprocess((v) => (v === '' ? null : v), given.nullish()).transform((v) => v ?? null)
    return { ...o, kind: 'integer' as const, label, required, schema: (required ? given : blankIsNull) as Required<R, typeof given, typeof blankIsNull> }
  },
  /** One of `options` (required), by its number. */
  choice: <const O extends readonly ChoiceOption[]>(label: string, o: FieldOptions & { options: O }) => {
    const message = o.message ?? `请选择${label}`
    const values = z.union(o.options.map((option) => z.literal(option.value)), { error: message }) as unknown as z.ZodType<O[number]['value'], number>
    return { ...o, kind: 'choice' as const, label, required: true, schema: numberLike(values, message) }
  },
  /** A record of another resource, by id, picked from its `all` list. */
  reference: <const R extends boolean = false>(label: string, o: FieldOptions & { required?: R; to: string; text: string; none?: string }) => {
    const { to, text, none, ...rest } = o
    const required = o.required ?? false
    const message = o.message ?? `请选择${label}`
    const schema = required ? positiveId(message) : optionalReference(message)
    return {
      ...rest,
      kind: 'reference' as const,
      label,
      required,
      reference: { resource: to, text, none },
      schema: schema as Required<R, ReturnType<typeof positiveId>, ReturnType<typeof optionalReference>>,
    }
  },
  /**
   * One line of text checked by a schema of its own: a mobile or identity number
   * (identity.ts), whose checks and messages are the same in every form and import.
   */
  checkedText: <S extends z.ZodType>(label: string, schema: S, o: FieldOptions & { required?: boolean } = {}) => ({ ...o, kind: 'text' as const, label, required: o.required ?? false, schema }),
  /** A field the screen draws itself (CrudScreen's `controls`), checked by `schema` (`onEdit` when editing, if given). */
  own: <S extends z.ZodType, E extends z.ZodType = S>(label: string, schema: S, o: FieldOptions & { required?: boolean; onEdit?: E } = {}) => ({ ...o, kind: 'own' as const, label, required: o.required ?? false, schema }),
} satisfies Record<string, (...args: never[]) => FieldDecl>

/**
 * A list column: a declared field by name (its label, width and kind), or a row value
 * the dialog does not edit (`createTimeColumn`, a joined name).
 */
export interface ColumnDecl {
  key: string
  title: string
  width?: string
  /** `dateTime`: shown to the minute (yyyy-MM-dd HH:mm). */
  kind?: 'text' | 'dateTime'
}

export type ColumnRef = string | ColumnDecl

/** When a record was made: the last column of most lists. */
export const createTimeColumn = { key: 'createTime', title: '创建时间', width: '180px', kind: 'dateTime' } as const satisfies ColumnDecl
