import { DIMENSIONS, FOCUS_OPTIONS, isDimension, type Dimension, type FocusOption } from './dimensions'
import type { OnboardingData } from './onboarding-request'
import { isPathName, PATH_FOR_DIMENSION, type PathName } from './paths'

export const ONBOARDING_STEPS = ['Welcome', 'Rank Priorities', 'Choose Focus', 'Get Started'] as const
export const LAST_ONBOARDING_STEP = ONBOARDING_STEPS.length - 1
export const MIN_RANKED = 3
export const MAX_RANKED = DIMENSIONS.length

/** Tapping a ranked dimension removes it; otherwise it joins the end of the order, up to seven. */
export function toggleRanked(ranked: readonly Dimension[], dimension: Dimension): Dimension[] {
  if (ranked.includes(dimension)) return ranked.filter((d) => d !== dimension)
  if (ranked.length >= MAX_RANKED) return [...ranked]
  return [...ranked, dimension]
}

export function canContinue(step: number, ranked: readonly Dimension[], focus: FocusOption | null): boolean {
  switch (step) {
    case 1:
      return ranked.length >= MIN_RANKED
    case 2:
      return focus !== null
    default:
      return step >= 0 && step <= LAST_ONBOARDING_STEP
  }
}

/** Where the last onboarding step leads: the sign-in screen named after the top-ranked dimension. */
export function authRouteFor(ranked: readonly Dimension[]): string {
  return `/auth/${ranked[0] ?? 'mind'}`
}

/** The path implied by the name in /auth/{pathName} (a dimension or a path); null for 'login' and anything else. */
export function pathFromAuthName(name: string | null | undefined): PathName | null {
  if (!name) return null
  const lower = name.toLowerCase()
  if (isDimension(lower)) return PATH_FOR_DIMENSION[lower]
  if (isPathName(lower)) return lower
  return null
}

/**
 * Whether a value is onboarding as this device kept it, by onboardingSchema's rules. The screens check what they read
 * back with this, not the schema, so that zod stays off /onboarding's first load; a test holds the two to one answer.
 */
export function isOnboardingData(value: unknown): value is OnboardingData {
  if (!value || typeof value !== 'object') return false
  const { rankedDimensions: ranked, selectedFocus, completedAt } = value as Record<string, unknown>
  return (
    Array.isArray(ranked) &&
    ranked.length >= MIN_RANKED &&
    ranked.length <= MAX_RANKED &&
    ranked.every((d) => typeof d === 'string' && isDimension(d)) &&
    new Set(ranked).size === ranked.length &&
    typeof selectedFocus === 'string' &&
    (FOCUS_OPTIONS as readonly string[]).includes(selectedFocus) &&
    typeof completedAt === 'string' &&
    isIsoDateTime(completedAt)
  )
}

/** An ISO 8601 date and time in UTC, as `toISOString()` writes it, naming a day and hour that exist (as `z.iso.datetime()` requires). */
function isIsoDateTime(value: string) {
  if (!ISO_DATETIME.test(value)) return false
  const time = Date.parse(value)
  // Date.parse rolls 30 February and 24:00 over to the next day; the calendar's own reading must give the same text back.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19)
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
