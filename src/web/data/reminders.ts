import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReminderSettings } from '~/core/reminders'
import { api, call, userTimeZone } from '~/web/api'

/** The member's reminders (docs/product.md#reminders); never saved, they are all off, in this browser's zone. */
export const remindersQuery = queryOptions({
  queryKey: ['reminders'],
  queryFn: () => call(api.reminders.$get({ query: { timeZone: userTimeZone() } })),
})

/** Saves the reminders in the zone this browser is in now: a member who moved gets them at their new local times. */
export function useSaveReminders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: ReminderSettings) => call(api.reminders.$put({ json: { ...settings, timeZone: userTimeZone() } })),
    onSuccess: (saved) => queryClient.setQueryData(remindersQuery.queryKey, saved),
  })
}
