/** Where what a newcomer chose is kept on the device until their first sign-in (docs/product.md#on-the-device). */
export const ONBOARDING_KEYS = { onboarding: 'lumin.onboarding', chosenPath: 'lumin.chosenPath' } as const
