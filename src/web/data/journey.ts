import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { PRACTICE_LENGTH } from '~/core/exercises'
import type { Assessment } from '~/core/journey'
import type { PathName } from '~/core/paths'
import { api, call } from '~/web/api'

export type Journey = InferResponseType<typeof api.journey.$get, 200>

/** The dashboard's path, steps, points and level, and the first quest. */
export const journeyQuery = queryOptions({
  queryKey: ['journey'],
  queryFn: () => call(api.journey.$get()),
})

export function useJourney() {
  return useQuery(journeyQuery)
}

/** The four paths with their exercises, for /explore. */
const pathsQuery = queryOptions({
  queryKey: ['journey', 'paths'],
  queryFn: () => call(api.journey.paths.$get()),
  staleTime: 5 * 60_000,
})

export function usePaths() {
  return useQuery(pathsQuery)
}

/** Chooses a path; a different one starts from exercise 1 (docs/product.md#path-switching). */
export function useChoosePath() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (path: PathName) => call(api.journey.path.$put({ json: { path } })),
    onSuccess: (journey) => {
      queryClient.setQueryData(journeyQuery.queryKey, journey)
      void queryClient.invalidateQueries({ queryKey: journeyQuery.queryKey })
    },
  })
}

export function useSaveAssessment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (assessment: Assessment) => call(api.journey.assessment.$put({ json: assessment })),
    onSuccess: (journey) => queryClient.setQueryData(journeyQuery.queryKey, journey),
  })
}

type JourneyPath = NonNullable<Journey['path']>

/**
 * The practice a member's path goes on with, and where it begins: its threshold (docs/product.md#progress). The
 * dashboard and the weekly home's Today card both start it from here. Null once the path is complete.
 */
export function nextPractice(path: JourneyPath) {
  if (path.complete) return null
  const step = path.steps.find((s) => s.number === path.next)
  return {
    to: `/threshold/${path.next}`,
    number: path.next,
    name: step?.name ?? null,
    description: step?.description ?? null,
    length: step ? PRACTICE_LENGTH[step.gameType] : null,
  }
}
