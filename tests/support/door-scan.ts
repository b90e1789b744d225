import { DOOR_RESULTS, type DoorEntry } from '../../src-main/core/sync/door-index'

/**
 * The door look-up as a plain scan of every entry — what the console did before its
 * index (src-main/core/sync/door-index.ts): the unit test's oracle for what a look-up
 * must answer, and the bench's baseline for how much cheaper the index is.
 */
export function scanRoster(entries: readonly DoorEntry[], query: string): { hits: DoorEntry[]; total: number } {
  if (/^\d+$/.test(query)) return firstOf(entries, (e) => e.code === query || e.telephone.includes(query), (e) => e.code === query)
  if (/^[a-z]+$/.test(query)) return firstOf(entries, (e) => e.initials.startsWith(query))
  // A full name typed in comes first.
  return firstOf(entries, (e) => e.name.includes(query), (e) => e.name === query)
}

/** The first DOOR_RESULTS entries matching, those `first` picks ahead, and how many match in all. */
function firstOf(entries: readonly DoorEntry[], match: (e: DoorEntry) => boolean, first?: (e: DoorEntry) => boolean): { hits: DoorEntry[]; total: number } {
  const top: DoorEntry[] = []
  const rest: DoorEntry[] = []
  let total = 0
  for (const e of entries) {
    if (!match(e)) continue
    total++
    if (first?.(e)) {
      if (top.length < DOOR_RESULTS) top.push(e)
    } else if (rest.length < DOOR_RESULTS) rest.push(e)
  }
  return { hits: [...top, ...rest].slice(0, DOOR_RESULTS), total }
}
