import { useEffect, useState, type Ref } from 'react'
import { Combobox, makeStyles, Option } from '@fluentui/react-components'
import type { OrgSearchHit } from '../../src-shared/schemas/org'
import { call } from '../app/bridge'

export interface PickedOrg {
  id: number
  name: string
}

export interface OrgPickerProps {
  /** Name of the organisation picked now, shown until the user types. */
  label: string | null | undefined
  onChange(org: PickedOrg | null): void
  onBlur?(): void
  placeholder?: string
  ref?: Ref<HTMLInputElement>
}

// Fluent's combobox is at least 250px wide; here it fits the field it sits in.
const useStyles = makeStyles({ root: { minWidth: 0, width: '100%' }, input: { minWidth: 0, width: '100%' } })

/** Waits this long after the last keystroke before asking the server. */
const SEARCH_DELAY_MS = 250

/** The hit's name and, to tell apart branches of the same name, the organisations above it. */
function describe(hit: OrgSearchHit): string {
  const above = hit.path.slice(0, -1).map((node) => node.name)
  return above.length > 0 ? `${hit.name}（${above.join(' / ')}）` : hit.name
}

/**
 * Picks an organisation of the caller's scope by typing part of its name (the server
 * searches full and short names). Clearing the text clears the choice.
 */
export function OrgPicker({ label, onChange, onBlur, placeholder = '输入组织名称搜索', ref }: OrgPickerProps) {
  const styles = useStyles()
  const [text, setText] = useState(label ?? '')
  const [hits, setHits] = useState<OrgSearchHit[]>([])

  // A new choice from outside (another row, a reset) replaces what was typed.
  const [shownLabel, setShownLabel] = useState(label)
  if (label !== shownLabel) {
    setShownLabel(label)
    setText(label ?? '')
  }

  useEffect(() => {
    const name = text.trim()
    if (!name || name === label) return
    let current = true
    const timer = setTimeout(() => {
      call('org.search', { name, limit: 20 }).then(
        (found) => current && setHits(found),
        () => current && setHits([]),
      )
    }, SEARCH_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [text, label])

  return (
    <Combobox
      ref={ref}
      className={styles.root}
      input={{ className: styles.input }}
      freeform
      value={text}
      placeholder={placeholder}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value)
        if (!event.target.value.trim()) onChange(null)
      }}
      onOptionSelect={(_, data) => {
        const hit = hits.find((h) => String(h.id) === data.optionValue)
        if (!hit) return
        setText(hit.name)
        onChange({ id: hit.id, name: hit.name })
      }}
    >
      {hits.map((hit) => (
        <Option key={hit.id} value={String(hit.id)} text={hit.name}>
          {describe(hit)}
        </Option>
      ))}
    </Combobox>
  )
}
