// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAudioPreference } from '~/web/olo/audio-preference'
import { playChime, usePracticeChime } from './chime'

/** What the fake Web Audio heard: each tone's pitch, when it started and stopped, and its envelope's moves. */
type Tone = { hz: number; startAt: number; stopAt: number; gains: [string, number, number][] }
const tones: Tone[] = []
let contextsMade = 0

/** A Web Audio that only listens: each envelope belongs to the tone made just before it, as the chime builds them. */
class FakeAudioContext {
  state = 'running'
  currentTime = 10
  destination = {}
  private building: Tone | null = null
  constructor() {
    contextsMade++
  }
  resume() {
    return Promise.resolve()
  }
  createOscillator() {
    const tone: Tone = { hz: 0, startAt: -1, stopAt: -1, gains: [] }
    this.building = tone
    return {
      type: 'square',
      frequency: { setValueAtTime: (hz: number) => (tone.hz = hz) },
      connect: (node: unknown) => node,
      start: (at: number) => {
        tone.startAt = at
        tones.push(tone)
      },
      stop: (at: number) => (tone.stopAt = at),
    }
  }
  createGain() {
    const moves = this.building?.gains ?? []
    return {
      gain: {
        setValueAtTime: (value: number, at: number) => moves.push(['set', value, at]),
        linearRampToValueAtTime: (value: number, at: number) => moves.push(['rise', value, at]),
        exponentialRampToValueAtTime: (value: number, at: number) => moves.push(['fade', value, at]),
      },
      connect: (node: unknown) => node,
    }
  }
}

beforeAll(() => {
  vi.stubGlobal('AudioContext', FakeAudioContext)
})

beforeEach(() => {
  tones.length = 0
})

// The audio preference reads the server's config for its default; these tests always choose.
const queryClient = new QueryClient()
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)

function setAudio(on: boolean) {
  const { result } = renderHook(() => useAudioPreference(), { wrapper })
  act(() => result.current[1](on))
}

describe('playChime', () => {
  it('rings one soft note at the start and two, falling, at the end, on one context made on first use', () => {
    expect(contextsMade).toBe(0)
    playChime('start')
    expect(tones.map(({ hz, startAt }) => [hz, startAt])).toEqual([[660, 10]])
    playChime('end')
    expect(tones.slice(1).map(({ hz, startAt }) => [hz, startAt])).toEqual([
      [660, 10],
      [495, 10.45],
    ])
    expect(contextsMade).toBe(1)
  })

  it('rises from silence to a quiet peak, then fades out before the tone stops', () => {
    playChime('start')
    const [tone] = tones
    const [set, rise, fade] = tone!.gains
    expect(set).toEqual(['set', 0, 10])
    expect(rise![0]).toBe('rise')
    expect(rise![1]).toBeGreaterThan(0)
    expect(rise![1]).toBeLessThanOrEqual(0.2)
    expect(fade![0]).toBe('fade')
    expect(fade![1]).toBeLessThan(0.001)
    expect(tone!.stopAt).toBeCloseTo(fade![2])
    expect(tone!.stopAt - tone!.startAt).toBeGreaterThan(1)
  })
})

describe('usePracticeChime', () => {
  const follow = (status: string) => renderHook(({ status }) => usePracticeChime(status), { initialProps: { status }, wrapper })

  it('with audio on, chimes when the clock first runs and when the practice completes, not on a pause or resume', () => {
    setAudio(true)
    const { rerender } = follow('idle')
    expect(tones).toHaveLength(0)
    rerender({ status: 'running' })
    expect(tones.map((tone) => tone.hz)).toEqual([660])
    rerender({ status: 'paused' })
    rerender({ status: 'running' })
    expect(tones).toHaveLength(1)
    rerender({ status: 'complete' })
    expect(tones.map((tone) => tone.hz)).toEqual([660, 660, 495])
  })

  it('with audio off, stays silent from start to end', () => {
    setAudio(false)
    const { rerender } = follow('idle')
    rerender({ status: 'running' })
    rerender({ status: 'complete' })
    expect(tones).toHaveLength(0)
  })
})
