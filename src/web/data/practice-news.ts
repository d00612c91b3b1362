import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query'
import type { api } from '~/web/api'
import type { InferResponseType } from 'hono/client'

/**
 * What a finished practice earned (points, the step it lit, the totals after it), as the server answered its completion.
 * It lives in the query cache, in memory only: the completion screen shows it, and the dashboard shows it once more
 * when the user arrives from that screen (the navigation carries the practice's id), so a reload never shows it again.
 */
export type PracticeNews = InferResponseType<(typeof api.practices)[':id']['complete']['$post'], 200>['earned']

const newsKey = (practiceId: string | null) => ['practice-news', practiceId ?? ''] as const

export function keepNews(queryClient: QueryClient, practiceId: string, news: PracticeNews) {
  queryClient.setQueryData(newsKey(practiceId), news)
}

/** The news of a completed practice once its save has landed; nothing for a free practice or a save still on its way. */
export function usePracticeNews(practiceId: string | null) {
  return useQuery<PracticeNews>({ queryKey: newsKey(practiceId), queryFn: skipToken }).data ?? null
}

/** The navigation state that tells the dashboard which practice the user has just finished (none for a free one). */
export function returnState(practiceId: string | null) {
  return practiceId ? { finishedPractice: practiceId } : undefined
}

export function finishedPracticeOf(state: unknown): string | null {
  return state && typeof state === 'object' && 'finishedPractice' in state && typeof state.finishedPractice === 'string'
    ? state.finishedPractice
    : null
}
