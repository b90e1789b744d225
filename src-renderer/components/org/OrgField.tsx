import type { FieldValues } from 'react-hook-form'
import { FormField, type FormFieldProps } from '../FormFields'
import { OrgTreeSelect } from './OrgTreeSelect'

/** A form value holding an organisation id, picked with the lazy tree; `valueName` names the initial one. */
export function OrgField<T extends FieldValues, O>({
  valueName,
  placeholder,
  ...base
}: Omit<FormFieldProps<T, O>, 'children'> & { valueName?: string | null; placeholder?: string }) {
  return (
    <FormField {...base}>
      {(field) => (
        <OrgTreeSelect
          value={typeof field.value === 'number' ? field.value : null}
          valueName={valueName}
          placeholder={placeholder}
          clearable={false}
          onChange={(id) => field.onChange(id)}
        />
      )}
    </FormField>
  )
}
