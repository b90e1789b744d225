export type PageItem = number | 'gap-before' | 'gap-after'

/**
 * The page buttons of the pager: every page when there are at most `visible`,
 * otherwise always `visible` numbers — the first, the last and a run around the
 * current page — with gaps where pages are skipped (1 … 8 9 10 11 12 … 20).
 */
export function pageItems(current: number, pageCount: number, visible = 7): PageItem[] {
  if (pageCount <= visible) return Array.from({ length: pageCount }, (_, i) => i + 1)
  const half = Math.floor((visible - 1) / 2)
  const gapBefore = current > visible - half
  const gapAfter = current < pageCount - half
  let first: number
  if (gapBefore && gapAfter) first = current - (Math.floor(visible / 2) - 1)
  else if (gapBefore) first = pageCount - (visible - 2)
  else first = 2
  const items: PageItem[] = [1]
  if (gapBefore) items.push('gap-before')
  for (let page = first; page < first + visible - 2; page++) items.push(page)
  if (gapAfter) items.push('gap-after')
  items.push(pageCount)
  return items
}
