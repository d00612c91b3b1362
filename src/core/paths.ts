import { DIMENSION_INFO, FOCUS_INFO, type Dimension, type FocusOption } from './dimensions'
import { isOneOf } from './lists'

export const PATHS = ['mind', 'energy', 'calm', 'connection'] as const
export type PathName = (typeof PATHS)[number]
/** Exercises in a level of a path. Kept here, away from the journey's request schemas, so screens showing it don't load zod. */
export const PATH_STEPS = 3

export const PATH_INFO: Record<PathName, { title: string; tagline: string }> = {
  mind: { title: 'Mind', tagline: 'Sharpen attention and find clarity.' },
  energy: { title: 'Energy', tagline: 'Move, breathe and wake the body up.' },
  calm: { title: 'Calm', tagline: 'Slow down and settle the nervous system.' },
  connection: { title: 'Connection', tagline: 'Open the heart towards others.' },
}

export function isPathName(value: string): value is PathName {
  return isOneOf(PATHS, value)
}

/** The path implied by the top-ranked dimension (docs/product.md#onboarding). */
export const PATH_FOR_DIMENSION: Record<Dimension, PathName> = {
  mind: 'mind',
  purpose: 'mind',
  body: 'energy',
  growth: 'energy',
  heart: 'connection',
  connection: 'connection',
  spirit: 'calm',
}

/**
 * The path that serves each onboarding focus (docs/product.md#onboarding). Purpose and Growth have no path of their
 * own, so for them the top-ranked dimension's path serves (PATH_FOR_DIMENSION).
 */
const PATH_FOR_FOCUS: Record<FocusOption, PathName | null> = {
  clarity: 'mind',
  energy: 'energy',
  peace: 'calm',
  connection: 'connection',
  purpose: null,
  growth: null,
}

/** The path the onboarding offers: the focus's, else the top-ranked dimension's, else Mind's. */
export function pathForChoices(ranked: readonly Dimension[], focus: FocusOption | null): PathName {
  return (focus && PATH_FOR_FOCUS[focus]) ?? PATH_FOR_DIMENSION[ranked[0] ?? 'mind']
}

/**
 * The one line that says why the path offered is this one: the focus, or for Purpose and Growth the focus and the
 * dimension ranked first. Null when the member's path is not the one their choices gave (they chose another).
 */
export function whyThisPath(path: PathName, focus: FocusOption | null, topDimension: Dimension | null): string | null {
  if (!focus) return null
  const focusPath = PATH_FOR_FOCUS[focus]
  if (focusPath) return focusPath === path ? `Because you chose ${FOCUS_INFO[focus].label}` : null
  if (!topDimension || PATH_FOR_DIMENSION[topDimension] !== path) return null
  return `Because you chose ${FOCUS_INFO[focus].label} and ranked ${DIMENSION_INFO[topDimension].label} first`
}

/** Game types of the minigames, each with its screen (docs/product.md#paths). */
export const GAME_TYPES = ['breathing', 'movement', 'sensory', 'kindness', 'meditation', 'focus', 'flow'] as const
export type GameType = (typeof GAME_TYPES)[number]

// ── Walking a path (docs/product.md#progress, docs/product.md#first-quest) ─────────────────────────────────────────
// Here rather than with the journey's request schemas, so the dashboards that show a path's steps don't load zod.

/** Lighthouse Focus is exercises 1 and 2 of the user's path (docs/product.md#first-quest). */
export const FIRST_QUEST = { name: 'Lighthouse Focus', exerciseNumbers: [1, 2] } as const

/** The highest completed exercise number plus 1, or 1 when none is completed (docs/product.md#progress). */
export function nextExerciseNumber(completedNumbers: readonly number[]): number {
  return completedNumbers.length === 0 ? 1 : Math.max(...completedNumbers) + 1
}

/** A step is complete when the next exercise number is above its number (docs/product.md#progress). */
export function isStepComplete(step: number, next: number): boolean {
  return next > step
}

export function stepsDone(next: number): number {
  return Math.min(PATH_STEPS, Math.max(0, next - 1))
}

export function isPathComplete(next: number): boolean {
  return next > PATH_STEPS
}

/** The first quest's progress is the share of its practices done, in percent (docs/product.md#first-quest). */
export function questProgress(doneNumbers: readonly number[]): number {
  const done = FIRST_QUEST.exerciseNumbers.filter((n) => doneNumbers.includes(n)).length
  return Math.round((done / FIRST_QUEST.exerciseNumbers.length) * 100)
}

// ── Where a practice happens ────────────────────────────────────────────────────────────────────

/** The game-type table of docs/product.md#paths: every exercise screen is part of a path. */
const EXERCISE_ROUTES: Record<GameType, string> = {
  breathing: '/breathing-bubble',
  movement: '/step-quest',
  sensory: '/sensory-safari',
  kindness: '/kindness-quest',
  meditation: '/meditation-timer',
  focus: '/focus-exercise',
  flow: '/movement-exercise',
}

/** Where the threshold hands over; anything unknown, or no minigame at all, goes back to the dashboard. */
export function exerciseDestination(gameType: string | null | undefined): string {
  return isOneOf(GAME_TYPES, gameType) ? EXERCISE_ROUTES[gameType] : '/dashboard'
}

/** Whether a screen is part of a practice: its threshold or its exercise, which nothing should interrupt. */
export function isPracticeScreen(pathname: string): boolean {
  return pathname.startsWith('/threshold/') || Object.values(EXERCISE_ROUTES).includes(pathname)
}
