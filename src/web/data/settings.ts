import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PreferencesChange } from '~/core/account'
import { suggestHelpCountry, type HelpCountry } from '~/core/helplines'
import { api, call } from '~/web/api'
import { useSession } from '~/web/app/session'

/** The member's choices in Settings that the server keeps (GET /api/account/preferences). */
export const preferencesQuery = queryOptions({
  queryKey: ['preferences'],
  queryFn: () => call(api.account.preferences.$get()),
})

/** Changes the preferences named at once on screen; a refused change puts the server's values back. */
export function useSetPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: PreferencesChange) => call(api.account.preferences.$put({ json: preferences })),
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

/** The country this browser's time zone and languages suggest (docs/decisions/0054); neither changes while the app runs. */
export function browserHelpCountry(): HelpCountry | null {
  return suggestHelpCountry({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, languages: navigator.languages })
}

/**
 * The country whose helplines the help card shows first: the member's choice in Settings (Help where you live), or,
 * until they choose, while it loads, offline and for a visitor, the browser's suggestion.
 */
export function useHelpCountry(): HelpCountry | null {
  const signedIn = Boolean(useSession().data)
  const { data } = useQuery({ ...preferencesQuery, enabled: signedIn })
  return data?.helpCountry ?? browserHelpCountry()
}
