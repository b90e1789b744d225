import { useEffect, useLayoutEffect, useState } from 'react'
import { ROW_HEIGHT } from './rowClasses'

/** The rows in the page move by blocks of this many … */
const BLOCK = 8
/** … and reach at least this many rows beyond the view each way. */
const OVERSCAN = 4

/**
 * How many rows the window holds in a scroller this high: the view and OVERSCAN rows
 * each side, from a block's start. The same for every position, so that as it moves the
 * rows leaving at one end hand their elements to the rows coming in at the other.
 */
function windowSpan(height: number): number {
  const inView = Math.ceil(height / ROW_HEIGHT) + 1
  return (Math.ceil((inView + 2 * OVERSCAN) / BLOCK) + 1) * BLOCK
}

/** The window's first row at this scroll offset: OVERSCAN rows above the first in view, down to a block's start. */
function windowStart(scrollTop: number): number {
  return Math.floor(Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) / BLOCK) * BLOCK
}

/**
 * The rows of a scroller of fixed-height rows that are in the page: from `from`, `span`
 * of them. Its state changes only when the window moves by a block or the scroller's
 * height changes, so a frame of a scroll that stays within a block costs a division in a
 * scroll listener and no render (a virtualizer's state, which follows every pixel,
 * re-rendered its component on every frame).
 */
export function useRowWindow(scroller: HTMLElement | null): { from: number; span: number } {
  const [from, setFrom] = useState(0)
  const [height, setHeight] = useState(0)
  useLayoutEffect(() => {
    if (!scroller) return
    const follow = () => setFrom(windowStart(scroller.scrollTop))
    // Observing reports the present height first.
    const resized = new ResizeObserver(() => setHeight(scroller.clientHeight))
    resized.observe(scroller)
    scroller.addEventListener('scroll', follow, { passive: true })
    return () => {
      resized.disconnect()
      scroller.removeEventListener('scroll', follow)
    }
  }, [scroller])
  return { from, span: windowSpan(height) }
}

/** Scrolls row `index` (-1: none) to the scroller's middle, again whenever `key` changes. */
export function useScrollToRow(scroller: HTMLElement | null, index: number, key: unknown): void {
  useEffect(() => {
    if (index < 0 || !scroller) return
    scroller.scrollTo(0, index * ROW_HEIGHT - (scroller.clientHeight - ROW_HEIGHT) / 2)
  }, [scroller, index, key])
}
