import type { FilterField } from '../FilterBar'
import { knownOrgNames } from './orgSource'
import { OrgTreeSelect } from './OrgTreeSelect'

/**
 * A list's organisation filter: the tree picker bound to the filter's id text, and the
 * organisation's name where the filter is written out (a printed list's title) — the
 * picker has learnt it when it was chosen.
 */
export function orgFilter(placeholder = '全部组织'): Required<Pick<FilterField, 'control' | 'summary'>> {
  return {
    control: (value, onChange) => (
      <OrgTreeSelect value={value ? Number(value) : null} onChange={(id) => onChange(id ? String(id) : undefined)} placeholder={placeholder} />
    ),
    summary: (value) => knownOrgNames.get(Number(value)) ?? `组织 ${value}`,
  }
}
