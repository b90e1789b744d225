import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { Draft } from '../../src-shared/ipc'
import { minutesOf } from '../../src-shared/date-text'
import { call } from '../lib/bridge'

/*
 * Drafts of long forms (issue 32). A form with a draft key keeps its values in the desktop
 * core as they are typed (drafts.save, per account, in the core's SQLite file), offers them
 * back when it opens again after a reload, a crash or Back (恢复草稿 / 放弃), and drops
 * them once saved. Forms of react-hook-form use `useDraft`, forms kept in React state
 * `useStateDraft`; both keep their draft through one keeper.
 */

/** How long typing pauses before the draft is written (one write per pause, not per key). */
const SAVE_DELAY_MS = 400

export interface DraftControl {
  /** Whether the check for a stored draft has answered (the training wizard shows its fields from then on, see TrainEditorPage). */
  ready: boolean
  /** A draft found when the form opened, until restored or dropped. */
  offer: Draft | null
  /** When the draft was last written (HH:mm shown), null before the first write. */
  savedAt: string | null
  restore(): void
  discard(): void
  /** The form was saved (or closed on purpose): its draft goes, and nothing more is written. */
  done(): void
}

/** Where a form's values are read from, and how a restored draft is put back. */
interface DraftSource<T> {
  read(): T
  apply(values: T): void
}

// The draft calls run one after another: a closing form's last write reaches the core
// before the next opening of the same form asks for it (separate requests may overtake).
let lastCall: Promise<unknown> = Promise.resolve()
function inOrder<T>(work: () => Promise<T>): Promise<T> {
  const next = lastCall.then(work, work)
  lastCall = next.catch(() => undefined)
  return next
}

/**
 * Keeps the draft of the form behind `source` under `key` (null: no draft, e.g. until the
 * record to edit is loaded); the form reports each change with `changed(dirty)`. Writes
 * start once the check for a stored draft has answered and any offer is restored or
 * dropped, so typing before deciding never overwrites it.
 */
function useDraftKeeper<T>(key: string | null, source: DraftSource<T>): { control: DraftControl; changed(dirty: boolean): void } {
  // The offer and the answered check belong to the key they were found under (a dialog opened for another record has none).
  const [found, setFound] = useState<{ key: string; draft: Draft } | null>(null)
  const offer = found && found.key === key ? found.draft : null
  const [checked, setChecked] = useState<string | null>(null)
  const [savedAt, setSavedAt] = useState<string | null>(null)
  // Whether changes are written: after the offer is settled, until the form is saved.
  const writing = useRef(false)
  // Whether the form differs from the record it opened with (an unchanged form keeps no draft).
  const dirty = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const write = useCallback(() => {
    timer.current = null
    if (!key || !writing.current) return
    if (!dirty.current) {
      void inOrder(() => call('drafts.discard', { key })).catch(() => undefined)
      return
    }
    const data = JSON.stringify(source.read())
    inOrder(() => call('drafts.save', { key, data }))
      .then(() => setSavedAt(minutesOf(new Date())))
      .catch(() => undefined)
  }, [key, source])

  const schedule = useCallback(() => {
    if (!writing.current) return
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(write, SAVE_DELAY_MS)
  }, [write])

  useEffect(() => {
    writing.current = false
    if (!key) return
    let current = true
    inOrder(() => call('drafts.get', { key }))
      .then((draft) => {
        if (!current) return
        if (draft) setFound({ key, draft })
        else {
          writing.current = true
          // Anything typed while the check was out is kept from now on.
          if (dirty.current) schedule()
        }
      })
      // Without a draft store (signed out) the form still works; it only keeps no draft.
      .catch(() => undefined)
      .finally(() => current && setChecked(key))
    return () => {
      current = false
    }
  }, [key, schedule])

  // Leaving the form (a route change, a closed dialog) writes what is still waiting.
  useEffect(
    () => () => {
      if (!timer.current) return
      clearTimeout(timer.current)
      write()
    },
    [write],
  )

  const changed = useCallback(
    (isDirty: boolean) => {
      dirty.current = isDirty
      schedule()
    },
    [schedule],
  )

  const control: DraftControl = {
    ready: !key || checked === key,
    offer,
    savedAt,
    restore() {
      if (!offer) return
      source.apply(JSON.parse(offer.data) as T)
      setFound(null)
      writing.current = true
    },
    discard() {
      if (key) void inOrder(() => call('drafts.discard', { key })).catch(() => undefined)
      setFound(null)
      writing.current = true
      // What was typed while the offer stood becomes the draft.
      if (dirty.current) schedule()
    },
    done() {
      writing.current = false
      if (timer.current) clearTimeout(timer.current)
      timer.current = null
      if (key) void inOrder(() => call('drafts.discard', { key })).catch(() => undefined)
    },
  }
  return { control, changed }
}

/** The draft of a react-hook-form form (the training wizard, every `FormDialog` with a draft key). */
export function useDraft<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, key: string | null): DraftControl {
  const source = useMemo<DraftSource<T>>(
    () => ({
      read: () => form.getValues(),
      // A draft kept before the form gained a field fills the rest from the record. The
      // record's values stay the defaults: the restored form counts as changed, so leaving it asks.
      apply: (values) => form.reset({ ...form.formState.defaultValues, ...values } as T, { keepDefaultValues: true }),
    }),
    [form],
  )
  const { control, changed } = useDraftKeeper(key, source)
  useEffect(
    () => form.subscribe({ formState: { values: true, isDirty: true }, callback: (state) => changed(Boolean(state.isDirty)) }),
    [form, changed],
  )
  return control
}

/**
 * The draft of a form kept in React state (the paper and question dialogs): `value` is
 * what the form holds, `initial` what it opened with (compared as JSON), `apply` puts a
 * restored draft back. Says also whether the form has unsaved changes.
 */
export function useStateDraft<T>(key: string | null, value: T, initial: T, apply: (value: T) => void): { draft: DraftControl; dirty: boolean } {
  const latest = useRef(value)
  const source = useMemo<DraftSource<T>>(() => ({ read: () => latest.current, apply }), [apply])
  const { control, changed } = useDraftKeeper(key, source)
  const dirty = JSON.stringify(value) !== JSON.stringify(initial)
  useEffect(() => {
    latest.current = value
    changed(dirty)
  }, [value, dirty, changed])
  return { draft: control, dirty }
}

const useStyles = makeStyles({
  saved: { color: tokens.colorNeutralForeground3 },
})

/** The offer of a draft found (恢复草稿 / 放弃), or a quiet note of when the draft was last kept. */
export function DraftNote({ draft, className }: { draft: DraftControl; className?: string }) {
  const styles = useStyles()
  if (draft.offer) {
    return (
      <MessageBar intent="info" className={className}>
        <MessageBarBody>有一份未保存的草稿（{draft.offer.savedAt}），是否恢复？</MessageBarBody>
        <MessageBarActions>
          <Button size="small" appearance="primary" onClick={draft.restore}>
            恢复草稿
          </Button>
          <Button size="small" onClick={draft.discard}>
            放弃
          </Button>
        </MessageBarActions>
      </MessageBar>
    )
  }
  if (!draft.savedAt) return null
  return (
    <Text size={200} className={`${styles.saved} ${className ?? ''}`} role="status">
      草稿已自动保存（{draft.savedAt.slice(11)}）
    </Text>
  )
}
