import type { Dimension } from './dimensions'
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

/** Game types of the minigames, each with its screen (docs/product.md#paths). */
export const GAME_TYPES = ['breathing', 'movement', 'sensory', 'kindness', 'meditation', 'focus', 'flow'] as const
export type GameType = (typeof GAME_TYPES)[number]

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
