import { useCallback, useRef, useState } from 'react'

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * A loading flag that, once raised, stays up at least `ms` milliseconds (spec 000 §9:
 * 300 ms for lists, 1000 ms for the department tree), so fast answers do not flicker.
 * `track(promise)` raises it and settles like the promise, but not before the
 * minimum time is over.
 */
export function useMinimumLoading(ms: number): { loading: boolean; track: <T>(work: Promise<T>) => Promise<T> } {
  const [loading, setLoading] = useState(false)
  const running = useRef(0)

  const track = useCallback(
    async <T,>(work: Promise<T>): Promise<T> => {
      running.current += 1
      setLoading(true)
      const minimum = wait(ms)
      try {
        return await work
      } finally {
        await minimum
        running.current -= 1
        if (running.current === 0) setLoading(false)
      }
    },
    [ms],
  )

  return { loading, track }
}
