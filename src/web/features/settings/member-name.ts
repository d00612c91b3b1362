import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, call } from '~/web/api'
import { sessionQuery } from '~/web/app/session'

/** PUT /api/profile/name: the name Olo and the weekly home use; the session's user carries it to every screen. */
export function useSetMemberName() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => call(api.profile.name.$put({ json: { name } })),
    onSuccess: ({ name }) => {
      queryClient.setQueryData(sessionQuery.queryKey, (user) => (user ? { ...user, name } : user))
    },
  })
}
