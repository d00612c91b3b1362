/**
 * The shapes of the requests that move the daily loop (docs/product.md#progress): the threshold's exercise id, the
 * assessment, beginning and completing a practice. A path's steps and the first quest are in paths.ts, points and
 * levels in points.ts.
 */
import { z } from 'zod'
import type { GameType } from './paths'
import { PATHS } from './paths'

// ── The threshold's exercise id ─────────────────────────────────────────────────────────────────

export const INVALID_EXERCISE_ID = 'Invalid exercise ID provided'

/** An exercise id is a number or the word next (docs/product.md#threshold). */
const exerciseIdSchema = z.union(
  [z.literal('next'), z.number().int(INVALID_EXERCISE_ID).min(1, INVALID_EXERCISE_ID).max(999, INVALID_EXERCISE_ID)],
  { error: INVALID_EXERCISE_ID },
)
export type ExerciseId = z.infer<typeof exerciseIdSchema>

/** The id in /threshold/{exerciseId}; null when it is neither a whole number nor 'next'. */
export function parseExerciseId(raw: string): ExerciseId | null {
  const parsed = exerciseIdSchema.safeParse(raw === 'next' ? raw : /^\d+$/.test(raw) ? Number(raw) : raw)
  return parsed.success ? parsed.data : null
}

// ── Where a practice happens ────────────────────────────────────────────────────────────────────

/** The practice an exercise screen belongs to travels in its address, so a reload keeps it. */
export const PRACTICE_PARAM = 'practice'

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

export const choosePathSchema = z.object({ path: z.enum(PATHS, 'Choose one of the paths: mind, energy, calm or connection.') })

export const ASSESSMENT_DEFAULT = 50
const score = z.number('Each answer is a number from 0 to 100.').int('Each answer is a whole number.').min(0, 'Each answer is at least 0.').max(100, 'Each answer is at most 100.')
/** How focused, energised and calm the user feels, each 0–100 (docs/product.md#assessment; assessment_score_1..3). */
export const assessmentSchema = z.object({ focused: score, energised: score, calm: score })
export type Assessment = z.infer<typeof assessmentSchema>
export const ASSESSMENT_QUESTIONS: readonly { key: keyof Assessment; label: string; low: string; high: string }[] = [
  { key: 'focused', label: 'How focused do you feel these days?', low: 'Scattered', high: 'Focused' },
  { key: 'energised', label: 'How energised do you feel?', low: 'Drained', high: 'Energised' },
  { key: 'calm', label: 'How calm do you feel?', low: 'Tense', high: 'Calm' },
]

/** A moment as the device's clock gave it, with its offset; the server checks its bounds (./late-arrivals). */
const deviceMoment = z.iso.datetime({ offset: true, error: 'That is not a moment.' })

/**
 * A practice begun on the device without a connection, and so without Olo (docs/decisions/0046): the id the device
 * chose, when it began and the path it was on then, so a resend is the same practice and the practice keeps its day.
 */
const begunOfflineSchema = z.object({
  id: z.uuid('That is not a practice id.'),
  at: deviceMoment,
  path: z.enum(PATHS, 'Choose one of the paths: mind, energy, calm or connection.'),
})
export type BegunOffline = z.infer<typeof begunOfflineSchema>

/** A practice begun at the threshold with Olo, or (`offline`) one the device began while it had no connection. */
export const startPracticeSchema = z.object({ exercise: exerciseIdSchema, offline: begunOfflineSchema.optional() })

// ── What a finished practice logs (docs/product.md#practices) ───────────────────────────────────

const MAX_STEPS = 1_000_000
export const LOG_TEXT_CHARS = 2000

export const PRACTICE_MESSAGES = {
  steps: 'Please enter a valid number of steps',
  observation: 'Please describe something you can see',
  kindnessAct: 'Please describe an act of kindness',
  tooLong: `Please keep it under ${LOG_TEXT_CHARS.toLocaleString('en')} characters.`,
} as const

/** The alerts when a log can't be saved (docs/product.md#practice-logs); the text the user typed stays in the form. */
export const SAVE_FAILED_ALERTS = {
  movement: 'Failed to save your steps. Please try again.',
  sensory: 'Failed to save your observation. Please try again.',
  kindness: 'Failed to save your act of kindness. Please try again.',
} as const

/** The step count as typed: non-empty, a whole number from 0 up; null otherwise. */
export function parseStepCount(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const steps = Number(trimmed)
  return steps <= MAX_STEPS ? steps : null
}

const logText = (required: string) => z.string(required).trim().min(1, required).max(LOG_TEXT_CHARS, PRACTICE_MESSAGES.tooLong)

/**
 * The body of a completion: what the exercise logs, if anything (which one is needed depends on the game type), and
 * when it was done, for a completion the device sends later (docs/decisions/0046).
 */
export const completePracticeSchema = z
  .object({
    at: deviceMoment.optional(),
    steps: z.number(PRACTICE_MESSAGES.steps).int(PRACTICE_MESSAGES.steps).min(0, PRACTICE_MESSAGES.steps).max(MAX_STEPS, PRACTICE_MESSAGES.steps).optional(),
    observation: logText(PRACTICE_MESSAGES.observation).optional(),
    kindnessAct: logText(PRACTICE_MESSAGES.kindnessAct).optional(),
  })
  .strict()
export type PracticeLog = z.infer<typeof completePracticeSchema>

/** Which log field a game type needs; the others must be absent. */
const LOG_FIELD: Partial<Record<GameType, 'steps' | 'observation' | 'kindnessAct'>> = {
  movement: 'steps',
  sensory: 'observation',
  kindness: 'kindnessAct',
}

/** Checks a log against its game type; returns the message for the user, or null when it fits. */
export function logProblem(gameType: GameType, log: PracticeLog): string | null {
  const needed = LOG_FIELD[gameType]
  for (const field of ['steps', 'observation', 'kindnessAct'] as const) {
    if (field !== needed && log[field] !== undefined) return `This practice does not log ${field}.`
  }
  return needed && log[needed] === undefined ? PRACTICE_MESSAGES[needed] : null
}
