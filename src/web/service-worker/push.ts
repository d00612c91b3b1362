/// <reference lib="webworker" />
import { reminderNotification, reminderPath } from '../lib/reminder-notification'

declare let self: ServiceWorkerGlobalScope

/*
 * Reminders by push (docs/decisions/0047): the server sends the JSON of a ReminderMessage; the worker shows it, and a
 * tap opens its screen in a Lumin window.
 */

/** Shows the reminder a push carries; every push shows something, as the subscription promised (userVisibleOnly). */
export function showReminder(event: PushEvent) {
  const { title, options } = reminderNotification(event.data?.text() ?? null, self.location.origin)
  event.waitUntil(self.registration.showNotification(title, options))
}

/** A tap focuses an open Lumin window and takes it to the reminder's screen, or opens one there. */
export function openReminder(event: NotificationEvent) {
  event.notification.close()
  const data: unknown = event.notification.data
  const path = reminderPath(data && typeof data === 'object' && 'path' in data ? data.path : null, self.location.origin)
  event.waitUntil(openScreen(new URL(path, self.location.origin).href))
}

async function openScreen(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => client.focused) ?? windows[0]
  if (open) {
    try {
      // Only a window this worker controls can be navigated; any other is opened afresh below.
      const focused = await open.focus()
      if (await focused.navigate(url)) return
    } catch {
      // Fall through to a new window.
    }
  }
  await self.clients.openWindow(url)
}

/**
 * A browser that has signed out shows no one's reminders (docs/decisions/0047): it leaves the push service, whose next
 * answer to the server (410) removes the subscription there too.
 */
export async function stopReminders() {
  try {
    await (await self.registration.pushManager.getSubscription())?.unsubscribe()
  } catch {
    // No push service here: nothing was subscribed.
  }
}
