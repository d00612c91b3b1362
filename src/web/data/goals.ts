import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { goalProgress, goalStatus, type Tier } from '~/core/goals'
import { api, call } from '~/web/api'
import { WEEKLY_KEY } from '~/web/app/query-client'

export type Goal = InferResponseType<typeof api.goals.$get, 200>['goals'][number]
export type GoalCategory = InferResponseType<typeof api.goals.categories.$get, 200>['categories'][number]
export type Achievement = InferResponseType<typeof api.achievements.$get, 200>['achievements'][number]

/**
 * A failed load of the goals screen is only logged (docs/product.md#goals): the screen stays as it is, the failure goes
 * to the console, and TanStack Query tries again with a growing pause (1, 2, 4, 8, 16 s); after that, every 30 s, so
 * the data shows as soon as the server answers again.
 */
const BACKGROUND_RETRY = {
  retry: 5,
  refetchInterval: ({ state }: { state: { status: string } }) => (state.status === 'error' ? 30_000 : false),
} as const

async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    console.warn(`Could not load ${what}; trying again in the background.`, error)
    throw error
  }
}

/** The user's goals with their category, newest first. */
export const goalsQuery = queryOptions({
  queryKey: ['goals'],
  queryFn: () => logged('your goals', async () => (await call(api.goals.$get())).goals),
  ...BACKGROUND_RETRY,
})

export function useGoals() {
  return useQuery(goalsQuery)
}

/** The tiers the user has earned, newest first, each with its badge image when one was drawn. */
export const achievementsQuery = queryOptions({
  queryKey: ['achievements'],
  queryFn: () => logged('your achievements', async () => (await call(api.achievements.$get())).achievements),
  ...BACKGROUND_RETRY,
})

export function useAchievements() {
  return useQuery(achievementsQuery)
}

/** The goal categories, by name; they change only with a new release. */
export const categoriesQuery = queryOptions({
  queryKey: ['goal-categories'],
  queryFn: () => logged('the goal categories', async () => (await call(api.goals.categories.$get())).categories),
  staleTime: 60 * 60_000,
  ...BACKGROUND_RETRY,
})

export function useCategories() {
  return useQuery(categoriesQuery)
}

/** Opens a goal conversation about the category, with Olo's opening message (docs/product.md#goal-chat). */
function startGoalChat(categoryId: number) {
  return call(api.goals.chats.$post({ json: { categoryId } }))
}

/** The category as a goal chat shows it. */
export type GoalChatCategory = Awaited<ReturnType<typeof startGoalChat>>['category']

/**
 * /goal-chat's conversation: the one in the address when there is one (a reload resumes it), else a new one about the
 * category. Keyed by the category alone, so putting the new conversation in the address doesn't open another.
 */
export const goalChatQuery = (categoryId: number | null, conversationInAddress: string | null) =>
  queryOptions({
    queryKey: ['goal-chat', categoryId],
    queryFn: async (): Promise<{ conversationId: string; category?: GoalChatCategory }> =>
      conversationInAddress ? { conversationId: conversationInAddress } : startGoalChat(categoryId!),
    enabled: categoryId !== null,
  })

/** The goal a finished goal chat created. */
export const goalFromChatQuery = (conversationId: string) =>
  queryOptions({
    queryKey: ['goals', 'from-chat', conversationId],
    queryFn: async () => (await call(api.goals.chats[':conversationId'].$get({ param: { conversationId } }))).goal,
  })

/**
 * Has the server draw one tier's locked design for the goal and returns its address (docs/decisions/0012). The earned
 * badge has another address, the achievements' `imageUrl`, so the locked design shown here can't stand in for it once
 * the tier is earned (docs/decisions/0057).
 */
export async function drawLockedBadge(goalId: string, tier: Tier) {
  await call(api.goals[':id'].badges[':tier'].locked.$get({ param: { id: goalId, tier } }))
  return { tier, imageUrl: `/api/goals/${goalId}/badges/${tier}/locked` }
}

const PROGRESS_KEY = ['goals', 'progress'] as const

function withProgress(goals: Goal[] | undefined, id: string, currentValue: number): Goal[] | undefined {
  return goals?.map((goal) => {
    if (goal.id !== id) return goal
    const progress = goalProgress(currentValue, goal.targetValue)
    return { ...goal, currentValue, progress, status: goalStatus(progress) }
  })
}

/**
 * Saves a goal's progress. The new value shows at once (the server's rules from core give the same percent and status);
 * a failed save puts the goal back as it was. Tiers earned change the achievements and light the weekly home's orbs.
 */
export function useUpdateProgress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: PROGRESS_KEY,
    mutationFn: ({ id, currentValue }: { id: string; currentValue: number }) =>
      call(api.goals[':id'].progress.$put({ param: { id }, json: { currentValue } })),
    onMutate: async ({ id, currentValue }) => {
      await queryClient.cancelQueries({ queryKey: goalsQuery.queryKey, exact: true })
      const before = queryClient.getQueryData(goalsQuery.queryKey)?.find((goal) => goal.id === id)
      queryClient.setQueryData(goalsQuery.queryKey, (goals) => withProgress(goals, id, currentValue))
      return { before }
    },
    onError: (_error, { id }, context) => {
      const before = context?.before
      if (before) queryClient.setQueryData(goalsQuery.queryKey, (goals) => goals?.map((goal) => (goal.id === id ? before : goal)))
    },
    onSuccess: ({ goal, earned }) => {
      queryClient.setQueryData(goalsQuery.queryKey, (goals) => goals?.map((old) => (old.id === goal.id ? goal : old)))
      if (earned.length > 0) void queryClient.invalidateQueries({ queryKey: achievementsQuery.queryKey })
      // Goal progress lights the orbs of the dimension its category serves (docs/product.md#orbs).
      void queryClient.invalidateQueries({ queryKey: WEEKLY_KEY })
    },
    onSettled: () => {
      // A refetch between two quick saves would briefly show the second one undone.
      if (queryClient.isMutating({ mutationKey: PROGRESS_KEY }) === 1) {
        void queryClient.invalidateQueries({ queryKey: goalsQuery.queryKey, exact: true })
      }
    },
  })
}
