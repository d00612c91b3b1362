import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, call, userTimeZone } from '~/web/api'
import { STARTED_EARLY_FRESH_MS, WEEKLY_KEY } from '~/web/app/query-client'

export type Weekly = InferResponseType<typeof api.weekly.$get, 200>
export type Recap = NonNullable<Weekly['recap']>
type RecapTask = Recap['tasks'][number]

/** The weekly home: orbs, whether the user is new, and this week's recap with its tasks. */
export const weeklyQuery = queryOptions({
  queryKey: WEEKLY_KEY,
  queryFn: () => call(api.weekly.$get({ query: { timeZone: userTimeZone() } })),
  staleTime: STARTED_EARLY_FRESH_MS,
})

export function useWeekly() {
  return useQuery(weeklyQuery)
}

/** This week's recap, created on the first visit to it and resumed after (open or done). */
export const recapQuery = queryOptions({
  queryKey: ['recap-session'],
  queryFn: async (): Promise<Recap> => (await call(api.weekly.recap.$post({ json: { timeZone: userTimeZone() } }))).recap,
})

const TASK_TOGGLE_KEY = ['weekly', 'task-toggle'] as const

function withTaskStatus(weekly: Weekly | undefined, id: string, status: RecapTask['status']): Weekly | undefined {
  if (!weekly?.recap) return weekly
  const tasks = weekly.recap.tasks.map((task) => (task.id === id ? { ...task, status } : task))
  return { ...weekly, recap: { ...weekly.recap, tasks } }
}

/**
 * Ticks a weekly task off or on. The tick shows at once; a failed save puts back only that task, so a second tick
 * still in flight keeps its own. Once the last save settles, the home refetches, because a done task lights its orb.
 */
export function useTaskToggle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: TASK_TOGGLE_KEY,
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      call(api.weekly.tasks[':id'].$patch({ param: { id }, json: { done } })),
    onMutate: async ({ id, done }) => {
      // A refetch already under way would land on top of the tick with the old status.
      await queryClient.cancelQueries({ queryKey: weeklyQuery.queryKey })
      const before = queryClient.getQueryData(weeklyQuery.queryKey)?.recap?.tasks.find((task) => task.id === id)?.status
      queryClient.setQueryData(weeklyQuery.queryKey, (weekly) => withTaskStatus(weekly, id, done ? 'done' : 'pending'))
      return { before }
    },
    onError: (_error, { id }, context) => {
      const before = context?.before
      if (before) queryClient.setQueryData(weeklyQuery.queryKey, (weekly) => withTaskStatus(weekly, id, before))
    },
    onSettled: () => {
      // Refetching between two quick ticks would briefly show the second one undone. Not awaited: a tick still
      // counting as in flight while the refetch runs would stop the next tick's refetch.
      if (queryClient.isMutating({ mutationKey: TASK_TOGGLE_KEY }) === 1) {
        void queryClient.invalidateQueries({ queryKey: weeklyQuery.queryKey })
      }
    },
  })
}
