import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useSearchParams } from 'react-router'
import { PRACTICE_PARAM, type ExerciseId, type PracticeLog } from '~/core/journey'
import { api, call } from '~/web/api'
import { useSession } from '~/web/app/session'
import { completeInBackground, postCompletion, refreshAfterCompletion } from './practice-completions'
import { keepNews } from './practice-news'

export type PracticeView = InferResponseType<(typeof api.practices)[':id']['$get'], 200>['practice']

export const practiceQuery = (id: string) => ({
  queryKey: ['practice', id] as const,
  queryFn: async () => (await call(api.practices[':id'].$get({ param: { id } }))).practice,
})

/** Begins a practice at the threshold: the server picks the exercise (a number or 'next') and opens Olo's chat. */
export async function startPractice(exercise: ExerciseId) {
  return (await call(api.practices.$post({ json: { exercise } }))).practice
}

export function usePractice(practiceId: string | null) {
  return useQuery({ ...practiceQuery(practiceId ?? ''), enabled: Boolean(practiceId) })
}

/** The practice an exercise screen belongs to, from `?practice=` in its address; none on a direct visit (a free practice). */
export function usePracticeFromAddress() {
  const [params] = useSearchParams()
  const practiceId = params.get(PRACTICE_PARAM)
  return { practiceId, practice: usePractice(practiceId) }
}

/**
 * Completes a practice. `background: true` for the timed exercises and breathing, whose save failure SPEC only logs;
 * otherwise the caller awaits it and shows SPEC's alert when it fails (step quest, sensory safari, kindness quest).
 */
export function useCompletePractice({ background = false }: { background?: boolean } = {}) {
  const queryClient = useQueryClient()
  // A background save is kept on the device under the id of the user the screen was shown to, even if their session
  // has expired since (the save then waits for them to sign in again).
  const userId = useSession().data?.id
  return useMutation({
    mutationFn: async ({ practiceId, log }: { practiceId: string; log: PracticeLog }) => {
      if (background) {
        if (userId) void completeInBackground(queryClient, userId, practiceId, log)
        else console.warn('A practice could not be saved: the session could not be read.')
        return
      }
      keepNews(queryClient, practiceId, (await postCompletion(practiceId, log)).earned)
      refreshAfterCompletion(queryClient, practiceId)
    },
  })
}
