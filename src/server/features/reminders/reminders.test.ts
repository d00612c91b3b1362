import { count, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { timeOf, wallClockOf } from '~/core/local-time'
import { defaultReminderSettings, type ReminderSettings } from '~/core/reminders'
import { pushSubscriptions, reminderSends } from '~/server/db/schema'
import { createLogger } from '~/server/logger'
import { startFakePush, vapidClaims } from '~test/support/fake-push'
import { movableClock, remindersSettled } from '~test/support/reminder-clock'
import { createTestServer, type TestClient } from '~test/support/server'
import { startSmtp } from '~test/support/smtp'
import { errorBody, okBody } from '~test/support/test-client'

const MINUTE = 60_000
const ZONE = 'Asia/Kolkata'

const push = await startFakePush()
const smtp = await startSmtp()
afterAll(async () => {
  await push.close()
  await smtp.close()
})

// Every line the server logs, to show that no reminder's words are in them.
const logged: string[] = []
const logger = createLogger('info', { write: (line: string) => void logged.push(line) })
const clock = movableClock()
const server = await createTestServer({ SMTP_URL: smtp.url }, { clock: clock.now, logger, smtp: true })
const { db } = server.database

/** The wall-clock time in the member's zone `minutes` from now, to the minute. */
const inMinutes = (minutes: number) => timeOf(wallClockOf(new Date(clock.now().getTime() + minutes * MINUTE), ZONE).minutes)

/** Settings with a check-in reminder at `time`, no quiet hours (so a test at any hour may choose any time), by push. */
function checkInAt(time: string, change: (s: ReminderSettings) => void = () => undefined): ReminderSettings {
  const settings = defaultReminderSettings(ZONE)
  settings.quietHours = { start: '00:00', end: '00:00' }
  settings.channels = { push: true, email: false }
  settings.checkIn = { on: true, time }
  change(settings)
  return settings
}

async function subscribed(client: TestClient) {
  const subscription = push.subscribe()
  const { keys } = subscription
  const answer = await okBody(client.api.reminders['push-subscriptions'].$post({ json: { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } }))
  return { ...subscription, subscriptionId: answer.subscription.id }
}

/** Moves time on by `minutes` and waits until every reminder, push and mail then due has gone. */
async function passes(minutes: number) {
  await clock.move(server.database, minutes * MINUTE)
  await remindersSettled(server.database)
}

const pushesTo = (id: string) => push.received.filter((p) => p.subscription === id)

describe('GET and PUT /api/reminders', () => {
  it('has every reminder off until the member turns one on, in their zone, quiet from 22:00 to 08:00', async () => {
    const { client } = await server.signedInClient('new')
    const { settings, pushDevices } = await okBody(client.api.reminders.$get({ query: { timeZone: 'Europe/Berlin' } }))
    expect(settings).toEqual(defaultReminderSettings('Europe/Berlin'))
    expect([settings.checkIn.on, settings.recap.on, settings.practice.on, settings.quietHours]).toEqual([false, false, false, { start: '22:00', end: '08:00' }])
    expect(pushDevices).toBe(0)
  })

  it('refuses a time inside quiet hours, saying why, and saves and reschedules valid choices', async () => {
    const { client } = await server.signedInClient('chooser')
    const late = { ...defaultReminderSettings('Europe/Berlin'), checkIn: { on: true, time: '23:30' } }
    const refused = await client.api.reminders.$put({ json: late })
    expect(refused.status).toBe(400)
    expect((await errorBody(refused)).error.message).toBe('checkIn.time: Daily check-in at 23:30 falls in your quiet hours (22:00–08:00). Choose a time outside them.')

    const userId = (await okBody(client.api.session.$get())).user!.id
    const queued = async () => {
      const { rows } = await server.database.execute(`select data ->> 'kind' as kind, data ->> 'date' as date, start_after from pgboss.job where name = 'reminder' and data ->> 'userId' = $1 and state = 'created' order by 1`, [userId])
      return rows as { kind: string; date: string; start_after: Date }[]
    }
    const chosen = { ...defaultReminderSettings('Europe/Berlin'), checkIn: { on: true, time: '09:00' }, recap: { on: true, day: 'sun', time: '18:00' } } satisfies ReminderSettings
    expect((await okBody(client.api.reminders.$put({ json: chosen }))).settings).toEqual(chosen)
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: 'UTC' } }))).settings).toEqual(chosen)
    const first = await queued()
    expect(first.map((j) => j.kind)).toEqual(['check-in', 'recap'])
    expect(wallClockOf(new Date(first[0]!.start_after), 'Europe/Berlin').minutes).toBe(9 * 60)
    expect(wallClockOf(new Date(first[1]!.start_after), 'Europe/Berlin').weekday).toBe(7)

    // Another time and zone: the old sends are unqueued, the new one queued.
    await okBody(client.api.reminders.$put({ json: { ...chosen, timeZone: 'America/New_York', checkIn: { on: true, time: '10:15' }, recap: { ...chosen.recap, on: false } } }))
    const second = await queued()
    expect(second.map((j) => j.kind)).toEqual(['check-in'])
    expect(wallClockOf(new Date(second[0]!.start_after), 'America/New_York').minutes).toBe(10 * 60 + 15)
  })
})

describe('push subscriptions', () => {
  it('take only an https endpoint and keys of the right form, and give the VAPID public key', async () => {
    const { client } = await server.signedInClient('device')
    const { keys } = push.subscribe()
    const good = { endpoint: 'https://push.example.com/abc', keys: { p256dh: keys.p256dh, auth: keys.auth } }
    for (const [body, message] of [
      [{ ...good, endpoint: 'http://push.example.com/abc' }, 'endpoint: A push endpoint is an https URL.'],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, 'keys.p256dh: Not a P-256 public key in base64url.'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'keys.auth: Not a 16-byte auth secret in base64url.'],
    ] as const) {
      const answer = await client.request('/api/reminders/push-subscriptions', { method: 'POST', json: body })
      expect(answer.status).toBe(400)
      expect((await errorBody(answer)).error.message).toBe(message)
    }
    const { subscription } = await okBody(client.api.reminders['push-subscriptions'].$post({ json: good }))
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).pushDevices).toBe(1)
    expect((await okBody(client.api.reminders['push-key'].$get())).publicKey).toBe(server.config.vapid!.publicKey)

    // The same browser, now someone else's: the subscription goes with the person signed in there.
    const { client: next } = await server.signedInClient('next')
    await okBody(next.api.reminders['push-subscriptions'].$post({ json: good }))
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).pushDevices).toBe(0)
    expect((await client.api.reminders['push-subscriptions'][':id'].$delete({ param: { id: subscription.id } })).status).toBe(404)
  })
})

describe('a reminder by Web Push', { timeout: 60_000 }, () => {
  it('is not sent when its point already happened that day: the member checked in', async () => {
    // A zone where the day is far from its end, so the check-in and the reminder fall on one date there.
    const zone = ['Asia/Kolkata', 'America/New_York'].find((z) => wallClockOf(clock.now(), z).minutes < 22 * 60)!
    const soon = timeOf(wallClockOf(new Date(clock.now().getTime() + 15 * MINUTE), zone).minutes)
    const { client } = await server.signedInClient('early')
    const device = await subscribed(client)
    await okBody(client.api.reminders.$put({ json: checkInAt(soon, (s) => (s.timeZone = zone)) }))
    // Checked in now: the time as the check-in's route knows it, the real one.
    await okBody(client.api['check-ins'].$post({ json: { id: crypto.randomUUID(), mood: 'good', at: new Date().toISOString(), timeZone: zone } }))
    await passes(20)
    expect(pushesTo(device.id)).toHaveLength(0)
    expect(logged.some((line) => line.includes('reminder not sent: already done today'))).toBe(true)
  })

  it('arrives once at its time, encrypted for the browser (RFC 8291), with kind words that open the right screen', async () => {
    const { client } = await server.signedInClient('pushed')
    // On the Calm path: the practice reminder names its next practice.
    await okBody(client.api.profile.onboarding.$post({ json: { onboarding: null, path: 'calm' } }))
    const device = await subscribed(client)
    await okBody(client.api.reminders.$put({ json: checkInAt(inMinutes(20), (s) => (s.practice = { on: true, time: inMinutes(25), days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] })) }))

    await passes(10)
    expect(pushesTo(device.id)).toHaveLength(0)
    await passes(20)
    const [checkIn, practice, ...more] = pushesTo(device.id)
    expect(more).toEqual([])
    for (const message of [checkIn!, practice!]) {
      expect(message.headers['content-encoding']).toBe('aes128gcm')
      expect(Number(message.headers.ttl)).toBe(3600)
      const vapid = vapidClaims(String(message.headers.authorization), push.origin)
      expect(vapid.valid).toBe(true)
      expect(vapid.key).toBe(server.config.vapid!.publicKey)
    }
    const words = [checkIn!, practice!].map((m) => JSON.parse(device.keys.decrypt(m.body)) as { title: string; body: string; url: string })
    // Two jobs due together may run in either order.
    expect(words.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'How are you today?', body: 'A quick check-in takes a few seconds. Olo is glad to hear from you.', url: '/weekly-dashboard' },
      { title: 'Two minutes of Breathing Bubble?', body: 'Your Calm path is waiting.', url: '/threshold/1' },
    ])
    // Logged, without the words.
    expect(logged.some((line) => line.includes('reminder push sent'))).toBe(true)
    expect(logged.join('\n')).not.toMatch(/Breathing Bubble|How are you today|Calm path/)

    // A day on: once more each, not twice.
    await passes(24 * 60)
    expect(pushesTo(device.id)).toHaveLength(4)
  })

  it('removes a subscription the push service says is gone (404 or 410)', async () => {
    const { client } = await server.signedInClient('gone')
    const [gone, missing, kept] = [await subscribed(client), await subscribed(client), await subscribed(client)]
    push.answer(gone.id, 410)
    push.answer(missing.id, 404)
    await okBody(client.api.reminders.$put({ json: checkInAt(inMinutes(15)) }))
    await passes(20)
    for (const device of [gone, missing, kept]) expect(pushesTo(device.id)).toHaveLength(1)
    const left = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, kept.endpoint))
    expect(left).toHaveLength(1)
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).pushDevices).toBe(1)
  })

  it('retries other failures with growing waits, a bounded number of times, and keeps the subscription', async () => {
    const { client } = await server.signedInClient('flaky')
    const device = await subscribed(client)
    push.answer(device.id, 503)
    await okBody(client.api.reminders.$put({ json: checkInAt(inMinutes(15)) }))
    await passes(20)
    // The retries wait 20 s, then longer each time: time passes a few minutes at a time.
    for (let i = 0; i < 10; i++) await passes(5)
    // The first try and four retries.
    expect(pushesTo(device.id)).toHaveLength(5)
    expect(logged.filter((line) => line.includes('reminder push failed: giving up'))).toHaveLength(1)
    expect(await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.id, device.subscriptionId))).toEqual([{ n: 1 }])
  })
})

describe('a reminder by mail', { timeout: 60_000 }, () => {
  it('arrives over SMTP with a one-click unsubscribe (RFC 8058) and a link to Settings, and the unsubscribe works without a session', async () => {
    const { client, email } = await server.signedInClient('mailed')
    await okBody(client.api.reminders.$put({ json: checkInAt(inMinutes(15), (s) => (s.channels = { push: false, email: true })) }))
    await passes(20)
    const mails = smtp.received.filter((m) => m.to.includes(email))
    expect(mails).toHaveLength(1)
    const data = mails[0]!.data.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ')
    expect(data).toMatch(/^Subject: How are you today\?/m)
    expect(data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    const unsubscribe = /^List-Unsubscribe: <(http:\/\/localhost:3000\/reminders\/unsubscribe\?token=[\w.-]+)>/m.exec(data)![1]!
    expect(data).toContain('http://localhost:3000/settings#reminders')
    expect(data).toContain(unsubscribe)
    // Logged as sent, without the words (its subject is the reminder's title).
    expect(logged.some((line) => line.includes('mail sent'))).toBe(true)
    expect(logged.join('\n')).not.toMatch(/How are you today|quick check-in/)

    const path = new URL(unsubscribe).pathname + new URL(unsubscribe).search
    // A link scanner opening it changes nothing: the page has the button.
    const page = await server.app.request(path)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Stop reminder emails')
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).settings.channels.email).toBe(true)

    // A mail program's one-click POST, from its own servers: no cookie, no session, no Origin.
    const forged = await server.app.request(path.replace(/token=[\w-]+\./, 'token=bm9ib2R5.'), { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(forged.status).toBe(404)
    const posted = await server.app.request(path, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('No more reminder emails')
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: ZONE } }))).settings.channels.email).toBe(false)

    await passes(24 * 60)
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1)
    // The first day's send is kept, once; the next day had no channel left to send by.
    const userId = (await okBody(client.api.session.$get())).user!.id
    expect(await db.select({ n: count() }).from(reminderSends).where(eq(reminderSends.userId, userId))).toEqual([{ n: 1 }])
  })
})
