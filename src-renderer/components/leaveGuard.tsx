import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from 'react'
import { useBlocker, type BlockerFunction } from 'react-router-dom'
import { useConfirm } from './confirm'
import type { DraftControl } from './drafts'

/*
 * Asking before typed work is left (issue 32), by any way out: an in-app route change
 * (the side menu, 返回, the browser's Back) asks in the app's confirmation; a reload or a
 * closed window asks with the browser's own question (the desktop app answers it with a
 * native dialog, src-main/electron/window.ts). Forms say whether they hold unsaved changes
 * with `useLeaveGuard`; the one router blocker lives in `LeaveGuardProvider` (a router
 * takes one blocker at a time). A dialog asks before Esc, the backdrop or 取消 drop its
 * changes with `useGuardedClose`.
 */

interface LeaveGuards {
  set(id: string, dirty: boolean): void
}

const LeaveGuardContext = createContext<LeaveGuards | null>(null)

/** A route change that only replaces the page's state (e.g. a copy handed to the wizard) leaves nothing. */
const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search

/** Holds the router's blocker: while any form on the page has unsaved changes, leaving the page asks. */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const confirm = useConfirm()
  const dirtyForms = useRef(new Set<string>())
  const guards = useMemo<LeaveGuards>(
    () => ({
      set: (id, dirty) => {
        if (dirty) dirtyForms.current.add(id)
        else dirtyForms.current.delete(id)
      },
    }),
    [],
  )
  const blocker = useBlocker(useCallback<BlockerFunction>((args) => dirtyForms.current.size > 0 && leavesPage(args), []))
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    let current = true
    void confirm({ message: '有未保存的修改，确定要离开吗？', cancelledText: '已取消' }).then((leave) => {
      if (!current) return
      if (leave) blocker.proceed()
      else blocker.reset()
    })
    return () => {
      current = false
    }
  }, [blocker, confirm])
  return <LeaveGuardContext.Provider value={guards}>{children}</LeaveGuardContext.Provider>
}

/**
 * While `dirty`, leaving the page asks first: a route change, a reload, a closed window.
 * `release()` lets the page leave without asking once its work is saved (before the
 * form itself is marked clean).
 */
export function useLeaveGuard(dirty: boolean): { release(): void } {
  const guards = useContext(LeaveGuardContext)
  const id = useId()
  useEffect(() => {
    guards?.set(id, dirty)
    return () => guards?.set(id, false)
  }, [guards, id, dirty])
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
  return useMemo(() => ({ release: () => guards?.set(id, false) }), [guards, id])
}

/**
 * Closing a dialog (Esc, the backdrop, 取消) asks first while it holds unsaved changes,
 * and then drops its draft if it keeps one: the user chose to. An unchanged dialog closes at once.
 */
export function useGuardedClose(dirty: boolean, close: () => void, draft?: DraftControl): () => Promise<void> {
  const confirm = useConfirm()
  return async () => {
    if (dirty) {
      if (!(await confirm({ message: '有未保存的修改，确定要关闭吗？', confirmText: '关闭', cancelledText: '已取消' }))) return
      draft?.done()
    }
    close()
  }
}
