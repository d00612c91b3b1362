import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, call } from '~/web/api'

/** The member's choices in Settings that the server keeps (GET /api/account/preferences). */
export const preferencesQuery = queryOptions({
  queryKey: ['preferences'],
  queryFn: () => call(api.account.preferences.$get()),
})

/** Changes the preferences named at once on screen; a refused change puts the server's values back. */
export function useSetPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: { journalInRecap?: boolean; showStreaks?: boolean }) => call(api.account.preferences.$put({ json: preferences })),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: preferencesQuery.queryKey })
      const before = queryClient.getQueryData(preferencesQuery.queryKey)
      if (before) queryClient.setQueryData(preferencesQuery.queryKey, { ...before, ...preferences })
      return { before }
    },
    onError: (_error, _preferences, context) => queryClient.setQueryData(preferencesQuery.queryKey, context?.before),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQuery.queryKey, saved)
      // Stats leaves the streak out while it is hidden: its next visit asks again.
      void queryClient.invalidateQueries({ queryKey: ['stats'] })
    },
  })
}
