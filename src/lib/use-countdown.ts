import { useCallback, useEffect, useState } from 'react'

/** Whole seconds left until a moment, updated every second; `left` is null until the moment is known. */
export function useCountdown() {
  const [until, setUntil] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const running = until !== null && until > now
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  /** Counts down to `moment` (a time in milliseconds). */
  const countTo = useCallback((moment: number) => {
    setNow(Date.now())
    setUntil(moment)
  }, [])
  return {
    left: until === null ? null : Math.max(0, Math.ceil((until - now) / 1000)),
    until: countTo,
    /** Counts down `seconds` from now. */
    start: (seconds: number) => countTo(Date.now() + seconds * 1000),
  }
}
