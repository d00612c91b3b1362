import { describe, expect, it } from 'vitest'
import { GAME_TYPES } from './paths'
import {
  BREATHING_PROMPTS,
  breathingPrompt,
  breathingReducer,
  type BreathingState,
  breathPhase,
  FOCUS_STEPS,
  formatClock,
  initialBreathing,
  initialFocus,
  initialMeditation,
  initialMovement,
  initialStepped,
  meditationReducer,
  type MeditationState,
  MOVEMENT_PHASES,
  PRACTICE_LENGTH,
  progressFraction,
  steppedReducer,
  type SteppedAction,
  type SteppedState,
  stepProgress,
} from './exercises'
import { FOCUS_STEP_SECONDS, MOVEMENT_PHASE_SECONDS } from './timings'

const tick = (elapsedMs: number) => ({ type: 'tick', elapsedMs }) as const

/** Feeds ticks of `stepMs` for `totalMs`, as the screen's ticker does, and returns the state after the last. */
function run<S, A>(reducer: (s: S, a: A) => S, state: S, totalMs: number, stepMs = 250): S {
  let elapsed = 0
  while (elapsed < totalMs) {
    const ms = Math.min(stepMs, totalMs - elapsed)
    state = reducer(state, tick(ms) as A)
    elapsed += ms
  }
  return state
}

describe('formatClock', () => {
  it('shows minutes and seconds, each with two digits', () => {
    expect(formatClock(300_000)).toBe('05:00')
    expect(formatClock(90_000)).toBe('01:30')
    expect(formatClock(9_000)).toBe('00:09')
    expect(formatClock(0)).toBe('00:00')
  })

  it('rounds up to the whole second, so a fresh timer holds its full time and a running one never reads 00:00', () => {
    expect(formatClock(299_200)).toBe('05:00')
    expect(formatClock(299_000)).toBe('04:59')
    expect(formatClock(1)).toBe('00:01')
    expect(formatClock(999)).toBe('00:01')
  })

  it('never goes below zero', () => {
    expect(formatClock(-5_000)).toBe('00:00')
  })
})

describe('progressFraction', () => {
  it('is the share of the time gone, from 0 to 1', () => {
    expect(progressFraction(300_000, 300_000)).toBe(0)
    expect(progressFraction(150_000, 300_000)).toBe(0.5)
    expect(progressFraction(0, 300_000)).toBe(1)
    expect(progressFraction(-1, 300_000)).toBe(1)
    expect(progressFraction(400_000, 300_000)).toBe(0)
  })
})

describe('meditation timer', () => {
  const running: MeditationState = { status: 'running', remainingMs: 300_000 }

  it('starts idle at 300 s and does not count down until started', () => {
    expect(initialMeditation).toEqual({ status: 'idle', remainingMs: 300_000 })
    expect(meditationReducer(initialMeditation, tick(5_000))).toEqual(initialMeditation)
  })

  it('starts, pauses and resumes; a paused timer holds its time', () => {
    const started = meditationReducer(initialMeditation, { type: 'start' })
    expect(started.status).toBe('running')
    const counted = meditationReducer(started, tick(10_000))
    expect(counted).toEqual({ status: 'running', remainingMs: 290_000 })
    const paused = meditationReducer(counted, { type: 'pause' })
    expect(paused).toEqual({ status: 'paused', remainingMs: 290_000 })
    expect(meditationReducer(paused, tick(60_000))).toEqual(paused)
    expect(meditationReducer(paused, { type: 'resume' })).toEqual({ status: 'running', remainingMs: 290_000 })
  })

  it('toggles between running and paused from one play/pause button', () => {
    const started = meditationReducer(initialMeditation, { type: 'toggle' })
    expect(started.status).toBe('running')
    const paused = meditationReducer(started, { type: 'toggle' })
    expect(paused.status).toBe('paused')
    expect(meditationReducer(paused, { type: 'toggle' }).status).toBe('running')
  })

  it('ignores a pause when not running and a start or resume when already running', () => {
    expect(meditationReducer(initialMeditation, { type: 'pause' })).toBe(initialMeditation)
    expect(meditationReducer(running, { type: 'start' })).toBe(running)
    expect(meditationReducer(running, { type: 'resume' })).toBe(running)
  })

  it('completes at exactly 300 s of running time, not a moment before', () => {
    const almost = run(meditationReducer, running, 299_999)
    expect(almost).toEqual({ status: 'running', remainingMs: 1 })
    expect(formatClock(almost.remainingMs)).toBe('00:01')
    expect(meditationReducer(almost, tick(1))).toEqual({ status: 'complete', remainingMs: 0 })
  })

  it('completes at zero when a late tick overshoots, and stays complete', () => {
    const done = meditationReducer({ status: 'running', remainingMs: 3_000 }, tick(60_000))
    expect(done).toEqual({ status: 'complete', remainingMs: 0 })
    expect(meditationReducer(done, tick(1_000))).toBe(done)
    expect(meditationReducer(done, { type: 'toggle' })).toBe(done)
    expect(meditationReducer(done, { type: 'start' })).toBe(done)
  })

  it('resets to 300 s and not complete, from any state', () => {
    const states: MeditationState[] = [
      initialMeditation,
      { status: 'running', remainingMs: 120_000 },
      { status: 'paused', remainingMs: 42_000 },
      { status: 'complete', remainingMs: 0 },
    ]
    for (const state of states) expect(meditationReducer(state, { type: 'reset' })).toEqual({ status: 'idle', remainingMs: 300_000 })
  })

  it('does not count a negative or broken tick', () => {
    expect(meditationReducer(running, tick(-500))).toEqual(running)
    expect(meditationReducer(running, tick(Number.NaN))).toEqual(running)
  })
})

describe('focus and movement steps', () => {
  const start = (state: SteppedState) => steppedReducer(state, { type: 'start' })
  const next: SteppedAction = { type: 'next' }

  it('have four steps of 30, 60, 90, 60 s and 45, 60, 120, 30 s, and a title and instruction for each', () => {
    expect(initialFocus.stepsMs).toEqual([30_000, 60_000, 90_000, 60_000])
    expect(initialMovement.stepsMs).toEqual([45_000, 60_000, 120_000, 30_000])
    expect(FOCUS_STEPS).toHaveLength(FOCUS_STEP_SECONDS.length)
    expect(MOVEMENT_PHASES).toHaveLength(MOVEMENT_PHASE_SECONDS.length)
    for (const step of [...FOCUS_STEPS, ...MOVEMENT_PHASES]) {
      expect(step.title.trim()).not.toBe('')
      expect(step.instruction.trim()).not.toBe('')
    }
  })

  it('start idle on step 0 with its full time, and wait for Start', () => {
    expect(initialFocus).toMatchObject({ step: 0, remainingMs: 30_000, status: 'idle' })
    expect(steppedReducer(initialFocus, tick(10_000))).toBe(initialFocus)
  })

  it('run the started step, then load the next step at zero and keep running, through all four', () => {
    let state = start(initialFocus)
    expect(state.status).toBe('running')
    state = run(steppedReducer, state, 29_999)
    expect(state).toMatchObject({ step: 0, remainingMs: 1, status: 'running' })
    state = steppedReducer(state, tick(1))
    expect(state).toMatchObject({ step: 1, remainingMs: 60_000, status: 'running' })
    state = run(steppedReducer, state, 60_000)
    expect(state).toMatchObject({ step: 2, remainingMs: 90_000, status: 'running' })
    state = run(steppedReducer, state, 90_000)
    expect(state).toMatchObject({ step: 3, remainingMs: 60_000, status: 'running' })
    state = run(steppedReducer, state, 59_999)
    expect(state).toMatchObject({ step: 3, remainingMs: 1, status: 'running' })
    state = steppedReducer(state, tick(1))
    expect(state).toMatchObject({ step: 3, remainingMs: 0, status: 'complete' })
  })

  it('take exactly the sum of the movement phases, 255 s, from start to complete', () => {
    const state = start(initialMovement)
    expect(run(steppedReducer, state, 254_999).status).toBe('running')
    expect(run(steppedReducer, state, 255_000)).toMatchObject({ step: 3, status: 'complete' })
  })

  it('carry a tick that overshoots a step into the next one', () => {
    const state = steppedReducer({ ...start(initialMovement), remainingMs: 2_000 }, tick(5_000))
    expect(state).toMatchObject({ step: 1, remainingMs: 57_000, status: 'running' })
  })

  it('carry a long tick across several steps, and complete when it passes the last', () => {
    // 30 s of step 0, 60 s of step 1 and 10 s into step 2.
    expect(steppedReducer(start(initialFocus), tick(100_000))).toMatchObject({ step: 2, remainingMs: 80_000, status: 'running' })
    expect(steppedReducer(start(initialFocus), tick(10 * 60_000))).toMatchObject({ step: 3, remainingMs: 0, status: 'complete' })
  })

  it('skip ahead with next, loading the full next time and keeping the clock stopped when it was stopped', () => {
    const skipped = steppedReducer(initialFocus, next)
    expect(skipped).toMatchObject({ step: 1, remainingMs: 60_000, status: 'idle' })
    expect(steppedReducer(skipped, tick(5_000))).toBe(skipped)
    expect(start(skipped)).toMatchObject({ step: 1, remainingMs: 60_000, status: 'running' })
  })

  it('skip ahead with next while running, and keep running on the next step', () => {
    const midway = run(steppedReducer, start(initialFocus), 12_000)
    expect(steppedReducer(midway, next)).toMatchObject({ step: 1, remainingMs: 60_000, status: 'running' })
  })

  it('complete when next is pressed on the last step, running or not', () => {
    let idle = initialMovement
    for (let i = 0; i < 3; i++) idle = steppedReducer(idle, next)
    expect(idle).toMatchObject({ step: 3, remainingMs: 30_000, status: 'idle' })
    expect(steppedReducer(idle, next)).toMatchObject({ step: 3, remainingMs: 0, status: 'complete' })
    expect(steppedReducer(start(idle), next)).toMatchObject({ step: 3, remainingMs: 0, status: 'complete' })
  })

  it('pause a running step, holding its time and step through any ticks, and resume where it stopped', () => {
    const midway = run(steppedReducer, start(initialMovement), 20_000)
    const paused = steppedReducer(midway, { type: 'pause' })
    expect(paused).toMatchObject({ step: 0, remainingMs: 25_000, status: 'paused' })
    expect(steppedReducer(paused, tick(10 * 60_000))).toBe(paused)
    const resumed = steppedReducer(paused, { type: 'resume' })
    expect(resumed).toMatchObject({ step: 0, remainingMs: 25_000, status: 'running' })
    expect(run(steppedReducer, resumed, 25_000)).toMatchObject({ step: 1, remainingMs: 60_000, status: 'running' })
  })

  it('pause only a running clock, and skip ahead while paused without starting it', () => {
    expect(steppedReducer(initialMovement, { type: 'pause' })).toBe(initialMovement)
    const paused = steppedReducer(start(initialMovement), { type: 'pause' })
    expect(steppedReducer(paused, next)).toMatchObject({ step: 1, remainingMs: 60_000, status: 'paused' })
  })

  it('count a negative or broken tick as nothing rather than finishing the exercise', () => {
    for (const ms of [-1_000, Number.NaN, Infinity]) {
      expect(steppedReducer(start(initialFocus), tick(ms))).toMatchObject({ step: 0, remainingMs: 30_000, status: 'running' })
    }
  })

  it('ignore everything once complete', () => {
    const complete = steppedReducer(start(initialFocus), tick(240_000))
    expect(complete.status).toBe('complete')
    for (const action of [{ type: 'start' }, { type: 'pause' }, { type: 'resume' }, next, tick(1_000)] as const) expect(steppedReducer(complete, action)).toBe(complete)
  })

  it('report the share of the current step gone', () => {
    const state = start(initialFocus)
    expect(stepProgress(state)).toBe(0)
    expect(stepProgress(run(steppedReducer, state, 15_000))).toBe(0.5)
    expect(stepProgress(steppedReducer(state, tick(240_000)))).toBe(1)
  })

  it('work for any list of steps', () => {
    const single = initialStepped([2])
    expect(steppedReducer(steppedReducer(single, { type: 'start' }), tick(2_000))).toMatchObject({ step: 0, status: 'complete' })
  })
})

describe('breathing bubble', () => {
  const started = breathingReducer(initialBreathing, { type: 'start' })

  it('starts idle at 60 s, ready to breathe, and waits for Begin Breathing', () => {
    expect(initialBreathing).toEqual({ status: 'idle', remainingMs: 60_000 })
    expect(breathingPrompt(initialBreathing)).toBe('Ready to breathe')
    expect(breathingReducer(initialBreathing, tick(5_000))).toBe(initialBreathing)
  })

  it('breathes in first, then flips between in and out at every 4 s boundary', () => {
    expect(started.status).toBe('running')
    expect(breathPhase(started)).toBe('inhale')
    expect(breathingPrompt(started)).toBe('Breathe in...')
    let state: BreathingState = started
    for (let boundary = 1; boundary < 15; boundary++) {
      state = run(breathingReducer, state, 3_999)
      const before = boundary % 2 === 1 ? 'inhale' : 'exhale'
      expect(breathPhase(state)).toBe(before)
      state = breathingReducer(state, tick(1))
      expect(60_000 - state.remainingMs).toBe(boundary * 4_000)
      const after = boundary % 2 === 1 ? 'exhale' : 'inhale'
      expect(breathPhase(state)).toBe(after)
      expect(breathingPrompt(state)).toBe(BREATHING_PROMPTS[after])
    }
  })

  it('completes at exactly 60 s, on the fifteenth phase, an in-breath', () => {
    const almost = run(breathingReducer, started, 59_999)
    expect(almost).toEqual({ status: 'running', remainingMs: 1 })
    expect(breathingPrompt(almost)).toBe('Breathe in...')
    expect(breathingReducer(almost, tick(1))).toEqual({ status: 'complete', remainingMs: 0 })
  })

  it('completes at zero when a late tick overshoots, and then ignores everything', () => {
    const done = breathingReducer(started, tick(90_000))
    expect(done).toEqual({ status: 'complete', remainingMs: 0 })
    expect(breathingReducer(done, tick(1_000))).toBe(done)
    expect(breathingReducer(done, { type: 'start' })).toBe(done)
  })

  it('ignores a second start while running', () => {
    const midway = run(breathingReducer, started, 10_000)
    expect(breathingReducer(midway, { type: 'start' })).toBe(midway)
  })
})

describe('PRACTICE_LENGTH', () => {
  it('gives each timed practice the minutes its timings add up to', () => {
    expect(PRACTICE_LENGTH).toMatchObject({ meditation: '5 min', focus: '4 min', flow: '4 min', breathing: '1 min' })
  })

  it('gives every game type a length', () => {
    for (const gameType of GAME_TYPES) expect(PRACTICE_LENGTH[gameType]).toMatch(/\S/)
  })
})
