import type { ReactElement } from 'react'
import { Field, Input, Textarea, type InputProps } from '@fluentui/react-components'
import {
  useController,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form'

interface FieldBase<T extends FieldValues, O> {
  control: Control<T, unknown, O>
  name: FieldPath<T>
  label: string
  required?: boolean
  hint?: string
  className?: string
}

export interface FormFieldProps<T extends FieldValues, O> extends FieldBase<T, O> {
  /** The control bound to the form value, e.g. a RadioGroup or Dropdown. */
  children(field: ControllerRenderProps<T, FieldPath<T>>, state: ControllerFieldState): ReactElement
}

/** A Fluent Field bound to one form value; its validation message comes from the form (schema or server). */
export function FormField<T extends FieldValues, O>({ control, name, label, required, hint, className, children }: FormFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <Field
      className={className}
      label={label}
      required={required}
      hint={hint}
      validationMessage={fieldState.error?.message}
      validationState={fieldState.error ? 'error' : 'none'}
    >
      {children(field, fieldState)}
    </Field>
  )
}

export interface TextFieldProps<T extends FieldValues, O>
  extends FieldBase<T, O>, Pick<InputProps, 'type' | 'placeholder' | 'contentBefore' | 'contentAfter' | 'autoComplete' | 'size' | 'maxLength'> {
  autoFocus?: boolean
}

/** A text input bound to a form value. */
export function TextField<T extends FieldValues, O>({
  type,
  placeholder,
  contentBefore,
  contentAfter,
  autoComplete,
  size,
  maxLength,
  autoFocus,
  ...base
}: TextFieldProps<T, O>) {
  return (
    <FormField {...base}>
      {(field) => (
        <Input
          ref={field.ref}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(_, data) => field.onChange(data.value)}
          onBlur={field.onBlur}
          type={type}
          placeholder={placeholder}
          contentBefore={contentBefore}
          contentAfter={contentAfter}
          autoComplete={autoComplete}
          size={size}
          maxLength={maxLength}
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  )
}

export interface TextAreaFieldProps<T extends FieldValues, O> extends FieldBase<T, O> {
  placeholder?: string
  rows?: number
}

/** A multi-line text bound to a form value (remarks, introductions, SMS content). */
export function TextAreaField<T extends FieldValues, O>({ placeholder, rows, ...base }: TextAreaFieldProps<T, O>) {
  return (
    <FormField {...base}>
      {(field) => (
        <Textarea
          ref={field.ref}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(_, data) => field.onChange(data.value)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          rows={rows}
        />
      )}
    </FormField>
  )
}
