/**
 * What the service worker shows for a push (docs/decisions/0047): the reminder's words with Lumin's icon, and the
 * screen a tap opens. Pure, so the rules are tested without a worker.
 */

/** The screen a reminder opens when its address is not one of Lumin's own. */
const REMINDER_FALLBACK_PATH = '/weekly-dashboard'

/** Longer words are cut: a notification shows a line or two, and a payload is not trusted to be short. */
const MAX_TITLE = 120
const MAX_BODY = 400

export interface ReminderNotification {
  title: string
  options: { body: string; icon: string; tag: string; data: { path: string } }
}

/**
 * A path of this app, or the weekly home: only a same-origin path (one leading `/`) may come from a payload, so a push
 * can never send the member to another site. `origin` is the app's; the path is resolved against it and must stay there
 * (a backslash or a tab can turn `/…` into `//…` as the URL parser reads it).
 */
export function reminderPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return REMINDER_FALLBACK_PATH
  try {
    const resolved = new URL(url, origin)
    if (resolved.origin !== origin) return REMINDER_FALLBACK_PATH
    return resolved.pathname + resolved.search + resolved.hash
  } catch {
    return REMINDER_FALLBACK_PATH
  }
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null)

/**
 * The notification for a push's payload, the JSON of a ReminderMessage (src/core/reminders.ts). Every push must show
 * something (the browser subscribed with userVisibleOnly), so a payload that is not a reminder shows a plain "Lumin"
 * that opens the weekly home. The tag is the screen's: a newer reminder of the same screen replaces an older one.
 */
export function reminderNotification(payload: string | null, origin: string): ReminderNotification {
  let message: unknown = null
  try {
    message = payload === null ? null : JSON.parse(payload)
  } catch {
    // Not JSON: not a reminder.
  }
  const fields: Record<string, unknown> = message && typeof message === 'object' ? Object.fromEntries(Object.entries(message)) : {}
  const title = text(fields.title, MAX_TITLE)
  const body = text(fields.body, MAX_BODY)
  const path = title && body ? reminderPath(fields.url, origin) : REMINDER_FALLBACK_PATH
  return {
    title: title && body ? title : 'Lumin',
    options: { body: title && body ? body : 'Open Lumin to see what is waiting for you.', icon: '/icons/icon-192.png', tag: `reminder:${path}`, data: { path } },
  }
}
