import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Emotion } from '~/core/check-ins'
import type { Mood } from '~/core/moods'
import { localDateOf } from '~/core/weekly'
import { checkIns, journalEntries } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { startFakeModel } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'

const fake = await startFakeModel()
const offline = await createTestServer()
const withModel = await createTestServer({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' })

const HOUR = 60 * 60 * 1000
const TIME_ZONE = 'Europe/Paris'

type Server = typeof offline

async function memberOf(server: Server) {
  const { client } = await server.signedInClient('recap-week')
  const { user } = await okBody(client.api.session.$get())
  return { client, userId: user!.id }
}

/** Check-ins as the member made them, `hoursAgo` each, oldest first. */
async function checkedIn(server: Server, userId: string, moments: { hoursAgo: number; mood: Mood; emotions?: Emotion[] }[]) {
  await server.database.db.insert(checkIns).values(
    moments.map(({ hoursAgo, mood, emotions = [] }) => {
      const at = new Date(Date.now() - hoursAgo * HOUR)
      return { id: randomUUID(), userId, mood, emotions, checkedInAt: at, localDate: localDateOf(at, TIME_ZONE), timeZone: TIME_ZONE }
    }),
  )
}

async function wrote(server: Server, userId: string, entries: { hoursAgo: number; title?: string; body: string }[]) {
  await server.database.db.insert(journalEntries).values(
    entries.map(({ hoursAgo, title = null, body }) => {
      const at = new Date(Date.now() - hoursAgo * HOUR)
      return { id: randomUUID(), userId, title, body, localDate: localDateOf(at, TIME_ZONE), createdAt: at, updatedAt: at }
    }),
  )
}

const preferencesOf = async (client: TestClient) => okBody(client.api.account.preferences.$get())
const setJournalInRecap = (client: TestClient, journalInRecap: boolean) => client.api.account.preferences.$put({ json: { journalInRecap } })

async function openRecap(client: TestClient) {
  const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: TIME_ZONE } }))
  const { messages } = await okBody(client.api.conversations[':id'].$get({ param: { id: recap.conversationId } }))
  return { conversationId: recap.conversationId, opening: messages[0]!.content }
}

describe('a weekly recap that knows the week', () => {
  it("opens with the member's week in plain sentences", async () => {
    const { client, userId } = await memberOf(offline)
    await checkedIn(offline, userId, [
      { hoursAgo: 140, mood: 'bad', emotions: ['tired'] },
      { hoursAgo: 100, mood: 'bad', emotions: ['tired', 'anxious'] },
      { hoursAgo: 50, mood: 'okay' },
      { hoursAgo: 20, mood: 'good', emotions: ['calm'] },
      { hoursAgo: 2, mood: 'good', emotions: ['tired'] },
      // Older than the seven days a recap looks back on.
      { hoursAgo: 200, mood: 'awful' },
    ])
    await wrote(offline, userId, [{ hoursAgo: 30, body: 'A walk by the river after work.' }])

    const { opening } = await openRecap(client)
    expect(opening).toMatch(/^Hi [^,]+, I'm Olo\. This is your weekly recap: about ten minutes to look back on your week and plan the next one together\. /)
    expect(opening).toContain(
      'together. You checked in five times this week, and your mood rose from Bad to Good; the word you picked most was tired. You also wrote one journal entry. To start, how did your week go?',
    )
  })

  it('opens as before for a week that held nothing', async () => {
    const { client } = await memberOf(offline)
    const { opening } = await openRecap(client)
    expect(opening).toMatch(/plan the next one together\. To start, how did your week go\?$/)
  })

  it('keeps the week it started from: resuming the recap does not tell it again differently', async () => {
    const { client, userId } = await memberOf(offline)
    await checkedIn(offline, userId, [{ hoursAgo: 3, mood: 'great' }])
    const first = await openRecap(client)
    await checkedIn(offline, userId, [{ hoursAgo: 1, mood: 'awful' }])
    const again = await openRecap(client)
    expect(again).toEqual(first)
    expect(first.opening).toContain('You checked in once this week, feeling Great on the whole.')
  })
})

describe("a recap's model reads the week, and the journal only when the member allows it", () => {
  const systemPrompt = () => fake.requests.at(-1)!.body.messages[0]!.content

  it('gets the week in its instructions, and no journal text while the setting is off', async () => {
    const { client, userId } = await memberOf(withModel)
    await checkedIn(withModel, userId, [
      { hoursAgo: 60, mood: 'okay', emotions: ['restless'] },
      { hoursAgo: 5, mood: 'great', emotions: ['proud'] },
    ])
    await wrote(withModel, userId, [{ hoursAgo: 10, title: 'Sister', body: 'Called my sister for the first time in months.' }])
    expect(await preferencesOf(client)).toEqual({ journalInRecap: false, showStreaks: true, helpCountry: null })

    const { conversationId } = await openRecap(client)
    expect((await say(client, conversationId, 'It was a good week')).done?.status).toBe('continue')
    const system = systemPrompt()
    expect(system).toContain('Check-ins: 2')
    expect(system).toContain('Mood over the week: rose, from Okay to Great')
    expect(system).toContain('Journal entries written: 1')
    expect(system).not.toContain('Called my sister')
    expect(system).not.toContain('<<<JOURNAL')
  })

  it("gets the week's entries, cut to the budget, once the member lets Olo read them; never a crisis entry or an older one", async () => {
    const { client, userId } = await memberOf(withModel)
    await wrote(withModel, userId, [
      { hoursAgo: 300, body: 'An entry from three weeks ago about the old flat.' },
      { hoursAgo: 40, title: 'Monday', body: 'Long day, but I ran in the rain and felt alive.' },
      { hoursAgo: 30, body: 'I want to die, nothing matters any more.' },
      { hoursAgo: 8, body: `${'The garden again. '.repeat(800)}Last line of a long entry.` },
    ])
    const { conversationId } = await openRecap(client)
    const turnedOn = await setJournalInRecap(client, true)
    expect(await okBody(turnedOn)).toEqual({ journalInRecap: true, showStreaks: true, helpCountry: null })

    expect((await say(client, conversationId, 'Mixed, honestly')).done?.status).toBe('continue')
    const system = systemPrompt()
    const journal = system.slice(system.lastIndexOf('<<<JOURNAL'), system.lastIndexOf('JOURNAL>>>'))
    expect(journal).toContain('Monday\nLong day, but I ran in the rain and felt alive.')
    expect(journal).toContain('The garden again.')
    expect(journal).not.toContain('Last line of a long entry.')
    expect(journal.length).toBeLessThan(6100)
    expect(system).not.toContain('the old flat')
    expect(system).not.toContain('I want to die')

    // Turned off again, the next turn carries no journal.
    await setJournalInRecap(client, false)
    await say(client, conversationId, 'A 6')
    expect(systemPrompt()).not.toContain('<<<JOURNAL')
  })
})

describe('GET and PUT /api/account/preferences', () => {
  it('needs a session, and a yes or no', async () => {
    expect((await offline.client().api.account.preferences.$get()).status).toBe(401)
    const { client } = await memberOf(offline)
    // What the route's types forbid, sent raw as a caller other than the web might.
    expect((await client.request('/api/account/preferences', { method: 'PUT', json: { journalInRecap: 'yes' } })).status).toBe(400)
    expect((await client.request('/api/account/preferences', { method: 'PUT', json: {} })).status).toBe(400)
    expect(await preferencesOf(client)).toEqual({ journalInRecap: false, showStreaks: true, helpCountry: null })
  })

  it("keeps one member's choice from another's", async () => {
    const me = await memberOf(offline)
    const other = await memberOf(offline)
    await setJournalInRecap(me.client, true)
    expect(await preferencesOf(me.client)).toEqual({ journalInRecap: true, showStreaks: true, helpCountry: null })
    expect(await preferencesOf(other.client)).toEqual({ journalInRecap: false, showStreaks: true, helpCountry: null })
  })
})
