import type { ReactElement } from 'react'
import { Caption1, Dropdown, Field, Input, Option, Radio, RadioGroup, Textarea, type InputProps } from '@fluentui/react-components'
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
  /** Stores an emptied input as null (optional numbers: '' is not a number, null is "none"). */
  blankAsNull?: boolean
}

/**
 * How much of a limited text is used (12/50): the input stops at its limit, and the
 * counter says why typing stopped rather than the text being cut silently (issue 32).
 */
function LengthCounter({ value, max }: { value: unknown; max: number }) {
  const used = typeof value === 'string' ? value.length : 0
  return <Caption1 aria-label={`已输入 ${used} 个字，最多 ${max} 个字`}>{`${used}/${max}`}</Caption1>
}

/** A text input bound to a form value; with `maxLength`, stopped at it with a counter. */
export function TextField<T extends FieldValues, O>({
  type,
  placeholder,
  contentBefore,
  contentAfter,
  autoComplete,
  size,
  maxLength,
  autoFocus,
  blankAsNull,
  ...base
}: TextFieldProps<T, O>) {
  return (
    <FormField {...base}>
      {(field) => (
        <Input
          ref={field.ref}
          name={field.name}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(_, data) => field.onChange(blankAsNull && data.value.trim() === '' ? null : data.value)}
          onBlur={field.onBlur}
          type={type}
          placeholder={placeholder}
          contentBefore={contentBefore}
          contentAfter={contentAfter ?? (maxLength && type !== 'number' ? <LengthCounter value={field.value} max={maxLength} /> : undefined)}
          autoComplete={autoComplete}
          size={size}
          maxLength={maxLength}
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  )
}

export interface ChoiceOption<V extends string | number> {
  value: V
  label: string
}

export interface ChoiceFieldProps<T extends FieldValues, O, V extends string | number> extends FieldBase<T, O> {
  options: readonly ChoiceOption<V>[]
  /** `radio` for two or three short choices (性别, 是/否), `dropdown` otherwise. */
  appearance?: 'radio' | 'dropdown'
  placeholder?: string
}

/** One value out of a fixed list, as radio buttons or a dropdown; the form holds the option's own value (number or text). */
export function ChoiceField<T extends FieldValues, O, V extends string | number>({
  options,
  appearance = 'dropdown',
  placeholder = '请选择',
  ...base
}: ChoiceFieldProps<T, O, V>) {
  const find = (text: string | undefined) => options.find((option) => String(option.value) === text)
  return (
    <FormField {...base}>
      {(field) => {
        const current = options.find((option) => option.value === field.value)
        return appearance === 'radio' ? (
          <RadioGroup
            layout="horizontal"
            name={field.name}
            value={current ? String(current.value) : ''}
            onChange={(_, data) => field.onChange(find(data.value)?.value ?? null)}
          >
            {options.map((option) => (
              <Radio key={option.value} value={String(option.value)} label={option.label} />
            ))}
          </RadioGroup>
        ) : (
          <Dropdown
            ref={field.ref}
            placeholder={placeholder}
            value={current?.label ?? ''}
            selectedOptions={current ? [String(current.value)] : []}
            onOptionSelect={(_, data) => field.onChange(find(data.optionValue)?.value ?? null)}
            onBlur={field.onBlur}
          >
            {options.map((option) => (
              <Option key={option.value} value={String(option.value)}>
                {option.label}
              </Option>
            ))}
          </Dropdown>
        )
      }}
    </FormField>
  )
}

export interface TextAreaFieldProps<T extends FieldValues, O> extends FieldBase<T, O> {
  placeholder?: string
  rows?: number
  /** The schema's limit: typing stops there, and the hint counts (n/max). */
  maxLength?: number
}

/** A multi-line text bound to a form value (remarks, introductions, SMS content). */
export function TextAreaField<T extends FieldValues, O>({ placeholder, rows, maxLength, ...base }: TextAreaFieldProps<T, O>) {
  return (
    <FormField {...base}>
      {(field) => (
        <Textarea
          maxLength={maxLength}
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
