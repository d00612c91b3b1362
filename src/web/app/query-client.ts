import { QueryClient } from '@tanstack/react-query'

/** The app's one query cache; the routes use it to start a screen's data request before the screen renders. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })
