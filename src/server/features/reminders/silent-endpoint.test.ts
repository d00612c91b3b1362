import { afterAll, describe, expect, it } from 'vitest'
import { timeOf, wallClockOf } from '~/core/local-time'
import { defaultReminderSettings } from '~/core/reminders'
import { createLogger } from '~/server/logger'
import { OUTGOING_TIMEOUT_MS } from '~/server/net/outgoing'
import { startFakePush } from '~test/support/fake-push'
import { movableClock } from '~test/support/reminder-clock'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'

const MINUTE = 60_000
const ZONE = 'Europe/Berlin'

const push = await startFakePush()
afterAll(() => push.close())
const logged: string[] = []
const clock = movableClock()
const server = await createTestServer({}, { clock: clock.now, logger: createLogger('info', { write: (line: string) => void logged.push(line) }) })

async function subscribed(client: TestClient) {
  const subscription = push.subscribe()
  const { p256dh, auth } = subscription.keys
  await okBody(client.api.reminders['push-subscriptions'].$post({ json: { endpoint: subscription.endpoint, keys: { p256dh, auth } } }))
  return subscription
}

/** Waits until `done` holds, checking every 25 ms, for at most `ms`. */
async function until(done: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('a push endpoint that never answers', () => {
  it('delays no other member’s reminder due the same minute, and is given up at the time limit', { timeout: 60_000 }, async () => {
    const time = timeOf(wallClockOf(new Date(clock.now().getTime() + 15 * MINUTE), ZONE).minutes)
    const settings = defaultReminderSettings(ZONE)
    settings.quietHours = { start: '00:00', end: '00:00' }
    settings.channels = { push: true, email: false }
    settings.checkIn = { on: true, time }
    // The silent endpoint's member saves first, so their reminder and its push are the first in the queue.
    const { client: silentMember } = await server.signedInClient('silent')
    const silent = await subscribed(silentMember)
    push.answer(silent.id, 'never')
    await okBody(silentMember.api.reminders.$put({ json: settings }))
    const { client: other } = await server.signedInClient('on-time')
    const onTime = await subscribed(other)
    await okBody(other.api.reminders.$put({ json: settings }))

    await clock.move(server.database, 20 * MINUTE)
    const due = Date.now()
    await until(() => push.received.some((p) => p.subscription === silent.id), 10_000, 'the silent endpoint was reached')
    await until(() => push.received.some((p) => p.subscription === onTime.id), 10_000, 'the other member’s push arrived')
    const arrived = push.received.find((p) => p.subscription === onTime.id)!.at - due
    // On time: well within the silent endpoint's time limit, which has not run out yet.
    expect(arrived).toBeLessThan(OUTGOING_TIMEOUT_MS)
    expect(logged.some((line) => line.includes('reminder push failed'))).toBe(false)

    // The silent one is given up at the limit and left for the queue to try again later.
    await until(() => logged.some((line) => line.includes('reminder push failed: will retry')), OUTGOING_TIMEOUT_MS + 5_000, 'the silent push was given up')
    const failure = JSON.parse(logged.find((line) => line.includes('reminder push failed'))!) as { err: { name: string }; time: number }
    expect(failure.err.name).toBe('OutgoingTimeout')
    expect(failure.time - due).toBeLessThan(OUTGOING_TIMEOUT_MS + 3_000)
  })
})
