import type { PointerEvent } from 'react'

/**
 * `onPointerEnter` of a table cell whose text may be cut short (单位及职务, 培训班 …):
 * when anything in it overflows, the cell's whole text becomes its tooltip; when
 * nothing does, there is no tooltip repeating what is already in view.
 */
export function wholeTextOnHover(event: PointerEvent<HTMLElement>): void {
  const cell = event.currentTarget
  const cut = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some((element) => element.scrollWidth > element.clientWidth + 1)
  const text = cell.textContent?.trim()
  if (cut && text) cell.title = text
  else cell.removeAttribute('title')
}
