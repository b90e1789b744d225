import type { CSSProperties, PointerEvent, ReactNode } from 'react'
import { TableCell, TableCellLayout } from '@fluentui/react-components'

/**
 * When anything in the hovered element overflows, its whole text becomes its tooltip;
 * when nothing does, there is no tooltip repeating what is already in view.
 */
export function wholeTextOnHover(event: PointerEvent<HTMLElement>): void {
  const element = event.currentTarget
  const cut = [element, ...element.querySelectorAll<HTMLElement>('*')].some((e) => e.scrollWidth > e.clientWidth + 1)
  const text = element.textContent?.trim()
  if (cut && text) {
    element.title = text
    element.dataset.wholeText = ''
  } else forgetWholeText(element)
}

/** Takes back the tooltips given on hover in and under `root` (e.g. a row now showing another record). */
export function forgetWholeText(root: HTMLElement): void {
  for (const element of [root, ...root.querySelectorAll<HTMLElement>('[data-whole-text]')]) {
    element.removeAttribute('title')
    delete element.dataset.wholeText
  }
}

/** Fluent's cell layout draws nothing for falsy content, so a count of 0 would show as a blank cell. */
const shown = (children: ReactNode): ReactNode => (children === 0 ? '0' : children)

/**
 * The one rule of every table's cells (单位及职务, 培训班, statistics …): one line cut at
 * the column's width with the whole text on hover, or wrapped onto more lines with `wrap`.
 */
export function TruncatedCell({
  children,
  style,
  className,
  rowSpan,
  wrap = false,
}: {
  children: ReactNode
  style?: CSSProperties
  className?: string
  /** Merged cells: the rows this cell covers. */
  rowSpan?: number
  wrap?: boolean
}) {
  if (wrap)
    return (
      <TableCell style={style} className={className} rowSpan={rowSpan}>
        <TableCellLayout>{shown(children)}</TableCellLayout>
      </TableCell>
    )
  return (
    <TableCell style={style} className={className} rowSpan={rowSpan} onPointerEnter={wholeTextOnHover}>
      <TableCellLayout truncate>{shown(children)}</TableCellLayout>
    </TableCell>
  )
}
