import { useEffect, useMemo, useState } from 'react'
import {
  Button,
  Input,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ChevronDownRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons'
import { orgDisplayName, type OrgNode, type OrgSearchHit } from '../../../src-shared/schemas/org'
import { call } from '../../lib/bridge'
import { useNotify } from '../toast'
import { TreeTable } from '../tree/TreeTable'
import { useLazyTree } from '../tree/useLazyTree'
import { knownOrgNames, orgTreeSource } from './orgSource'

export interface OrgTreeSelectProps {
  /** The chosen organisation's id, or null / undefined for none. */
  value: number | null | undefined
  /** The chosen organisation's name when the caller has it (a row's orgName); otherwise it is looked up. */
  valueName?: string | null
  onChange(id: number | null, name: string | null): void
  placeholder?: string
  /** Shows the × that empties the choice (filters); off where a choice is required. */
  clearable?: boolean
  disabled?: boolean
  /** Accessible name when there is no Field label around it. */
  'aria-label'?: string
  className?: string
}

const SEARCH_DELAY_MS = 300

const useStyles = makeStyles({
  trigger: { width: '100%', minWidth: '200px', cursor: 'pointer' },
  surface: { width: '420px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  hits: { maxHeight: '300px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  hit: { justifyContent: 'flex-start', textAlign: 'left', display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  path: { color: tokens.colorNeutralForeground3 },
  status: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  after: { display: 'flex', alignItems: 'center' },
})

/** The name of `id`: as given, as seen before, or from the server. */
function useOrgName(id: number | null | undefined, given: string | null | undefined): string {
  const [fetched, setFetched] = useState<{ id: number; name: string } | null>(null)
  const known = id ? (given ?? knownOrgNames.get(id)) : undefined
  useEffect(() => {
    if (!id || known !== undefined) return
    let live = true
    call('org.get', { id }).then(
      (org) => {
        knownOrgNames.set(org.id, org.name)
        if (live) setFetched({ id: org.id, name: org.name })
      },
      () => live && setFetched({ id, name: `组织 ${id}` }),
    )
    return () => {
      live = false
    }
  }, [id, known])
  if (!id) return ''
  return known ?? (fetched?.id === id ? fetched.name : '')
}

/** Hits of `text` (debounced), with the path of each from the top of the caller's tree. */
function useOrgSearch(text: string): { hits: OrgSearchHit[]; searching: boolean } {
  const [answer, setAnswer] = useState<{ text: string; hits: OrgSearchHit[] }>({ text: '', hits: [] })
  const notify = useNotify()
  const query = text.trim()
  useEffect(() => {
    if (!query) return
    let live = true
    const timer = setTimeout(() => {
      call('org.search', { name: query, limit: 50 }).then(
        (hits) => live && setAnswer({ text: query, hits }),
        (error: unknown) => live && notify.error(error),
      )
    }, SEARCH_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [query, notify])
  return { hits: answer.text === query ? answer.hits : [], searching: query !== '' && answer.text !== query }
}

function OrgPicker({ onPick }: { onPick(id: number, name: string): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [text, setText] = useState('')
  const source = useMemo(() => orgTreeSource(), [])
  const tree = useLazyTree<OrgNode>(source, { minLoadingMs: 300, onError: notify.error })
  const { hits, searching } = useOrgSearch(text)
  const columns = useMemo(() => [{ key: 'name', title: '组织名称', render: (org: OrgNode) => orgDisplayName(org) }], [])

  return (
    <>
      <Input
        autoFocus
        value={text}
        placeholder="搜索组织名称"
        aria-label="搜索组织名称"
        contentBefore={<SearchRegular />}
        onChange={(_, data) => setText(data.value)}
      />
      {text.trim() === '' ? (
        <TreeTable label="组织树" tree={tree} columns={columns} headless height="300px" onRowClick={(org) => onPick(org.id, org.name)} />
      ) : searching ? (
        <Spinner size="tiny" label="搜索中..." />
      ) : hits.length === 0 ? (
        <Text className={styles.status}>没有找到匹配的组织</Text>
      ) : (
        <div className={styles.hits} role="listbox" aria-label="搜索结果">
          {hits.map((hit) => (
            <Button
              key={hit.id}
              role="option"
              aria-selected={false}
              appearance="subtle"
              className={styles.hit}
              onClick={() => {
                knownOrgNames.set(hit.id, hit.name)
                onPick(hit.id, hit.name)
              }}
            >
              <span>{hit.name}</span>
              <Text size={200} className={styles.path}>
                {hit.path.map((step) => step.name).join(' / ')}
              </Text>
            </Button>
          ))}
        </div>
      )}
    </>
  )
}

/**
 * Picks one organisation from the caller's tree: a field that opens a popover with the
 * lazily loaded tree and a name search; × empties it. Used by filters and dialogs.
 */
export function OrgTreeSelect({
  value,
  valueName,
  onChange,
  placeholder = '请选择组织',
  clearable = true,
  disabled,
  className,
  ...aria
}: OrgTreeSelectProps) {
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  const name = useOrgName(value, valueName)

  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Input
          className={className ?? styles.trigger}
          readOnly
          disabled={disabled}
          value={name}
          placeholder={placeholder}
          aria-label={aria['aria-label']}
          aria-haspopup="dialog"
          onKeyDown={(event) => (event.key === 'Enter' || event.key === 'ArrowDown') && setOpen(true)}
          contentAfter={
            <span className={styles.after}>
              {clearable && value ? (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<DismissRegular />}
                  aria-label="清空"
                  onClick={(event) => {
                    event.stopPropagation()
                    onChange(null, null)
                  }}
                />
              ) : null}
              <ChevronDownRegular />
            </span>
          }
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label="选择组织">
        <OrgPicker
          onPick={(id, picked) => {
            setOpen(false)
            onChange(id, picked)
          }}
        />
      </PopoverSurface>
    </Popover>
  )
}
