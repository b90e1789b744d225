import { formatDateTime } from '../../src-shared/date-text'

export { formatDateTime }

export function nowText(): string {
  return formatDateTime(new Date())
}
