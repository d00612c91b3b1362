/** SPEC §3: where what a newcomer chose is kept on the device until their first sign-in. */
export const ONBOARDING_KEYS = { onboarding: 'lumin.onboarding', chosenPath: 'lumin.chosenPath' } as const
