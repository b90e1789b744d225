/**
 * Whether a filtered list shows rows and every one of them matches the filter. A bare
 * `rows.every(…)` holds on an empty list, so a filter that drops everything (or a
 * fixture that no longer has the rows) would pass unnoticed (issue 29).
 */
export function allMatch<T>(rows: readonly T[], matches: (row: T) => boolean): boolean {
  return rows.length > 0 && rows.every(matches)
}
