import { z } from 'zod'
import { DIMENSIONS, FOCUS_OPTIONS, isDimension, type Dimension, type FocusOption } from './dimensions'
import { isPathName, PATH_FOR_DIMENSION, PATHS, type PathName } from './paths'

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

export const onboardingSchema = z.object({
  rankedDimensions: z
    .array(z.enum(DIMENSIONS))
    .min(MIN_RANKED, `Rank at least ${MIN_RANKED} dimensions.`)
    .max(MAX_RANKED)
    .refine((list) => new Set(list).size === list.length, 'Each dimension can be ranked once.'),
  selectedFocus: z.enum(FOCUS_OPTIONS),
  completedAt: z.iso.datetime(),
})
export type OnboardingData = z.infer<typeof onboardingSchema>

/** What the first sign-in sends: the onboarding kept on the device, and the path chosen before signing in. */
export const saveOnboardingSchema = z.object({
  onboarding: onboardingSchema.nullable(),
  path: z.enum(PATHS).nullable(),
})
