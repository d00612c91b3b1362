import { onlineManager, QueryClient } from '@tanstack/react-query'

/**
 * The weekly home's query key, here rather than with its query: what moves the orbs (a check-in, a practice, a goal)
 * refreshes them without loading the weekly home's data code, which the dashboard does not otherwise need
 * (docs/decisions/0038).
 */
export const WEEKLY_KEY = ['weekly'] as const

/** The dashboard's journey, here for the same reason: a completion refreshes it from code the shell loads. */
export const JOURNEY_KEY = ['journey'] as const

/**
 * How long an answer the routes asked for before its screen rendered stays fresh: the screen's first render uses it
 * instead of asking again. What changes it (a check-in, a practice, a goal) refreshes it whatever its age.
 */
export const STARTED_EARLY_FRESH_MS = 10_000

/**
 * The app's one query cache; the routes use it to start a screen's data request before the screen renders. A query is
 * asked even offline, where the service worker may answer with what it kept (docs/decisions/0045); only its retry waits
 * for the connection.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' } } })

// TanStack Query learns of the connection only from the 'online' and 'offline' events, so a page opened offline would
// count as online and retry at once instead of waiting for the connection (docs/decisions/0048).
onlineManager.setOnline(navigator.onLine)
