import { createECDH, randomBytes } from 'node:crypto'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { timeOf, wallClockOf } from '~/core/local-time'
import { defaultReminderSettings } from '~/core/reminders'
import { createLogger } from '~/server/logger'
import type { ResolveHost } from '~/server/net/outgoing'
import { movableClock, remindersSettled } from '~test/support/reminder-clock'
import { createTestServer } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

/**
 * A deployed Lumin sends reminders' pushes only to push services on the internet (docs/decisions/0059): a name that
 * resolves inside the operator's network is refused when it is subscribed and again when a push is sent to it.
 */
const MINUTE = 60_000
const ZONE = 'Europe/Berlin'
const REFUSED = 'A push endpoint must be a push service on the internet.'

/** What the operator's DNS answers, as the test sets it; each question kept. */
const dns = new Map<string, string>([
  ['localtest.me', '127.0.0.1'],
  ['127.0.0.1.nip.io', '127.0.0.1'],
  ['v6.localhost.example.com', '::1'],
  ['169.254.169.254.nip.io', '169.254.169.254'],
  ['kubernetes.default.svc', '10.96.0.1'],
  ['mapped.example.com', '::ffff:10.0.0.5'],
  ['fcm.googleapis.com', '142.250.185.74'],
  ['rebinding.example.com', '142.250.185.74'],
])
const asked: string[] = []
const resolveHost: ResolveHost = async (hostname) => {
  asked.push(hostname)
  const address = dns.get(hostname)
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return [{ address, family: address.includes(':') ? 6 : 4 }]
}

const logged: string[] = []
const clock = movableClock()
const vapid = webpush.generateVAPIDKeys()
const server = await createTestServer(
  { NODE_ENV: 'production', APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail.example:587', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
  { clock: clock.now, logger: createLogger('info', { write: (line: string) => void logged.push(line) }), outgoing: { resolveHost } },
)
/** A browser's keys: a P-256 public key and a 16-byte secret, which the payload is encrypted with. */
const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }

describe('in production, a push subscription', () => {
  it('is refused when its name resolves inside the operator’s network, or its address or port is not a push service’s', async () => {
    const { client } = await server.signedInClient('deployed-device')
    for (const endpoint of [
      'https://localtest.me/push',
      'https://127.0.0.1.nip.io/push',
      'https://v6.localhost.example.com/push',
      'https://169.254.169.254.nip.io/latest/meta-data',
      'https://kubernetes.default.svc/push',
      'https://mapped.example.com/push',
      'https://unknown.example.com/push',
      'https://fcm.googleapis.com:8443/push',
      'https://127.0.0.1:8443/push',
      'https://169.254.169.254/latest',
      'https://[::1]/push',
      'https://localhost/push',
      'https://db.internal/push',
    ]) {
      const answer = await client.request('/api/reminders/push-subscriptions', { method: 'POST', json: { endpoint, keys } })
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 400 })
      expect((await errorBody(answer)).error).toEqual({ code: 'BAD_REQUEST', message: REFUSED })
    }
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).pushDevices).toBe(0)
    await okBody(client.api.reminders['push-subscriptions'].$post({ json: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys } }))
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).pushDevices).toBe(1)
  })

  it('whose name leads inside later is refused again when a reminder is sent, without a connection or a retry', { timeout: 60_000 }, async () => {
    const { client } = await server.signedInClient('rebinding')
    await okBody(client.api.reminders['push-subscriptions'].$post({ json: { endpoint: 'https://rebinding.example.com/push/1', keys } }))
    // The name's owner points it at the operator's loopback once it has been checked.
    dns.set('rebinding.example.com', '127.0.0.1')
    const settings = defaultReminderSettings(ZONE)
    settings.quietHours = { start: '00:00', end: '00:00' }
    settings.channels = { push: true, email: false }
    settings.checkIn = { on: true, time: timeOf(wallClockOf(new Date(clock.now().getTime() + 15 * MINUTE), ZONE).minutes) }
    await okBody(client.api.reminders.$put({ json: settings }))
    const before = asked.filter((h) => h === 'rebinding.example.com').length
    await clock.move(server.database, 20 * MINUTE)
    await remindersSettled(server.database)
    // Looked up again at sending, refused, and neither retried nor counted as the push service's failure.
    expect(asked.filter((h) => h === 'rebinding.example.com').length).toBe(before + 1)
    expect(logged.filter((line) => line.includes('reminder push refused'))).toHaveLength(1)
    expect(logged.some((line) => line.includes('reminder push failed'))).toBe(false)
    expect(logged.some((line) => line.includes('reminder push sent'))).toBe(false)
  })
})
