/** How Olo keeps people safe and where help is: linked from every chat, the landing and Settings (docs/decisions/0016). */
export const SAFETY_ROUTE = '/safety'

/** The 5-4-3-2-1 grounding exercise, one tap from every help card (docs/product.md#grounding). */
export const GROUNDING_ROUTE = '/grounding'

/** The member's own safety plan, which every help card points to (docs/product.md#help-card). */
export const SAFETY_PLAN_ROUTE = '/safety-plan'

/** Where the mailed confirmation link opens (docs/decisions/0016). */
export const VERIFY_EMAIL_ROUTE = '/auth/verify'

/**
 * The routes a signed-out visitor may see; everything else needs a session (docs/product.md#routes). /safety and the
 * grounding exercise are for anyone, member or not (docs/decisions/0016, 0054).
 */
export function isPublicRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/onboarding' || pathname === SAFETY_ROUTE || pathname === GROUNDING_ROUTE || pathname.startsWith('/auth/')
}

/**
 * Signed-in users are sent on from these to their weekly home (docs/product.md#routes). Not from the confirmation page:
 * a link opened on a device where someone else is signed in still confirms its own address.
 */
export function isSignInRoute(pathname: string): boolean {
  return pathname === '/onboarding' || (pathname.startsWith('/auth/') && pathname !== VERIFY_EMAIL_ROUTE)
}

export const HOME_ROUTE = '/weekly-dashboard'
