/**
 * A stored time (`yyyy-MM-dd HH:mm:ss`) as the console shows it: `yyyy-MM-dd HH:mm`,
 * whatever the machine's language (the seconds say nothing to an office).
 */
export function minutesOf(text: string): string {
  return text.slice(0, 16)
}
