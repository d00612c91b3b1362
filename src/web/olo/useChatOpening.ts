import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'

/**
 * Opens the chat a screen is for (a practice's threshold, a goal chat, the week's recap) with the request that begins
 * or resumes it. It runs once per visit: never again while the screen is open, since each run may begin another chat;
 * not retried by itself, since the screen offers Try Again; and forgotten when the screen closes, so the next visit
 * asks the server afresh.
 */
export function useChatOpening<T, Key extends QueryKey>(opening: Pick<UseQueryOptions<T, Error, T, Key>, 'queryKey' | 'queryFn' | 'enabled'>) {
  return useQuery({ ...opening, staleTime: Infinity, gcTime: 0, retry: false })
}
