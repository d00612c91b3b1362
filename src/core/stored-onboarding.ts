import { FOCUS_OPTIONS, isDimension } from './dimensions'
import { isOneOf } from './lists'
import { MAX_RANKED, MIN_RANKED } from './onboarding'
import type { OnboardingData } from './onboarding-request'

/**
 * Whether a value is onboarding as this device kept it, by onboardingSchema's rules. The screens check what they read
 * back with this, not the schema, so that zod stays off /onboarding's first load; a test holds the two to one answer.
 */
export function isOnboardingData(value: unknown): value is OnboardingData {
  if (!value || typeof value !== 'object' || !('rankedDimensions' in value && 'selectedFocus' in value && 'completedAt' in value)) return false
  const { rankedDimensions: ranked, selectedFocus, completedAt } = value
  return (
    Array.isArray(ranked) &&
    ranked.length >= MIN_RANKED &&
    ranked.length <= MAX_RANKED &&
    ranked.every((d) => typeof d === 'string' && isDimension(d)) &&
    new Set(ranked).size === ranked.length &&
    isOneOf(FOCUS_OPTIONS, selectedFocus) &&
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
