const pad = (n: number) => String(n).padStart(2, '0')

/** `yyyy-MM-dd HH:mm:ss` in the server's local time: the spec's date-time format. */
export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

export function nowText(): string {
  return formatDateTime(new Date())
}
