/**
 * Text in exported workbooks and back (decisions: "Round trips are lossless"). An .xlsx
 * text cell is never run as a formula, so text is written as it is stored. Exports made
 * before issue 24 put an apostrophe before text starting with = + - @ (tab, CR): that
 * apostrophe is a guard, not text, and an import takes it off. So that no real text is
 * taken for a guard, an export adds one apostrophe to exactly the texts of that form.
 */
const GUARDED = /^'+[=+\-@\t\r]/

/** The text an exported cell holds for a stored text. */
export function exportedText(text: string): string {
  return GUARDED.test(text) ? `'${text}` : text
}

/** The stored text an imported cell stands for (undoes `exportedText` and the old guard). */
export function importedText(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text
}
