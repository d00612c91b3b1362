import { z } from 'zod'
import { DIMENSIONS, FOCUS_OPTIONS } from './dimensions'
import { MAX_RANKED, MIN_RANKED } from './onboarding'
import { PATHS } from './paths'

/** Onboarding as the first sign-in sends it; the rules of ranking are in ./onboarding. */
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
export type SaveOnboarding = z.infer<typeof saveOnboardingSchema>
