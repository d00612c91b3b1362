/**
 * The timed exercises' rules (docs/product.md#exercises): pure reducers moved on by ticks that carry the time elapsed
 * since the previous tick. They hold no timers, so a screen can feed them from the wall clock (a throttled tab catches
 * up in one tick) and tests can feed them any time at all.
 */
import {
  BREATH_PHASE_SECONDS,
  BREATHING_SECONDS,
  FOCUS_STEP_SECONDS,
  MEDITATION_SECONDS,
  MOVEMENT_PHASE_SECONDS,
} from './timings'
import type { GameType } from './paths'

const SECOND = 1000

export type Tick = { type: 'tick'; elapsedMs: number }

/** Time left on a clock that counts `elapsedMs` down from `remainingMs`; a negative or broken tick counts as none. */
function countDown(remainingMs: number, elapsedMs: number): number {
  return Math.max(0, remainingMs - (Number.isFinite(elapsedMs) && elapsedMs > 0 ? elapsedMs : 0))
}

// ── Shown on every timer ────────────────────────────────────────────────────────────────────────

/**
 * mm:ss of the time left, counted in whole seconds rounded up: a fresh 5 minutes reads 05:00 until a full second has
 * gone, and a clock that is still running never reads 00:00 (that is the moment it completes).
 */
export function formatClock(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / SECOND))
  const minutes = Math.floor(seconds / 60)
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

/** The share of `totalMs` already gone, from 0 to 1. */
export function progressFraction(remainingMs: number, totalMs: number): number {
  if (totalMs <= 0) return 1
  return Math.min(1, Math.max(0, 1 - remainingMs / totalMs))
}

// ── Meditation timer ────────────────────────────────────────────────────────────────────────────

export const MEDITATION_MS = MEDITATION_SECONDS * SECOND

export type MeditationStatus = 'idle' | 'running' | 'paused' | 'complete'
export type MeditationState = { status: MeditationStatus; remainingMs: number }
export type MeditationAction = { type: 'start' } | { type: 'pause' } | { type: 'resume' } | { type: 'toggle' } | { type: 'reset' } | Tick

export const initialMeditation: MeditationState = { status: 'idle', remainingMs: MEDITATION_MS }

/** Idle, running, paused and complete at 0; reset returns to 300 s, not complete. */
export function meditationReducer(state: MeditationState, action: MeditationAction): MeditationState {
  switch (action.type) {
    case 'start':
    case 'resume':
      return state.status === 'idle' || state.status === 'paused' ? { ...state, status: 'running' } : state
    case 'pause':
      return state.status === 'running' ? { ...state, status: 'paused' } : state
    case 'toggle':
      return meditationReducer(state, { type: state.status === 'running' ? 'pause' : 'start' })
    case 'reset':
      return initialMeditation
    case 'tick': {
      if (state.status !== 'running') return state
      const remainingMs = countDown(state.remainingMs, action.elapsedMs)
      return { status: remainingMs === 0 ? 'complete' : 'running', remainingMs }
    }
  }
}

// ── Focus and movement: four timed steps ────────────────────────────────────────────────────────

type SteppedStatus = 'idle' | 'running' | 'paused' | 'complete'
export type SteppedState = {
  /** Each step's length, in ms. */
  readonly stepsMs: readonly number[]
  /** 0 to the last step; stays on the last one once complete. */
  step: number
  remainingMs: number
  status: SteppedStatus
}
export type SteppedAction = { type: 'start' } | { type: 'pause' } | { type: 'resume' } | { type: 'next' } | Tick

export function initialStepped(stepSeconds: readonly number[]): SteppedState {
  const stepsMs = stepSeconds.map((seconds) => seconds * SECOND)
  return { stepsMs, step: 0, remainingMs: stepsMs[0] ?? 0, status: 'idle' }
}

export const initialFocus = initialStepped(FOCUS_STEP_SECONDS)
export const initialMovement = initialStepped(MOVEMENT_PHASE_SECONDS)

/** The next step with its full time, keeping whether the clock runs or waits; past the last step, the exercise is complete. */
function advance(state: SteppedState): SteppedState {
  const step = state.step + 1
  const remainingMs = state.stepsMs[step]
  if (remainingMs === undefined) return { ...state, remainingMs: 0, status: 'complete' }
  return { ...state, step, remainingMs }
}

/**
 * Starting a step runs its countdown; at zero the next step's time loads and keeps running; after the last step the
 * exercise is complete. 'next' skips ahead the same way. A tick longer than the time left carries the rest into the
 * steps after it, so a tab that slept through a step change lands where the wall clock says. A paused clock (the
 * movement exercise's Pause, issue 13) holds its time until it resumes.
 */
export function steppedReducer(state: SteppedState, action: SteppedAction): SteppedState {
  if (state.status === 'complete') return state
  switch (action.type) {
    case 'start':
    case 'resume':
      return { ...state, status: 'running' }
    case 'pause':
      return state.status === 'running' ? { ...state, status: 'paused' } : state
    case 'next':
      return advance(state)
    case 'tick': {
      if (state.status !== 'running') return state
      let next = state
      let left = Number.isFinite(action.elapsedMs) ? Math.max(0, action.elapsedMs) : 0
      while (next.status === 'running' && left >= next.remainingMs) {
        left -= next.remainingMs
        next = advance({ ...next, remainingMs: 0 })
      }
      return next.status === 'running' ? { ...next, remainingMs: next.remainingMs - left } : next
    }
  }
}

/** The share of the current step gone, from 0 to 1. */
export function stepProgress(state: SteppedState): number {
  if (state.status === 'complete') return 1
  return progressFraction(state.remainingMs, state.stepsMs[state.step] ?? 0)
}

export type ExerciseStep = { title: string; instruction: string }

/** The four focus steps, one per timed step of FOCUS_STEP_SECONDS. */
export const FOCUS_STEPS: readonly ExerciseStep[] = [
  {
    title: 'Settle',
    instruction: 'Sit comfortably, let your shoulders drop and let your eyes rest on one still point in front of you.',
  },
  {
    title: 'Anchor',
    instruction: 'Bring your attention to the feeling of your breath at the tip of your nose. Just notice it, in and out.',
  },
  {
    title: 'Return',
    instruction: 'When your mind wanders, and it will, gently name the thought and come back to your breath. Each return is the practice.',
  },
  {
    title: 'Widen',
    instruction: 'Let your attention open to the sounds and space around you, then choose one thing to give your focus to next.',
  },
]

/** The four movement phases, one per timed phase of MOVEMENT_PHASE_SECONDS. */
export const MOVEMENT_PHASES: readonly ExerciseStep[] = [
  {
    title: 'Warm up',
    instruction: 'Roll your shoulders, circle your wrists and ankles, and gently turn your head from side to side.',
  },
  {
    title: 'Flow',
    instruction: 'Reach up as you breathe in and fold forward softly as you breathe out, moving at the pace of your breath.',
  },
  {
    title: 'Move freely',
    instruction: 'Move however your body asks: sway, stretch, march on the spot or dance. Stay within what feels good today.',
  },
  {
    title: 'Cool down',
    instruction: 'Slow right down, stand or sit still, and take a few deep breaths while you notice how your body feels now.',
  },
]

// ── Breathing bubble ────────────────────────────────────────────────────────────────────────────

const BREATHING_MS = BREATHING_SECONDS * SECOND
const BREATH_PHASE_MS = BREATH_PHASE_SECONDS * SECOND

type BreathingStatus = 'idle' | 'running' | 'complete'
export type BreathingState = { status: BreathingStatus; remainingMs: number }
export type BreathingAction = { type: 'start' } | Tick
export type BreathPhase = 'inhale' | 'exhale'

export const initialBreathing: BreathingState = { status: 'idle', remainingMs: BREATHING_MS }

/** Idle, running, and complete at 0 of 60 s. */
export function breathingReducer(state: BreathingState, action: BreathingAction): BreathingState {
  switch (action.type) {
    case 'start':
      return state.status === 'idle' ? { ...state, status: 'running' } : state
    case 'tick': {
      if (state.status !== 'running') return state
      const remainingMs = countDown(state.remainingMs, action.elapsedMs)
      return { status: remainingMs === 0 ? 'complete' : 'running', remainingMs }
    }
  }
}

/** Inhale for the first 4 s of running time, exhale for the next 4 s, and so on. */
export function breathPhase(state: BreathingState): BreathPhase {
  const elapsedMs = BREATHING_MS - state.remainingMs
  return Math.floor(elapsedMs / BREATH_PHASE_MS) % 2 === 0 ? 'inhale' : 'exhale'
}

export const BREATHING_PROMPTS = { idle: 'Ready to breathe', inhale: 'Breathe in...', exhale: 'Breathe out...' } as const

/** The prompts: 'Ready to breathe' before the start, then 'Breathe in...' and 'Breathe out...' in turn. */
export function breathingPrompt(state: BreathingState): string {
  return state.status === 'idle' ? BREATHING_PROMPTS.idle : BREATHING_PROMPTS[breathPhase(state)]
}

// ── How long a practice takes ───────────────────────────────────────────────────────────────────

const minutes = (seconds: number) => Math.round(seconds / 60)
const sum = (seconds: readonly number[]) => seconds.reduce((total, s) => total + s, 0)

/**
 * What a practice asks of the member's time, as the weekly home's Today card shows it: the timed ones from their
 * timings, the written logs by a calm pace of writing a few lines, and the walk by whoever takes it.
 */
export const PRACTICE_LENGTH: Record<GameType, string> = {
  meditation: `${minutes(MEDITATION_SECONDS)} min`,
  focus: `${minutes(sum(FOCUS_STEP_SECONDS))} min`,
  flow: `${minutes(sum(MOVEMENT_PHASE_SECONDS))} min`,
  breathing: `${minutes(BREATHING_SECONDS)} min`,
  sensory: '2 min',
  kindness: 'A few minutes',
  movement: 'A walk, any length',
}
