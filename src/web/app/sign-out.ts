import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { authClient } from '~/web/lib/auth-client'
import { forgetSession } from './session'

/** Ends the session on the server; the shell then sends the user to /. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    await authClient.signOut().catch(() => undefined)
    forgetSession(queryClient)
  }, [queryClient])
}
