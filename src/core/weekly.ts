import { z } from 'zod'
import { DIMENSIONS, type Dimension } from './dimensions'
import { addDays, isoWeekdayOf, wallClockOf } from './local-time'
import { PATHS, type PathName } from './paths'

// ---------------------------------------------------------------------------
// Weeks (docs/product.md#weekly-recap: weeks start Monday in the user's zone)
// ---------------------------------------------------------------------------

/** True when Intl knows the zone, so formatting with it cannot throw later. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/**
 * The zone's canonical name ("US/Pacific-New" is "America/Los_Angeles", "Canada/East-Saskatchewan" "America/Regina"):
 * Intl still accepts links that tz has retired and PostgreSQL no longer knows, so every zone is kept and used by this
 * name (docs/decisions/0060).
 */
function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
}

/** The zone comes from the browser, so it is untrusted input; the cap keeps junk out of logs and the database. */
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, { message: 'Unknown time zone.' }).transform(canonicalTimeZone)

/** The ISO date (YYYY-MM-DD) of `at` on the wall calendar of `timeZone`. Throws a RangeError for an unknown zone. */
export function localDateOf(at: Date, timeZone: string): string {
  return wallClockOf(at, timeZone).date
}

/**
 * The ISO date (YYYY-MM-DD) of the Monday starting the week that contains `now` on the wall
 * calendar of `timeZone`. Throws a RangeError for an unknown zone or an invalid date.
 */
export function weekStartOf(now: Date, timeZone: string): string {
  return weekStartOfDate(wallClockOf(now, timeZone).date)
}

/** The Monday of the week a date (YYYY-MM-DD) is in. */
export function weekStartOfDate(date: string): string {
  return addDays(date, 1 - isoWeekdayOf(date))
}

// ---------------------------------------------------------------------------
// Dashboard orbs (docs/product.md#orbs)
// ---------------------------------------------------------------------------

/** The goal categories, by the names stored in the database; the seed content is typed against this list. */
export const GOAL_CATEGORY_NAMES = [
  'Health & Fitness',
  'Mind & Learning',
  'Money',
  'Relationships',
  'Creativity',
  'Purpose & Career',
  'Adventure & Travel',
  'Home & Family',
] as const
export type GoalCategoryName = (typeof GOAL_CATEGORY_NAMES)[number]

/** A recap's task, until the member ticks it off. */
export const TASK_STATUSES = ['pending', 'done'] as const

/** How far back path practices, done tasks and check-ins count towards the orbs. */
export const ORB_WINDOW_DAYS = 28
const ORB_MAX = 100
const ORB_PER_PRACTICE = 10
const ORB_PER_TASK = 20
/**
 * A check-in is a moment's notice, not a done thing: a quarter of a task. Checking in daily about one dimension for the
 * whole window gives it 28 × 5 = 140, so it alone can fill an orb, but only by showing up most days.
 */
const ORB_PER_CHECK_IN = 5

export const PATH_SERVES: Record<PathName, readonly Dimension[]> = {
  mind: ['mind', 'growth'],
  energy: ['body', 'growth'],
  calm: ['spirit', 'heart'],
  connection: ['connection', 'heart'],
}

// Typed by string so callers can look up a category name read from the database; `satisfies`
// still makes the compiler insist on every known category.
export const CATEGORY_SERVES: Readonly<Record<string, Dimension>> = {
  'Health & Fitness': 'body',
  'Mind & Learning': 'mind',
  Money: 'purpose',
  Relationships: 'connection',
  Creativity: 'growth',
  'Purpose & Career': 'purpose',
  'Adventure & Travel': 'spirit',
  'Home & Family': 'heart',
} satisfies Record<GoalCategoryName, Dimension>

/** The dimension a goal category serves, or null for a name we do not know. */
export function categoryServes(category: string): Dimension | null {
  // hasOwn, because a plain object would answer 'constructor' or 'toString' with a prototype member.
  return Object.hasOwn(CATEGORY_SERVES, category) ? (CATEGORY_SERVES[category] ?? null) : null
}

export interface OrbInput {
  /** Path practices completed within the last ORB_WINDOW_DAYS, counted per path (the caller filters). */
  pathPractices: Readonly<Partial<Record<PathName, number>>>
  /** Weekly tasks done within the window, counted per related dimension (the caller filters). */
  tasksDone: Readonly<Partial<Record<Dimension, number>>>
  /** Check-ins made within the window, counted per dimension they were tagged with (the caller filters). */
  checkIns: Readonly<Partial<Record<Dimension, number>>>
  /** The user's active goals; progress is a percent, 0–100. */
  activeGoals: readonly { category: string; progress: number }[]
}

export type OrbScores = Record<Dimension, number>

// Counts and percents come from stored rows; anything negative or non-finite must not drag an orb below zero.
function count(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0
}

/**
 * Each orb, per docs/product.md#orbs, rounded to a whole number (the half-progress
 * term is what can be fractional):
 *   min(100, 10 × path practices on a path serving the dimension
 *          + 20 × weekly tasks done for it
 *          + 5 × check-ins tagged with it
 *          + ½ × progress of the furthest active goal in a category serving it).
 */
export function orbScores(input: OrbInput): OrbScores {
  const scores: OrbScores = { mind: 0, body: 0, heart: 0, connection: 0, purpose: 0, growth: 0, spirit: 0 }

  for (const path of PATHS) {
    const practices = count(input.pathPractices[path])
    for (const dimension of PATH_SERVES[path]) scores[dimension] += ORB_PER_PRACTICE * practices
  }

  for (const dimension of DIMENSIONS) {
    scores[dimension] += ORB_PER_TASK * count(input.tasksDone[dimension]) + ORB_PER_CHECK_IN * count(input.checkIns[dimension])
  }

  const furthest: Partial<Record<Dimension, number>> = {}
  for (const goal of input.activeGoals) {
    const dimension = categoryServes(goal.category)
    if (dimension === null) continue
    const progress = Math.min(100, count(goal.progress))
    furthest[dimension] = Math.max(furthest[dimension] ?? 0, progress)
  }

  for (const dimension of DIMENSIONS) {
    scores[dimension] = Math.min(ORB_MAX, Math.round(scores[dimension] + (furthest[dimension] ?? 0) / 2))
  }
  return scores
}

/** A new user's dashboard shows a hint instead of pretending the zeros mean something. */
export function allZero(scores: OrbScores): boolean {
  return DIMENSIONS.every((d) => scores[d] === 0)
}
