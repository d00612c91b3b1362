import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReminderSettings } from '~/core/reminders'
import { api, ApiRequestError, call, userTimeZone } from '~/web/api'

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

/** The server's VAPID public key, which a browser subscribes with; null when this server sends no push. */
export async function fetchPushKey() {
  return (await call(api.reminders['push-key'].$get())).publicKey
}

/** Gives the server this browser's subscription (`PushSubscription.toJSON()`); the answer's id is this device's. */
export async function sendPushSubscription(subscription: PushSubscriptionJSON) {
  const { endpoint = '', keys: { p256dh = '', auth = '' } = {} } = subscription
  return (await call(api.reminders['push-subscriptions'].$post({ json: { endpoint, keys: { p256dh, auth } } }))).subscription
}

/** Forgets one device's subscription on the server; one already gone is not a failure. */
export async function deletePushSubscription(id: string) {
  try {
    await call(api.reminders['push-subscriptions'][':id'].$delete({ param: { id } }))
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error
  }
}
