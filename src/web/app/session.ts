import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api, call } from '~/web/api'
import { forgetOfflineAnswers } from '~/web/lib/offline-answers'

/** The signed-in user, or null; the server decides (including the absolute session lifetime). */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => (await call(api.session.$get())).user,
  staleTime: 5 * 60_000,
  // A sign-in or sign-out in another tab shows when the user comes back (docs/product.md#routes).
  refetchOnWindowFocus: 'always',
})

export function useSession() {
  return useQuery(sessionQuery)
}

/**
 * Where the device keeps a member's safety plan, `lumin.safetyPlan.<userId>`, so that it opens without a connection
 * (docs/decisions/0053). It is theirs alone: a sign-out on this device removes every one kept here.
 */
export const SAFETY_PLAN_KEY_PREFIX = 'lumin.safetyPlan.'

/**
 * Removes every safety plan this device keeps, whoever's. Storage that can't be read kept none. (Written here rather
 * than with lib/device-storage, which would then load as a script of its own before every first screen.)
 */
function forgetSafetyPlans() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(SAFETY_PLAN_KEY_PREFIX)) localStorage.removeItem(key)
  } catch {
    // Nothing was kept.
  }
}

/**
 * Once the server has ended the session (a sign-out, a deleted account): no one is signed in, and nothing read for the
 * person stays in the cache, in the answers kept for offline use or in the safety plans kept on the device, for
 * whoever signs in next.
 */
export function forgetSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQuery.queryKey, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] })
  forgetSafetyPlans()
  void forgetOfflineAnswers()
}
