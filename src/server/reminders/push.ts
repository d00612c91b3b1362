import webpush from 'web-push'
import type { ReminderMessage } from '~/core/reminders'
import type { Config } from '../config'
import { RefusedAddress, type Outgoing } from '../net/outgoing'

/** How long a push service keeps trying to reach a phone that is off: past an hour a reminder is no use (decision 0043). */
const PUSH_TTL_SECONDS = 60 * 60

interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * What became of a push: delivered; the subscription is gone for good (404 or 410, RFC 8030 §7.3); or refused, its
 * endpoint leading to an address Lumin does not send to (docs/decisions/0059), which no retry changes.
 */
type PushOutcome = 'sent' | 'gone' | 'refused'

/** A push service's answer that was neither a delivery nor a goodbye: the queue tries again. */
class PushServiceError extends Error {
  override name = 'PushServiceError'
  constructor(readonly statusCode: number) {
    super(`The push service answered ${statusCode}.`)
  }
}

/** How reminders leave by Web Push; null without VAPID keys (production that configured none). */
export interface PushSender {
  publicKey: string
  /** Throws on any other failure (a push service's error, no answer in time), for the queue to retry. */
  send(target: PushTarget, message: ReminderMessage): Promise<PushOutcome>
}

/**
 * Web Push with VAPID (RFC 8292), the payload encrypted as aes128gcm (RFC 8291) by the `web-push` library, and sent
 * by the one client for member-given addresses (docs/decisions/0059): the endpoint is the member's browser's choice.
 */
export function createPushSender(vapid: Config['vapid'], outgoing: Outgoing): PushSender | null {
  if (!vapid) return null
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey }
  return {
    publicKey: vapid.publicKey,
    async send(target, message) {
      const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
        vapidDetails,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      })
      let status: number
      try {
        status = await outgoing.post(request.endpoint, { headers: request.headers, body: request.body })
      } catch (err) {
        if (err instanceof RefusedAddress) return 'refused'
        throw err
      }
      if (status >= 200 && status < 300) return 'sent'
      if (status === 404 || status === 410) return 'gone'
      throw new PushServiceError(status)
    },
  }
}
