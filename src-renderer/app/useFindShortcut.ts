import { useEffect } from 'react'

/** The first control of a filter bar (`role="search"`); one in an open dialog wins over the page's. */
function firstFilter(): HTMLElement | null {
  const bars = [...document.querySelectorAll<HTMLElement>('[role="search"]')]
  const inDialog = bars.filter((bar) => bar.closest('[role="dialog"], [role="alertdialog"]'))
  const bar = (inDialog.length > 0 ? inDialog : bars).at(-1)
  return bar?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])') ?? null
}

/**
 * Ctrl+F (⌘F on macOS) puts the cursor in the current list's first filter, as a desktop
 * user expects of "find"; Enter in it queries (FilterBar) and Esc closes a dialog
 * (Fluent's own). Where the page has no filter the key does nothing.
 */
export function useFindShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'f' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      const target = firstFilter()
      if (!target) return
      event.preventDefault()
      target.focus()
      if (target instanceof HTMLInputElement) target.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
