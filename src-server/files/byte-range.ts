/** First and last byte (both inclusive) of a single-range request, RFC 9110 §14.1.2. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * The range a `Range` header asks of a file of `size` bytes: null when there is no header
 * or one this server does not serve by ranges (not `bytes=`, several ranges, malformed —
 * RFC 9110 says to ignore those and send the whole file), 'unsatisfiable' when the range
 * starts past the end (answered with 416). An end past the file is cut to its last byte.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  const [first, last] = [match[1], match[2]]
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last)
    return length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
