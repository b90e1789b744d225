import type { FieldValues } from 'react-hook-form'
import { DateTimeInput } from '../DateTimeInput'
import { FormField, type FormFieldProps } from '../FormFields'
import { RichText } from '../RichText'
import { ImageUpload } from '../upload/ImageUpload'

type FieldProps<T extends FieldValues, O> = Omit<FormFieldProps<T, O>, 'children'>

/** Rich text bound to a form value (HTML; the server sanitises it again). */
export function RichTextField<T extends FieldValues, O>(props: FieldProps<T, O>) {
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
export function DateField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return (
    <FormField {...props}>
      {(field) => (
        <DateTimeInput dateOnly aria-label={props.label} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />
      )}
    </FormField>
  )
}
