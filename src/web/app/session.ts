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
 * Once the server has ended the session: no one is signed in, and nothing read for the person stays in the cache, or
 * in the answers kept for offline use, for whoever signs in next.
 */
export function forgetSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQuery.queryKey, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] })
  void forgetOfflineAnswers()
}
