import { useEffect, useEffectEvent, useState } from 'react'

/** Seconds left of a countdown that calls `onDone` when it reaches zero. */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds)
  const finish = useEffectEvent(onDone)

  useEffect(() => {
    const started = Date.now()
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))
      setLeft(remaining)
      if (remaining === 0) {
        clearInterval(timer)
        finish()
      }
    }, 200)
    return () => clearInterval(timer)
  }, [seconds])

  return left
}
