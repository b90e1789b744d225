import { useEffect } from 'react'

/** How long after the last scroll event the rows take the pointer again. */
const SETTLE_MS = 150

/**
 * While `scroller` scrolls, marks it `data-scrolling` (its style turns its rows' pointer
 * events off then). Rows passing under a still pointer otherwise each take and drop the
 * hover — a restyle and repaint, a re-layering of the page, pointer events and their
 * whole-text checks — on every frame: with the pointer over the department tree, that
 * was four fifths of a scroll frame's main-thread time (bench/tree-scroll).
 */
export function useHoverPausedWhileScrolling(scroller: HTMLElement | null): void {
  useEffect(() => {
    if (!scroller) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = () => {
      timer = undefined
      delete scroller.dataset.scrolling
    }
    const scrolled = () => {
      if (timer === undefined) scroller.dataset.scrolling = ''
      else clearTimeout(timer)
      timer = setTimeout(settle, SETTLE_MS)
    }
    scroller.addEventListener('scroll', scrolled, { passive: true })
    return () => {
      scroller.removeEventListener('scroll', scrolled)
      clearTimeout(timer)
    }
  }, [scroller])
}
