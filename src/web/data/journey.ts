import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useCallback } from 'react'
import { PRACTICE_LENGTH } from '~/core/exercises'
import type { Assessment } from '~/core/journey'
import { isPathComplete, isStepComplete, nextExerciseNumber, questProgress, stepsDone, type PathName } from '~/core/paths'
import { api, call } from '~/web/api'
import { JOURNEY_KEY, STARTED_EARLY_FRESH_MS } from '~/web/app/query-client'
import { usePracticesWaiting, type PracticeWaiting } from './practice-completions'

export type Journey = InferResponseType<typeof api.journey.$get, 200>

/** The dashboard's path, steps, points and level, and the first quest. */
export const journeyQuery = queryOptions({
  queryKey: JOURNEY_KEY,
  queryFn: () => call(api.journey.$get()),
  staleTime: STARTED_EARLY_FRESH_MS,
})

/**
 * The journey as the server last answered it, gone on past the practices done on this device that the server doesn't
 * have yet (docs/decisions/0046): their steps count as done, by the same rules as the server's, so the path offers
 * the practice after them. Points and level stay the server's, since they arrive with the practices.
 */
export function withPracticesWaiting(journey: Journey, waiting: readonly PracticeWaiting[]): Journey {
  const { path, firstQuest } = journey
  const numbers = waiting.filter((practice) => practice.path === path?.key).map((practice) => practice.exercise)
  if (!path || numbers.length === 0) return journey
  const next = Math.max(path.next, nextExerciseNumber([...path.steps.filter((step) => step.complete).map((step) => step.number), ...numbers]))
  const questPractices = firstQuest?.practices.map((practice) => ({ ...practice, done: practice.done || numbers.includes(practice.number) }))
  return {
    ...journey,
    path: {
      ...path,
      next,
      steps: path.steps.map((step) => ({ ...step, complete: isStepComplete(step.number, next) })),
      stepsDone: stepsDone(next),
      complete: isPathComplete(next),
    },
    firstQuest:
      firstQuest && questPractices
        ? {
            ...firstQuest,
            practices: questPractices,
            progress: Math.max(firstQuest.progress, questProgress(questPractices.filter((practice) => practice.done).map((practice) => practice.number))),
            complete: questPractices.every((practice) => practice.done),
          }
        : firstQuest,
  }
}

export function useJourney() {
  const { steps } = usePracticesWaiting()
  const select = useCallback((journey: Journey) => withPracticesWaiting(journey, steps), [steps])
  return useQuery({ ...journeyQuery, select })
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
