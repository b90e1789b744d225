/** Items in runs of `size`: an `in (…)` list or a multi-row insert stays within what both dialects take in one statement. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
