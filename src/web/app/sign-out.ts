import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { sessionQuery } from '~/web/app/session'
import { authClient } from '~/web/lib/auth-client'

/** Ends the session on the server; the shell then sends the user to /. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    await authClient.signOut().catch(() => undefined)
    queryClient.setQueryData(sessionQuery.queryKey, null)
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' })
  }, [queryClient])
}
