import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { unsubscribeToken } from '~/server/reminders/unsubscribe'
import { createTestServer } from '~test/support/server'
import { okBody } from '~test/support/test-client'

/** Reminders' limits as a script meets them: many requests at once, from one member or one address. */
const server = await createTestServer()

describe('the one-click unsubscribe (RFC 8058)', () => {
  it('never refuses a valid token, however many a mail provider posts from one address; only tokens Lumin did not make count', async () => {
    const { client } = await server.signedInClient('unsubscriber')
    const userId = (await okBody(client.api.session.$get())).user!.id
    const token = unsubscribeToken(server.config.authSecret, userId)
    // A mail provider's shared server: one address, many members' one-click posts.
    const post = (t: string) =>
      server.app.request(`/reminders/unsubscribe?token=${encodeURIComponent(t)}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-real-ip': '74.125.200.27' },
      })
    const valid = await Promise.all(Array.from({ length: LIMITS.unsubscribesPerClientPerHour + 10 }, () => post(token)))
    expect(valid.map((r) => r.status)).toEqual(valid.map(() => 200))

    // Someone trying tokens from there is slowed down after the limit…
    const forged = token.replace(/\..*$/, '.AAAA')
    const guesses = []
    for (let i = 0; i <= LIMITS.unsubscribesPerClientPerHour; i++) guesses.push((await post(forged)).status)
    expect(guesses).toEqual([...Array<number>(LIMITS.unsubscribesPerClientPerHour).fill(404), 429])
    // …and the real unsubscribes from the same address still go through, the page as well as the post.
    expect((await post(token)).status).toBe(200)
    const page = await server.app.request(`/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { headers: { 'x-real-ip': '74.125.200.27' } })
    expect(page.status).toBe(200)
  })
})

describe('push devices', () => {
  it(`stay at ${LIMITS.pushSubscriptionsPerMember} when 50 subscriptions are sent at once`, async () => {
    const { client } = await server.signedInClient('many-devices')
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.request('/api/reminders/push-subscriptions', { method: 'POST', json: { endpoint: `https://push.example.com/device-${i}`, keys } })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.pushSubscriptionsPerMember)
    expect(statuses.filter((s) => s === 400)).toHaveLength(50 - LIMITS.pushSubscriptionsPerMember)
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: 'UTC' } }))).pushDevices).toBe(LIMITS.pushSubscriptionsPerMember)
  })
})
