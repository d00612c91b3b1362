import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { InferRequestType } from 'hono/client'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { localDateOf } from '~/core/weekly'
import { checkIns, crisisResponseCounts } from '~/server/db/schema'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database

type NewCheckIn = InferRequestType<TestClient['api']['check-ins']['$post']>['json']
type CheckInDetails = InferRequestType<TestClient['api']['check-ins'][':id']['$patch']>['json']

const DAY = 24 * 60 * 60_000
/** The UTC calendar date `days` from now, as YYYY-MM-DD. */
const utcDate = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

function body(overrides: Partial<NewCheckIn> = {}): NewCheckIn {
  return { id: randomUUID(), mood: 'good', at: new Date().toISOString(), timeZone: 'Europe/Paris', ...overrides }
}
const checkIn = (client: TestClient, overrides: Partial<NewCheckIn> = {}) => client.api['check-ins'].$post({ json: body(overrides) })
async function created(client: TestClient, overrides: Partial<NewCheckIn> = {}) {
  const response = await checkIn(client, overrides)
  expect(response.status).toBe(201)
  return (await okBody(response)).checkIn
}
const patch = (client: TestClient, id: string, details: CheckInDetails) => client.api['check-ins'][':id'].$patch({ param: { id }, json: details })
const today = async (client: TestClient, timeZone: string) => okBody(client.api['check-ins'].$get({ query: { timeZone } }))
const rowsWithId = (id: string) => db.select().from(checkIns).where(eq(checkIns.id, id))
const orbs = async (client: TestClient) => (await okBody(client.api.weekly.$get({ query: { timeZone: 'Europe/Paris' } }))).orbs
const member = async () => (await server.signedInClient('checkin')).client

describe('checking in', () => {
  it('stores a mood alone at once, and today’s list shows it', async () => {
    const client = await member()
    const stored = await created(client, { mood: 'great' })
    expect(stored).toMatchObject({ mood: 'great', emotions: [], dimensions: [], note: null, timeZone: 'Europe/Paris', localDate: localDateOf(new Date(), 'Europe/Paris') })
    const list = await today(client, 'Europe/Paris')
    expect(list.date).toBe(localDateOf(new Date(), 'Europe/Paris'))
    expect(list.checkIns).toEqual([stored])
  })

  it('keeps the details given with it, and lists the day’s check-ins newest first', async () => {
    const client = await member()
    const first = await created(client, { mood: 'bad', at: new Date(Date.now() - 60_000).toISOString() })
    const second = await created(client, { mood: 'okay', emotions: ['calm', 'tired'], dimensions: ['body'], note: '  a slow morning  ' })
    expect(second).toMatchObject({ emotions: ['calm', 'tired'], dimensions: ['body'], note: 'a slow morning' })
    expect((await today(client, 'Europe/Paris')).checkIns.map((c) => c.id)).toEqual([second.id, first.id])
  })

  it('dates a check-in on the member’s calendar in their zone: 23:30 in Tokyo is not 23:30 in UTC', async () => {
    const client = await member()
    const day = utcDate(-2)
    const tokyoEvening = await created(client, { at: `${day}T23:30:00+09:00`, timeZone: 'Asia/Tokyo' })
    expect(tokyoEvening).toMatchObject({ localDate: day, at: new Date(`${day}T14:30:00Z`).toISOString() })
    // The same 23:30 on the UTC clock is already the next morning in Tokyo.
    expect(await created(client, { at: `${day}T23:30:00Z`, timeZone: 'Asia/Tokyo' })).toMatchObject({ localDate: utcDate(-1) })
    expect(await created(client, { at: `${day}T23:30:00Z`, timeZone: 'UTC' })).toMatchObject({ localDate: day })
  })

  it('lists today as the calendar of the zone asked about says', async () => {
    const client = await member()
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: never on the same date.
    const ahead = await created(client, { timeZone: 'Pacific/Kiritimati' })
    const behind = await created(client, { timeZone: 'Pacific/Pago_Pago' })
    expect(ahead.localDate).not.toBe(behind.localDate)
    expect((await today(client, 'Pacific/Kiritimati')).checkIns.map((c) => c.id)).toEqual([ahead.id])
    expect((await today(client, 'Pacific/Pago_Pago')).checkIns.map((c) => c.id)).toEqual([behind.id])
  })
})

describe('the device’s id', () => {
  it('makes a retry store nothing new and answer the stored check-in', async () => {
    const client = await member()
    const sent = body({ mood: 'good', emotions: ['grateful'] })
    const first = await client.api['check-ins'].$post({ json: sent })
    expect(first.status).toBe(201)
    const again = await client.api['check-ins'].$post({ json: sent })
    expect(again.status).toBe(200)
    expect(await okBody(again)).toEqual(await okBody(first))
    // A retry carrying other words changes nothing either: a change is a PATCH.
    const changed = await client.api['check-ins'].$post({ json: { ...sent, mood: 'awful' } })
    expect(changed.status).toBe(200)
    expect((await okBody(changed)).checkIn.mood).toBe('good')
    expect(await rowsWithId(sent.id)).toHaveLength(1)
  })

  it('stores one row when the same check-in arrives twice at once', async () => {
    const client = await member()
    const sent = body()
    const answers = await Promise.all([client.api['check-ins'].$post({ json: sent }), client.api['check-ins'].$post({ json: sent })])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201])
    const [a, b] = await Promise.all(answers.map((answer) => okBody(answer)))
    expect(a).toEqual(b)
    expect(await rowsWithId(sent.id)).toHaveLength(1)
  })

  it('held by another member is a conflict that shows nothing of theirs', async () => {
    const owner = await member()
    const stored = await created(owner, { note: 'owner-only words' })
    const other = await member()
    const response = await checkIn(other, { id: stored.id })
    expect(response.status).toBe(409)
    const text = await response.text()
    expect(text).not.toContain('owner-only words')
    expect(text).not.toContain(stored.at)
    expect(await rowsWithId(stored.id)).toMatchObject([{ note: 'owner-only words' }])
  })
})

describe('changing a check-in', () => {
  it('replaces its mood and details and keeps its moment and date', async () => {
    const client = await member()
    const stored = await created(client, { mood: 'okay' })
    const response = await patch(client, stored.id, { mood: 'good', emotions: ['hopeful', 'proud'], dimensions: ['growth', 'purpose'], note: 'Finished the draft.' })
    expect(response.status).toBe(200)
    const { checkIn } = await okBody(response)
    expect(checkIn).toEqual({ ...stored, mood: 'good', emotions: ['hopeful', 'proud'], dimensions: ['growth', 'purpose'], note: 'Finished the draft.' })
    expect((await today(client, 'Europe/Paris')).checkIns).toEqual([checkIn])
    // A change that leaves the details out clears them.
    expect((await okBody(patch(client, stored.id, { mood: 'good' }))).checkIn).toMatchObject({ emotions: [], dimensions: [], note: null })
  })

  it('of another member is a 404 that changes nothing', async () => {
    const owner = await member()
    const stored = await created(owner, { mood: 'bad' })
    const other = await member()
    const response = await patch(other, stored.id, { mood: 'great' })
    expect(response.status).toBe(404)
    expect((await errorBody(response)).error).toEqual({ code: 'NOT_FOUND', message: 'We could not find that check-in.' })
    expect((await patch(other, randomUUID(), { mood: 'great' })).status).toBe(404)
    expect(await rowsWithId(stored.id)).toMatchObject([{ mood: 'bad' }])
  })
})

describe('a check-in that listens', () => {
  /** Today's anonymous count of crisis responses, as `npm run report:safety` reads it. */
  const helpGiven = async () => (await db.select().from(crisisResponseCounts)).reduce((sum, day) => sum + day.count, 0)

  it('reads a note and its emotion words with the crisis check: the help shows under it, now and in today’s list', async () => {
    const client = await member()
    const stored = await created(client, { mood: 'awful', emotions: ['hopeless'], note: "I don't want to be here anymore" })
    expect(stored).toMatchObject({ crisis: true, note: "I don't want to be here anymore" })
    expect((await today(client, 'Europe/Paris')).checkIns).toMatchObject([{ id: stored.id, crisis: true }])
    expect((await created(client, { mood: 'awful', emotions: ['exhausted'], note: 'Worst day at work in years, my boss was a nightmare.' })).crisis).toBe(false)
    expect((await created(client, { mood: 'bad', emotions: ['hopeless', 'lonely'] })).crisis).toBe(false)
  })

  it('hears it in each of the seven languages and through the tricks of decision 0013', async () => {
    const client = await member()
    const notes = [
      'i want to kill myself',
      'Ya no quiero vivir',
      'je veux mourir',
      'Ich will nicht mehr leben',
      'Quero morrer',
      'voglio morire',
      'ik wil dood',
      'i w4nt t0 k1ll mys3lf',
      'I want to k\u0456ll myself',
      'I want to ki\u200Bll myself',
      's u i c i d e',
    ]
    for (const note of notes) expect((await created(client, { mood: 'bad', note })).crisis, note).toBe(true)
  })

  it('reads a check-in kept offline when it arrives, days later', async () => {
    const client = await member()
    const late = await created(client, { mood: 'awful', at: new Date(Date.now() - 2 * DAY).toISOString(), note: 'thinking about ending my life' })
    expect(late.crisis).toBe(true)
  })

  it('reads the words again when they change, and counts each check-in’s help once however often it is sent', async () => {
    const client = await member()
    const before = await helpGiven()
    const sent = body({ mood: 'awful', note: 'I want to die' })
    expect((await client.api['check-ins'].$post({ json: sent })).status).toBe(201)
    // The device's retries: the same POST, and the PATCH it sends when it is not sure the details arrived.
    expect((await client.api['check-ins'].$post({ json: sent })).status).toBe(200)
    const details: CheckInDetails = { mood: 'awful', emotions: [], dimensions: [], note: 'I want to die' }
    expect((await okBody(patch(client, sent.id, details))).checkIn.crisis).toBe(true)
    await Promise.all([patch(client, sent.id, details), patch(client, sent.id, details)])
    expect(await helpGiven()).toBe(before + 1)

    // A mood alone, then a note that speaks of a crisis: the change is heard, and counted once.
    const quiet = await created(client, { mood: 'awful' })
    expect(quiet.crisis).toBe(false)
    expect((await okBody(patch(client, quiet.id, { ...details, note: 'nobody would miss me if i was gone' }))).checkIn.crisis).toBe(true)
    expect(await helpGiven()).toBe(before + 2)
    // Words changed to something calmer: no help under it any more.
    expect((await okBody(patch(client, quiet.id, { ...details, note: 'Talked to my sister, a bit better.' }))).checkIn.crisis).toBe(false)
    expect(await rowsWithId(quiet.id)).toMatchObject([{ crisis: false }])
  })

  it('tells the card which of the two days before today were hard, for the kind word on a third Bad day', async () => {
    const client = await member()
    const at = (days: number) => new Date(Date.now() - days * DAY).toISOString()
    await created(client, { mood: 'bad', at: at(1), timeZone: 'UTC' })
    await created(client, { mood: 'great', at: at(1), timeZone: 'UTC' })
    await created(client, { mood: 'awful', at: at(2), timeZone: 'UTC' })
    await created(client, { mood: 'bad', at: at(3), timeZone: 'UTC' })
    expect((await today(client, 'UTC')).lowDates).toEqual([utcDate(-2), utcDate(-1)])
    const calm = await member()
    await created(calm, { mood: 'okay', at: at(1), timeZone: 'UTC' })
    expect((await today(calm, 'UTC')).lowDates).toEqual([])
  })
})

describe('what the server refuses', () => {
  it('answers 400 naming the field', async () => {
    const client = await member()
    const cases: [Partial<NewCheckIn>, string][] = [
      [{ emotions: ['calm', 'calm'] }, 'emotions: Each emotion word once.'],
      [{ note: 'x'.repeat(501) }, 'note: Keep the note under 500 characters.'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone: Unknown time zone.'],
      [{ at: 'this morning' }, 'at: '],
      [{ at: new Date(Date.now() + 60 * 60_000).toISOString() }, "at: A check-in can't be in the future."],
      [{ at: new Date(Date.now() - 31 * DAY).toISOString() }, "at: A check-in older than 30 days can't be added."],
    ]
    for (const [overrides, message] of cases) {
      const response = await checkIn(client, overrides)
      expect(response.status, JSON.stringify(overrides)).toBe(400)
      expect((await errorBody(response)).error.message).toContain(message)
    }
    // Words the route's types forbid and a malformed id, sent raw as a caller other than the web might.
    const forbidden: [Record<string, unknown>, string][] = [
      [{ mood: 'meh' }, 'mood: '],
      [{ emotions: ['smug'] }, 'emotions.0: '],
      [{ dimensions: ['soul'] }, 'dimensions.0: '],
      [{ id: 'abc' }, 'id: '],
    ]
    for (const [overrides, message] of forbidden) {
      const response = await client.post('/api/check-ins', { ...body(), ...overrides })
      expect(response.status, JSON.stringify(overrides)).toBe(400)
      expect((await errorBody(response)).error.message).toContain(message)
    }
    expect((await client.request('/api/check-ins')).status).toBe(400)
    const stored = await created(client)
    expect((await client.request(`/api/check-ins/${stored.id}`, { method: 'PATCH', json: { mood: 'fine' } })).status).toBe(400)
    const badId = await client.request('/api/check-ins/not-an-id', { method: 'PATCH', json: { mood: 'good' } })
    expect(badId.status).toBe(400)
    expect((await errorBody(badId)).error.message).toBe('id: That is not a check-in id.')
    expect(await db.select().from(checkIns).where(eq(checkIns.id, stored.id))).toHaveLength(1)
  })

  it('needs a session', async () => {
    const stranger = server.client()
    expect((await checkIn(stranger)).status).toBe(401)
    expect((await stranger.api['check-ins'].$get({ query: { timeZone: 'UTC' } })).status).toBe(401)
  })

  it('takes a day’s writes up to the limit, then answers 429 with Retry-After', async () => {
    const client = await member()
    const first = await created(client)
    for (let i = 1; i < LIMITS.checkInWritesPerDay - 1; i++) await created(client)
    expect((await patch(client, first.id, { mood: 'great' })).status).toBe(200)
    const refused = await checkIn(client)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorBody(refused)).error.message).toBe('You have checked in a lot today. Please try again tomorrow.')
    expect((await patch(client, first.id, { mood: 'bad' })).status).toBe(429)
    // Another member's day is their own.
    await created(await member())
  })
})

describe('the weekly home’s orbs', () => {
  it('rise by 5 for each dimension a check-in is tagged with, and follow a change of tags', async () => {
    const client = await member()
    expect(Object.values(await orbs(client)).every((v) => v === 0)).toBe(true)
    await created(client, { mood: 'okay' })
    expect(Object.values(await orbs(client)).every((v) => v === 0)).toBe(true)

    const tagged = await created(client, { dimensions: ['mind', 'heart'] })
    expect(await orbs(client)).toMatchObject({ mind: 5, heart: 5, body: 0 })
    await created(client, { dimensions: ['mind'] })
    expect(await orbs(client)).toMatchObject({ mind: 10, heart: 5 })

    expect((await patch(client, tagged.id, { mood: 'good', dimensions: ['body'] })).status).toBe(200)
    expect(await orbs(client)).toMatchObject({ mind: 5, heart: 0, body: 5 })
    expect((await okBody(client.api.weekly.$get({ query: { timeZone: 'UTC' } }))).newcomer).toBe(false)
  })

  it('count only the last 28 days', async () => {
    const client = await member()
    await created(client, { dimensions: ['spirit'], at: new Date(Date.now() - 29 * DAY).toISOString() })
    await created(client, { dimensions: ['spirit'], at: new Date(Date.now() - 27 * DAY).toISOString() })
    expect((await orbs(client)).spirit).toBe(5)
  })
})
