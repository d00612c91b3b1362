// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TICK_MS, useTicker } from './useTicker'

describe('useTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reports the time since the previous tick while running, and nothing while stopped', () => {
    const onTick = vi.fn()
    const { rerender, unmount } = renderHook(({ running }) => useTicker(running, onTick), { initialProps: { running: false } })
    vi.advanceTimersByTime(2_000)
    expect(onTick).not.toHaveBeenCalled()

    rerender({ running: true })
    vi.advanceTimersByTime(1_000)
    expect(onTick.mock.calls).toEqual([[TICK_MS], [TICK_MS], [TICK_MS], [TICK_MS]])

    rerender({ running: false })
    vi.advanceTimersByTime(5_000)
    expect(onTick).toHaveBeenCalledTimes(4)

    rerender({ running: true })
    vi.advanceTimersByTime(TICK_MS)
    expect(onTick).toHaveBeenLastCalledWith(TICK_MS)
    unmount()
    vi.advanceTimersByTime(5_000)
    expect(onTick).toHaveBeenCalledTimes(5)
  })

  it('measures by the wall clock, so a tab whose timers were held back catches up in one tick', () => {
    const onTick = vi.fn()
    renderHook(() => useTicker(true, onTick))
    vi.advanceTimersByTime(TICK_MS)
    // The browser held the interval back for a minute, as it does in a hidden tab.
    vi.setSystemTime(Date.now() + 60_000)
    vi.advanceTimersByTime(TICK_MS)
    expect(onTick.mock.calls).toEqual([[TICK_MS], [60_000 + TICK_MS]])
  })

  it('calls the latest callback without restarting the measure', () => {
    const first = vi.fn()
    const second = vi.fn()
    const { rerender } = renderHook(({ onTick }) => useTicker(true, onTick), { initialProps: { onTick: first } })
    vi.advanceTimersByTime(100)
    rerender({ onTick: second })
    vi.advanceTimersByTime(150)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith(TICK_MS)
  })
})
