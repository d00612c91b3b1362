import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, call } from '~/web/api'

/** The signed-in user, or null; the server decides (including the absolute session lifetime). */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => (await call(api.session.$get())).user,
  staleTime: 5 * 60_000,
  // SPEC §7 listens for auth state changes: a sign-in or sign-out in another tab shows when the user comes back.
  refetchOnWindowFocus: 'always',
})

export function useSession() {
  return useQuery(sessionQuery)
}
