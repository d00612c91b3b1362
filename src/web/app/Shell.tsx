import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { isPracticeScreen } from '~/core/paths'
import { PENDING_CHECK_INS_KEY } from '~/web/data/check-in-keys'
import { useOnboardingSync } from '~/web/features/onboarding/sync'
import { deviceStorage } from '~/web/lib/device-storage'
import { FullScreenMessage } from '~/web/ui/FullScreenMessage'
import { UpdateReady } from '~/web/ui/UpdateReady'
import { GROUNDING_ROUTE, HOME_ROUTE, isPublicRoute, isSignInRoute } from './route-access'
import { useFocusOnNavigation } from './route-focus'
import { useSession } from './session'

/**
 * Checks the session once and applies the redirect rules of docs/product.md#routes at render: signed-in users leave
 * /onboarding and /auth/*, signed-out ones leave protected screens (so a sign-out anywhere lands on /). Only a sign-in
 * while on / needs an event.
 */
export function Shell({
  resumeCheckIns,
  openingScreenCode,
}: {
  resumeCheckIns: (queryClient: QueryClient, userId: string) => Promise<void>
  /** The code of the screen the app opened on: it shows once this settles, never through a Suspense fallback. */
  openingScreenCode: Promise<unknown>
}) {
  const session = useSession()
  const { data: user, isError } = session
  const openingCodeReady = useSettled(openingScreenCode)
  // The screen's first render is a transition, which React renders in slices between which the page stays responsive.
  const isPending = useDeferredValue(session.isPending || !openingCodeReady, true)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const previousUser = useRef<string | null | undefined>(undefined)
  const userId = user?.id ?? null
  useOnboardingSync(userId)
  const queryClient = useQueryClient()
  useFocusOnNavigation()

  // A practice this user finished, a check-in they made or a line of their safety plan they changed while offline, just
  // before a tab closed or as their session expired, is sent once they are signed in again. Loaded only then: a
  // visitor's first load of / needs none of it. The check-ins' code (the card's chunk, from the routes) only when some
  // wait on this device.
  useEffect(() => {
    if (!userId) return
    void import('~/web/data/practice-completions')
      .then(({ resumePendingCompletions }) => resumePendingCompletions(queryClient, userId))
      // They stay on the device and are sent on the next visit.
      .catch(() => undefined)
    if (deviceStorage.get(PENDING_CHECK_INS_KEY + userId) !== null) resumeCheckIns(queryClient, userId).catch(() => undefined)
    // The safety plan opens offline: a device that keeps none yet (a new sign-in) reads it, and lines changed offline
    // are sent (docs/decisions/0053); once the opening screen has what it needs, so the plan never delays it.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const plan = idle(() => {
      void import('~/web/data/safety-plan-sync')
        .then(({ resumeSafetyPlan }) => resumeSafetyPlan(queryClient, userId))
        // It is read when the plan opens, and what waits is sent on the next visit.
        .catch(() => undefined)
    })
    return () => cancel(plan)
  }, [userId, queryClient, resumeCheckIns])

  useEffect(() => {
    if (isPending) return
    const before = previousUser.current
    previousUser.current = userId
    if (before === null && userId && pathname === '/') void navigate(HOME_ROUTE, { replace: true })
  }, [userId, isPending, pathname, navigate])

  // Public screens show at once (the landing button says 'Loading...'); protected ones wait for the answer.
  if (isPending && !isPublicRoute(pathname)) return <FullScreenMessage>Loading Your Experience...</FullScreenMessage>
  if (!isPending && !isError) {
    if (user && isSignInRoute(pathname)) return <Navigate to={HOME_ROUTE} replace />
    if (!user && !isPublicRoute(pathname)) return <Navigate to="/" replace />
  }
  return (
    <>
      <Suspense fallback={<FullScreenMessage>Loading Your Experience...</FullScreenMessage>}>
        <Outlet />
      </Suspense>
      {/* Never in the middle of a practice, or of the grounding exercise: it waits until they are done. */}
      {!isPracticeScreen(pathname) && pathname !== GROUNDING_ROUTE && <UpdateReady />}
    </>
  )
}

/** Whether `promise` has settled. */
function useSettled(promise: Promise<unknown>) {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    let current = true
    const settle = () => current && setSettled(true)
    promise.then(settle, settle)
    return () => {
      current = false
    }
  }, [promise])
  return settled
}
