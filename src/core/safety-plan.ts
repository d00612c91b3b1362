/*
 * The safety plan's steps and rules (docs/product.md#safety-plan), free of zod: the plan's screen and the help cards
 * read them, and neither needs a schema library. The request schema is in ./safety-plan-request.
 */

/**
 * The seven steps of the Stanley-Brown safety plan, in the order a person turns to them in a hard moment: noticing the
 * signs, what helps on one's own, people and places that distract, people to ask for help, professionals, making the
 * surroundings safer, and the reasons for living.
 */
export const SAFETY_PLAN_STEPS = ['warning-signs', 'on-my-own', 'people-and-places', 'people-to-ask', 'professionals', 'safer-surroundings', 'reasons-for-living'] as const
export type SafetyPlanStep = (typeof SAFETY_PLAN_STEPS)[number]

/** The steps whose lines are a person or a service with a number to call or text. */
export const STEPS_WITH_A_PHONE: readonly SafetyPlanStep[] = ['people-to-ask', 'professionals']

export const hasPhone = (step: SafetyPlanStep) => STEPS_WITH_A_PHONE.includes(step)

/** The plan's sizes (docs/product.md#safety-plan), each enforced on the server. */
export const SAFETY_PLAN_LIMITS = {
  /** A line is a sentence or two in the member's own words. */
  lineChars: 300,
  /** A short list per step: the plan fits on one printed page and is read at a glance in a hard moment. */
  linesPerStep: 10,
  /** A phone number as people write it, with spaces and brackets. */
  phoneChars: 30,
  /** Digits of a number: a short code such as 988 or 112 has three, E.164's longest international number fifteen. */
  phoneDigits: { min: 3, max: 15 },
  /** A line's place in its step; the device gives each new line the next one. */
  greatestPosition: 1_000_000,
  /**
   * Saves (a line written, changed or removed) per member per hour, as the journal's: the plan is saved as the member
   * types, a line a second or so after they pause, so writing a whole plan takes a few dozen.
   */
  writesPerHour: 300,
} as const

/** What a number may hold: digits, with a leading + for a country code and the separators people write. */
const PHONE_CHARACTERS = /^\+?[\d ().-]+$/

/**
 * Why `number` can't be dialled from a `tel:` link, or null when it can (RFC 3966: a global number is + and digits, a
 * local one digits; the spaces, dots, dashes and brackets people write are left out of the link).
 */
export function phoneProblem(number: string): string | null {
  if (!PHONE_CHARACTERS.test(number)) return 'Write the number in digits (spaces and dashes are fine), with + before a country code.'
  const digits = number.replace(/\D/g, '').length
  const { min, max } = SAFETY_PLAN_LIMITS.phoneDigits
  if (digits < min || digits > max) return `A phone number has ${min} to ${max} digits.`
  return null
}

/** The number as a `tel:` or `sms:` link holds it: its digits, and the + of a country code. */
export function dialledPhone(number: string) {
  return `${number.trim().startsWith('+') ? '+' : ''}${number.replace(/\D/g, '')}`
}

/** A line of the plan as the member wrote it. */
export interface SafetyPlanLine {
  id: string
  step: SafetyPlanStep
  text: string
  /** A number to call or text, in the steps that have one; null when there is none. */
  phone: string | null
  position: number
}

/** Why a line can't be saved as it is, or null when it can: what the server's schema checks, said on the device first. */
export function lineProblem(line: Pick<SafetyPlanLine, 'step' | 'text' | 'phone'>): string | null {
  if (line.text.trim().length > SAFETY_PLAN_LIMITS.lineChars) return `Keep a line under ${SAFETY_PLAN_LIMITS.lineChars} characters.`
  const number = line.phone?.trim() ?? ''
  if (number === '') return null
  if (!hasPhone(line.step)) return 'Only people and services have a number.'
  if (number.length > SAFETY_PLAN_LIMITS.phoneChars) return `Keep a number under ${SAFETY_PLAN_LIMITS.phoneChars} characters.`
  return phoneProblem(number)
}

/** A line with nothing written in it: the device keeps it while the member writes, the server never does. */
export const isBlank = (line: Pick<SafetyPlanLine, 'text' | 'phone'>) => line.text.trim() === '' && (line.phone?.trim() ?? '') === ''
