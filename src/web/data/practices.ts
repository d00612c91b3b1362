import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { ExerciseId } from '~/core/journey'
import { api, call } from '~/web/api'

export type PracticeView = InferResponseType<(typeof api.practices)[':id']['$get'], 200>['practice']

async function fetchPractice(id: string) {
  return (await call(api.practices[':id'].$get({ param: { id } }))).practice
}

export const practiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['practice', id],
    queryFn: () => fetchPractice(id),
  })

/** Begins a practice at the threshold: the server picks the exercise (a number or 'next') and opens Olo's chat. */
async function startPractice(exercise: ExerciseId) {
  return (await call(api.practices.$post({ json: { exercise } }))).practice
}

/**
 * The threshold's practice: the one in the address when there is one (a reload resumes it), else a new one begun for
 * the exercise. Keyed by the exercise alone, so putting the new practice's id in the address doesn't begin another.
 * Asked only online: offline the threshold offers the practice without Olo (docs/decisions/0046), and a request waiting
 * for the network would begin a chat nobody is there for once it came back.
 */
export const thresholdQuery = (exerciseId: string, exercise: ExerciseId | null, practiceInAddress: string | null, online: boolean) =>
  queryOptions({
    queryKey: ['threshold', exerciseId],
    queryFn: () => (practiceInAddress ? fetchPractice(practiceInAddress) : startPractice(exercise!)),
    enabled: exercise !== null && online,
  })

export function usePractice(practiceId: string | null) {
  return useQuery({ ...practiceQuery(practiceId ?? ''), enabled: Boolean(practiceId) })
}
