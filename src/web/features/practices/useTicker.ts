import { useEffect, useEffectEvent } from 'react'

/** Often enough for a smooth progress bar and a clock that turns on time, rarely enough to cost nothing. */
export const TICK_MS = 250

/**
 * While `running`, calls `onTick` with the wall-clock time since the previous call. Browsers slow the timers of a
 * hidden tab down to once a minute, so the time is measured with Date.now() rather than counted in intervals: the
 * first tick after the tab wakes carries everything that passed. Playwright's clock fakes both, so tests can move it.
 */
export function useTicker(running: boolean, onTick: (elapsedMs: number) => void) {
  const tick = useEffectEvent(onTick)

  useEffect(() => {
    if (!running) return
    let last = Date.now()
    const timer = setInterval(() => {
      const now = Date.now()
      const elapsed = now - last
      last = now
      if (elapsed > 0) tick(elapsed)
    }, TICK_MS)
    return () => clearInterval(timer)
  }, [running])
}
