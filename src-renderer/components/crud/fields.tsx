import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { Dropdown, Option } from '@fluentui/react-components'
import type { Control, FieldValues } from 'react-hook-form'
import type { FieldDecl, FieldDecls } from '../../../src-shared/fields'
import { DateTimeInput } from '../DateTimeInput'
import { FileUpload } from '../FileUpload'
import { FULL_ROW } from '../FormDialog'
import { ChoiceField, FormField, TextAreaField, TextField, type FormFieldProps, type TextFieldProps } from '../FormFields'
import { RichText } from '../RichText'
import { useNotify } from '../toast'
import { ImageUpload } from '../upload/ImageUpload'
import { allOf } from './resource-call'

type FieldProps<T extends FieldValues, O> = Omit<FormFieldProps<T, O>, 'children'>

/** Rich text bound to a form value (HTML; the server sanitises it again). */
function RichTextField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return (
    <FormField {...props}>
      {(field, state) => <RichText value={(field.value as string | undefined) ?? ''} onChange={field.onChange} label={props.label} invalid={!!state.error} />}
    </FormField>
  )
}

/** One uploaded image (jpg, jpeg, png under 1 MB) bound to a form value. */
export function ImageField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return (
    <FormField {...props}>
      {(field) => <ImageUpload value={field.value as string | null} onChange={field.onChange} label={`上传${props.label}`} />}
    </FormField>
  )
}

/** A date `yyyy-MM-dd` through the console's Chinese picker (the platform's own follows the OS language). */
function DateField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return (
    <FormField {...props}>
      {(field) => (
        <DateTimeInput dateOnly aria-label={props.label} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />
      )}
    </FormField>
  )
}

/** A record of another resource picked by its `text` from that resource's `all` list; an optional one offers `none`. */
function ReferenceField({ reference, ...props }: FieldProps<FieldValues, FieldValues> & { reference: NonNullable<FieldDecl['reference']> }) {
  const notify = useNotify()
  const [records, setRecords] = useState<Record<string, unknown>[]>([])
  useEffect(() => {
    allOf(reference.resource).then(setRecords, notify.error)
  }, [reference.resource, notify])
  const textOf = (id: unknown) => {
    const found = records.find((record) => record.id === id)
    return found ? String(found[reference.text]) : undefined
  }
  return (
    <FormField {...props}>
      {(field) => (
        <Dropdown
          ref={field.ref}
          placeholder={`请选择${props.label}`}
          value={textOf(field.value) ?? reference.none ?? ''}
          selectedOptions={field.value ? [String(field.value)] : reference.none ? [''] : []}
          onOptionSelect={(_, data) => field.onChange(data.optionValue ? Number(data.optionValue) : null)}
          onBlur={field.onBlur}
        >
          {reference.none !== undefined && <Option value="">{reference.none}</Option>}
          {records.map((record) => (
            <Option key={String(record.id)} value={String(record.id)}>
              {String(record[reference.text])}
            </Option>
          ))}
        </Dropdown>
      )}
    </FormField>
  )
}

/**
 * A password declared `own` with an `onEdit` schema: required on add; on edit, left empty,
 * the old one stays (a member's, an account's). `hint`, `placeholder` and `maxLength` are the screen's.
 */
export function KeptPasswordField({
  control,
  name,
  decl,
  editing,
  ...shown
}: { control: Control<FieldValues>; name: string; decl: FieldDecl; editing: boolean } & Pick<TextFieldProps<FieldValues, FieldValues>, 'hint' | 'placeholder' | 'maxLength'>) {
  return <TextField control={control} name={name} label={decl.label} type="password" required={!editing} autoComplete="new-password" {...shown} />
}

/** The dialog control of one declared field, by its kind. */
function DeclaredField({ control, name, decl, autoFocus }: { control: Control<FieldValues>; name: string; decl: FieldDecl; autoFocus: boolean }) {
  const base = { control, name, label: decl.label, required: decl.required, hint: decl.hint, className: decl.fullRow || decl.kind === 'richText' ? FULL_ROW : undefined }
  switch (decl.kind) {
    case 'text':
    case 'integer':
      return (
        <TextField
          {...base}
          maxLength={decl.kind === 'text' ? decl.max : undefined}
          placeholder={decl.placeholder}
          autoComplete={decl.autoComplete}
          blankAsNull={decl.kind === 'integer' && !decl.required}
          autoFocus={autoFocus}
        />
      )
    case 'longText':
      return <TextAreaField {...base} maxLength={decl.max} rows={4} />
    case 'richText':
      return <RichTextField {...base} />
    case 'date':
      return <DateField {...base} />
    case 'image':
      return <ImageField {...base} />
    case 'file':
      return (
        <FormField {...base}>
          {(field) => <FileUpload kind={decl.upload ?? 'attachment'} value={field.value as string | null} onChange={(file) => field.onChange(file?.path ?? null)} label={`上传${decl.label}`} />}
        </FormField>
      )
    case 'choice':
      return <ChoiceField {...base} options={decl.options ?? []} appearance={(decl.options?.length ?? 0) <= 3 ? 'radio' : 'dropdown'} />
    case 'reference':
      return decl.reference ? <ReferenceField {...base} reference={decl.reference} /> : null
    case 'own':
      throw new Error(`字段 ${name} 由界面自己绘制，但界面没有给出`)
  }
}

/**
 * A dialog's controls drawn from the declared fields, in their order; `controls` draws a
 * field the screen draws itself (by name). The first text input takes the focus.
 */
export function DeclaredFields({ form, control, controls }: { form: FieldDecls; control: Control<FieldValues>; controls: Record<string, () => ReactNode> }) {
  const shown = Object.entries(form).filter(([, decl]) => !decl.hidden)
  const focused = shown.find(([name, decl]) => !controls[name] && decl.kind === 'text')?.[0]
  return shown.map(([name, decl]) => (
    <Fragment key={name}>{controls[name]?.() ?? <DeclaredField control={control} name={name} decl={decl} autoFocus={name === focused} />}</Fragment>
  ))
}

/** A new record's values: each field's `initial`, or its kind's empty value. */
export function blankOf(form: FieldDecls): FieldValues {
  const empty = (decl: FieldDecl): unknown => {
    if (decl.initial !== undefined) return decl.initial
    if (decl.kind === 'image' || decl.kind === 'file' || ((decl.kind === 'reference' || decl.kind === 'integer') && !decl.required)) return null
    if (decl.kind === 'choice' || decl.kind === 'reference' || decl.kind === 'own') return undefined
    return ''
  }
  return Object.fromEntries(Object.entries(form).map(([name, decl]) => [name, empty(decl)]))
}

/** A record's values for its dialog: the declared fields it has. */
export function valuesOf(form: FieldDecls, record: Record<string, unknown>): FieldValues {
  return Object.fromEntries(Object.keys(form).map((name) => [name, record[name]]))
}
