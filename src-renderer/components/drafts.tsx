import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { Draft } from '../../src-shared/ipc'
import { minutesOf } from '../../src-shared/date-text'
import { call } from '../lib/bridge'

/*
 * Drafts of long forms (issue 32). A form with a draft key keeps its values in the desktop
 * core as they are typed (drafts.save, per account, in the core's SQLite file), offers them
 * back when it opens again after a reload, a crash or Back (恢复草稿 / 放弃), and drops
 * them once saved. `useLeaveGuard` asks before the page is reloaded or the window closed
 * while the form holds unsaved changes.
 */

/** How long typing pauses before the draft is written (one write per pause, not per key). */
const SAVE_DELAY_MS = 400

export interface DraftControl {
  /** A draft found when the form opened, until restored or dropped. */
  offer: Draft | null
  /** When the draft was last written (HH:mm shown), null before the first write. */
  savedAt: string | null
  restore(): void
  discard(): void
  /** The form was saved: its draft goes, and nothing more is written. */
  done(): void
}

/**
 * Keeps `form`'s draft under `key` (null: no draft, e.g. until the record to edit is
 * loaded). Writes start once any offered draft is restored or dropped, so typing before
 * deciding never overwrites it.
 */
export function useDraft<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, key: string | null): DraftControl {
  // The offer belongs to the key it was found under (a dialog opened for another record has none).
  const [found, setFound] = useState<{ key: string; draft: Draft } | null>(null)
  const offer = found && found.key === key ? found.draft : null
  const setOffer = (draft: null) => setFound(draft)
  const [savedAt, setSavedAt] = useState<string | null>(null)
  // Whether typing is written: after the offer is settled, until the form is saved.
  const writing = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    writing.current = false
    if (!key) return
    let current = true
    call('drafts.get', { key })
      .then((draft) => {
        if (!current) return
        if (draft) setFound({ key, draft })
        else writing.current = true
      })
      // Without a draft store (signed out) the form still works; it only keeps no draft.
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [key])

  // Whether the form differs from the record it opened with (an unchanged form keeps no draft).
  const dirty = useRef(false)
  const write = useCallback(() => {
    timer.current = null
    if (!key || !writing.current) return
    if (!dirty.current) {
      void call('drafts.discard', { key }).catch(() => undefined)
      return
    }
    const data = JSON.stringify(form.getValues())
    call('drafts.save', { key, data })
      .then(() => setSavedAt(minutesOf(new Date())))
      .catch(() => undefined)
  }, [form, key])

  useEffect(() => {
    const unsubscribe = form.subscribe({
      formState: { values: true, isDirty: true },
      callback: (state) => {
        dirty.current = Boolean(state.isDirty)
        if (!writing.current) return
        if (timer.current) clearTimeout(timer.current)
        timer.current = setTimeout(write, SAVE_DELAY_MS)
      },
    })
    return () => {
      unsubscribe()
      // Leaving the form (a route change, a closed dialog) writes what is still waiting.
      if (timer.current) {
        clearTimeout(timer.current)
        write()
      }
    }
  }, [form, write])

  const restore = () => {
    if (!offer) return
    // The record's values stay the defaults: the restored form counts as changed, so leaving it asks.
    form.reset(JSON.parse(offer.data) as T, { keepDefaultValues: true })
    setOffer(null)
    writing.current = true
  }
  const discard = () => {
    if (key) void call('drafts.discard', { key }).catch(() => undefined)
    setOffer(null)
    writing.current = true
  }
  const done = () => {
    writing.current = false
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    if (key) void call('drafts.discard', { key }).catch(() => undefined)
  }
  return { offer, savedAt, restore, discard, done }
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

/**
 * While `dirty`, a reload or a closed window asks first (the browser's own question; the
 * desktop app answers it with a native dialog, src-main/electron/window.ts).
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older engines ask only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])
}
