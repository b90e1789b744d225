import { useCallback, useState } from 'react'
import type { ListSort } from '../../src-shared/list-sort'
import { useSession } from './session'

export type Density = 'extra-small' | 'small' | 'medium'

export interface TableSettings {
  /** Keys of the columns the user hid. */
  hidden: readonly string[]
  density: Density
  /** The column the server sorts the list by, and which way; none: the list's own order. */
  sort?: ListSort
}

const DEFAULTS: TableSettings = { hidden: [], density: 'medium' }

/**
 * Column visibility, row density and sort of one list, remembered per account on this
 * computer (the renderer's own storage: they are how this user likes to read the list,
 * nothing the server needs to know). A stored value that no longer fits (a column gone,
 * an unknown density, a column no longer sortable) falls back to the default.
 */
export function useTableSettings(
  label: string,
  columnKeys: readonly string[],
  sortableKeys: readonly string[],
): [TableSettings, (next: TableSettings) => void] {
  const account = useSession().user?.name ?? ''
  const storageKey = `table-settings:${account}:${label}`
  const [settings, setSettings] = useState<TableSettings>(() => read(storageKey, columnKeys, sortableKeys))
  const save = useCallback(
    (next: TableSettings) => {
      setSettings(next)
      try {
        localStorage.setItem(storageKey, JSON.stringify(next))
      } catch {
        // Storage full or denied: the choice holds until the page closes.
      }
    },
    [storageKey],
  )
  return [settings, save]
}

function read(storageKey: string, columnKeys: readonly string[], sortableKeys: readonly string[]): TableSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<TableSettings> | null
    if (!stored) return DEFAULTS
    const hidden = Array.isArray(stored.hidden) ? stored.hidden.filter((k) => columnKeys.includes(k)) : []
    const density = stored.density === 'extra-small' || stored.density === 'small' ? stored.density : 'medium'
    const sort = stored.sort
    const sortable = sort && sortableKeys.includes(sort.orderBy) && (sort.order === 'asc' || sort.order === 'desc')
    // At least one column stays visible.
    return { hidden: hidden.length < columnKeys.length ? hidden : [], density, ...(sortable ? { sort: { orderBy: sort.orderBy, order: sort.order } } : {}) }
  } catch {
    return DEFAULTS
  }
}
