/** The routes a signed-out visitor may see; everything else needs a session (SPEC §2 'App shell'). */
export function isPublicRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/onboarding' || pathname.startsWith('/auth/')
}

/** Signed-in users are sent on from these to their weekly home (DESIGN §7 'Signed-in users on /'). */
export function isSignInRoute(pathname: string): boolean {
  return pathname === '/onboarding' || pathname.startsWith('/auth/')
}

export const HOME_ROUTE = '/weekly-dashboard'
