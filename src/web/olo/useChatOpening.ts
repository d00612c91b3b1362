import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useOnline } from '~/web/lib/online'
import { untilOnline } from './connection'

/**
 * Opens the chat a screen is for (a practice's threshold, a goal chat, the week's recap, a reflection) with the request
 * that begins or resumes it. It runs once per visit: never again while the screen is open, since each run may begin
 * another chat; not retried by itself while there is a connection, since the screen offers Try Again; and forgotten when
 * the screen closes, so the next visit asks the server afresh. Without a connection it waits for one instead of
 * failing, and `needsConnection` says so, for the screen to show where its chat will be (docs/decisions/0048).
 */
export function useChatOpening<T, Key extends QueryKey>(opening: Pick<UseQueryOptions<T, Error, T, Key>, 'queryKey' | 'queryFn' | 'enabled'>) {
  const online = useOnline()
  const query = useQuery({ ...opening, staleTime: Infinity, gcTime: 0, ...untilOnline(() => false) })
  return Object.assign(query, { needsConnection: !online && query.data === undefined })
}
