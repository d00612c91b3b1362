import webpush from 'web-push'
import type { ReminderMessage } from '~/core/reminders'
import type { Config } from '../config'

/** How long a push service keeps trying to reach a phone that is off: past an hour a reminder is no use (decision 0043). */
const PUSH_TTL_SECONDS = 60 * 60

interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** What a push service answered: delivered, or the subscription is gone for good (404 or 410, RFC 8030 §7.3). */
type PushOutcome = 'sent' | 'gone'

/** How reminders leave by Web Push; null without VAPID keys (production that configured none). */
export interface PushSender {
  publicKey: string
  /** Throws on any other failure, for the queue to retry. */
  send(target: PushTarget, message: ReminderMessage): Promise<PushOutcome>
}

/** Web Push with VAPID (RFC 8292), the payload encrypted as aes128gcm (RFC 8291) by the `web-push` library. */
export function createPushSender(vapid: Config['vapid']): PushSender | null {
  if (!vapid) return null
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey }
  return {
    publicKey: vapid.publicKey,
    async send(target, message) {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
          vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        })
        return 'sent'
      } catch (err) {
        if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone'
        throw err
      }
    },
  }
}
