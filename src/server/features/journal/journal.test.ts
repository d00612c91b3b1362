import { count, eq, sql } from 'drizzle-orm'
import type { InferRequestType } from 'hono/client'
import { describe, expect, it } from 'vitest'
import { JOURNAL_LIMITS, JOURNAL_PROMPTS } from '~/core/journal'
import { conversations, crisisResponseCounts, journalEntries, rateLimits } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database

type NewEntry = InferRequestType<TestClient['api']['journal']['$post']>['json']
type EntryEdit = InferRequestType<TestClient['api']['journal'][':id']['$patch']>['json']

const write = (client: TestClient, body: string, extra: Partial<NewEntry> = {}) =>
  client.api.journal.$post({ json: { id: crypto.randomUUID(), body, timeZone: 'Europe/Paris', ...extra } })
const edit = (client: TestClient, id: string, json: EntryEdit) => client.api.journal[':id'].$patch({ param: { id }, json })
const remove = (client: TestClient, id: string) => client.api.journal[':id'].$delete({ param: { id } })
const page = async (client: TestClient, before?: string) => okBody(client.api.journal.$get({ query: before ? { before } : {} }))
const search = async (client: TestClient, q: string) => (await okBody(client.api.journal.search.$get({ query: { q } }))).entries
const userIdOf = async (client: TestClient) => (await okBody(client.api.session.$get())).user!.id

describe('writing an entry', () => {
  it('stores it as written, with its prompt and the member’s date, and answers with it', async () => {
    const { client } = await server.signedInClient('journal')
    const id = crypto.randomUUID()
    const response = await write(client, 'Walked by the river.\n\nIt was cold.', { id, title: ' River ', prompt: JOURNAL_PROMPTS.body[0], timeZone: 'Pacific/Kiritimati' })
    expect(response.status).toBe(201)
    const { entry, crisis } = await okBody(response)
    expect(crisis).toBe(false)
    expect(entry).toMatchObject({ id, title: 'River', body: 'Walked by the river.\n\nIt was cold.', prompt: JOURNAL_PROMPTS.body[0], reflection: null, reflectedAt: null })
    // Kiritimati is fourteen hours ahead of UTC: its date is the member's, not the server's.
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date())
    expect(entry.localDate).toBe(kiritimati)
    expect((await page(client)).entries).toEqual([entry])
  })

  it('stores a save retried with the same id once, and answers with the entry as kept', async () => {
    const { client } = await server.signedInClient('journal')
    const id = crypto.randomUUID()
    const [first, again] = await Promise.all([write(client, 'Once only.', { id }), write(client, 'Once only.', { id })])
    expect([first.status, again.status].sort()).toEqual([200, 201])
    const later = await write(client, 'A different text under the same id.', { id })
    expect(later.status).toBe(200)
    expect((await okBody(later)).entry.body).toBe('Once only.')
    const [row] = await db.select({ n: count() }).from(journalEntries).where(eq(journalEntries.id, id))
    expect(row!.n).toBe(1)
  })

  it('refuses another member’s id without showing or changing their entry', async () => {
    const owner = await server.signedInClient('journal')
    const other = await server.signedInClient('journal')
    const { entry } = await okBody(write(owner.client, 'Mine alone, marker-zq41.'))
    const taken = await write(other.client, 'Overwrite?', { id: entry.id, timeZone: 'UTC' })
    expect(taken.status).toBe(409)
    expect(await taken.text()).not.toContain('marker-zq41')
    expect((await page(owner.client)).entries[0]!.body).toBe('Mine alone, marker-zq41.')
  })

  it('checks what is sent: some text, within 20,000 characters, a title within 120, a real id and time zone', async () => {
    const { client } = await server.signedInClient('journal')
    expect((await errorBody(write(client, '   '))).error.message).toBe('body: Write something first.')
    expect((await errorBody(write(client, 'a'.repeat(JOURNAL_LIMITS.bodyChars + 1)))).error.message).toBe('body: Keep an entry under 20,000 characters.')
    expect((await write(client, 'a'.repeat(JOURNAL_LIMITS.bodyChars))).status).toBe(201)
    expect((await write(client, 'ok', { title: 't'.repeat(121) })).status).toBe(400)
    // A malformed id, sent raw as a caller other than the web might.
    expect((await client.post('/api/journal', { id: 'not-a-uuid', body: 'ok', timeZone: 'Europe/Paris' })).status).toBe(400)
    expect((await write(client, 'ok', { timeZone: 'Mars/Olympus' })).status).toBe(400)
    expect((await write(client, '<script>alert(1)</script> & "quotes"')).status).toBe(201)
    expect((await page(client)).entries[0]!.body).toBe('<script>alert(1)</script> & "quotes"')
  })

  it("carries Olo's reflection once one is kept with the entry, in the list and in a search", async () => {
    const { client } = await server.signedInClient('journal')
    const { entry } = await okBody(write(client, 'Quiet walk by the canal.'))
    const reflection = { reflection: 'You found calm by the water.', suggested_practice: 'breathing' }
    await db.update(journalEntries).set({ reflection, reflectedAt: new Date() }).where(eq(journalEntries.id, entry.id))
    const [listed] = (await page(client)).entries
    expect(listed!.reflection).toEqual(reflection)
    expect(listed!.reflectedAt).toEqual(expect.any(String))
    expect((await search(client, 'canal'))[0]!.reflection).toEqual(reflection)
  })

  it('needs a session', async () => {
    const stranger = server.client()
    expect((await write(stranger, 'Hello')).status).toBe(401)
    expect((await stranger.api.journal.$get({ query: {} })).status).toBe(401)
    expect((await stranger.api.journal.search.$get({ query: { q: 'hello' } })).status).toBe(401)
    expect((await stranger.api.journal.prompt.$get({ query: { timeZone: 'UTC' } })).status).toBe(401)
  })

  it('limits new entries a day and saves an hour, so a script can’t fill the database', async () => {
    const { client } = await server.signedInClient('journal')
    const userId = await userIdOf(client)
    const { entry } = await okBody(write(client, 'Before the limit.'))
    await db
      .update(rateLimits)
      .set({ count: JOURNAL_LIMITS.entriesPerDay })
      .where(eq(rateLimits.key, `journal-entries:${userId}`))
    const refused = await write(client, 'One too many.')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    // Editing goes on until the hour's saves are spent too.
    expect((await edit(client, entry.id, { body: 'Still editable.' })).status).toBe(200)
    await db
      .update(rateLimits)
      .set({ count: JOURNAL_LIMITS.writesPerHour })
      .where(eq(rateLimits.key, `journal-writes:${userId}`))
    expect((await edit(client, entry.id, { body: 'Not now.' })).status).toBe(429)
    expect((await remove(client, entry.id)).status).toBe(429)
  })

  it('limits searches a minute, even sent at once, and each member’s minute is their own', async () => {
    const { client } = await server.signedInClient('journal')
    await write(client, 'Walked by the river.')
    const ask = () => client.api.journal.search.$get({ query: { q: 'river' } })
    const answers = await Promise.all(Array.from({ length: JOURNAL_LIMITS.searchesPerMinute + 5 }, ask))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(JOURNAL_LIMITS.searchesPerMinute)
    const refused = answers.filter((r) => r.status === 429)
    expect(refused).toHaveLength(5)
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorBody(refused[0]!)).error).toMatchObject({ code: 'RATE_LIMITED', message: 'You have searched a lot just now. Please wait a minute and try again.' })
    expect((await ask()).status).toBe(429)
    const { client: other } = await server.signedInClient('journal')
    expect(await search(other, 'river')).toEqual([])
  })
})

describe('editing and deleting', () => {
  it('changes the title and text, keeps the prompt and the date, and moves updatedAt', async () => {
    const { client } = await server.signedInClient('journal')
    const { entry } = await okBody(write(client, 'First draft.', { title: 'Draft', prompt: JOURNAL_PROMPTS.mind[1] }))
    // An edit has no prompt; one sent along anyway is not taken.
    const changes = { title: '', body: 'Second thoughts.', prompt: 'ignored' }
    const response = await edit(client, entry.id, changes)
    expect(response.status).toBe(200)
    const { entry: edited, crisis } = await okBody(response)
    expect(crisis).toBe(false)
    expect(edited).toMatchObject({ id: entry.id, title: null, body: 'Second thoughts.', prompt: JOURNAL_PROMPTS.mind[1], localDate: entry.localDate, createdAt: entry.createdAt })
    expect(edited.updatedAt >= entry.updatedAt).toBe(true)
  })

  it('deletes an entry once; after that, and for anyone else, it is not found', async () => {
    const owner = await server.signedInClient('journal')
    const other = await server.signedInClient('journal')
    const { entry } = await okBody(write(owner.client, 'To be deleted.'))
    expect((await remove(other.client, entry.id)).status).toBe(404)
    expect((await edit(other.client, entry.id, { body: 'Not yours.' })).status).toBe(404)
    const deleted = await remove(owner.client, entry.id)
    expect(deleted.status).toBe(200)
    expect(await okBody(deleted)).toEqual({ deleted: { id: entry.id } })
    expect((await remove(owner.client, entry.id)).status).toBe(404)
    expect((await edit(owner.client, entry.id, { body: 'Gone.' })).status).toBe(404)
    expect((await page(owner.client)).entries).toEqual([])
  })
})

describe('the list', () => {
  it('comes newest first, a page at a time, every entry once, also when entries share a moment', async () => {
    const { client } = await server.signedInClient('journal')
    const userId = await userIdOf(client)
    // 45 entries: five made in the same microsecond, the rest a minute apart.
    const base = Date.UTC(2026, 9, 1, 12)
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: crypto.randomUUID(),
      userId,
      body: `Entry ${i}`,
      localDate: '2026-10-01',
      createdAt: new Date(base + (i < 5 ? 0 : i) * 60_000),
    }))
    await db.insert(journalEntries).values(rows)
    await db.execute(sql`update ${journalEntries} set created_at = created_at + interval '7 microseconds' where ${journalEntries.userId} = ${userId} and ${journalEntries.body} = 'Entry 44'`)

    const seen: Awaited<ReturnType<typeof page>>['entries'] = []
    let before: string | null = null
    let pages = 0
    do {
      const answer = await page(client, before ?? undefined)
      expect(answer.entries.length).toBeLessThanOrEqual(JOURNAL_LIMITS.pageSize)
      seen.push(...answer.entries)
      before = answer.next
      pages++
    } while (before)
    expect(pages).toBe(3)
    expect(seen.map((e) => e.id).sort()).toEqual(rows.map((r) => r.id).sort())
    const order = seen.map((e) => [e.createdAt, e.id] as const)
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1].localeCompare(a[1]) : b[0].localeCompare(a[0]))))
    expect(seen[0]!.body).toBe('Entry 44')
  })

  it('refuses a page that isn’t one', async () => {
    const { client } = await server.signedInClient('journal')
    expect((await client.api.journal.$get({ query: { before: 'yesterday' } })).status).toBe(400)
  })
})

describe('search', () => {
  it('finds entries by their words, stemmed, with an excerpt around the first found, newest first', async () => {
    const { client } = await server.signedInClient('journal')
    const older = await okBody(write(client, `${'A slow morning with coffee and nothing planned. '.repeat(10)}Then we walked to the lighthouse and back.`))
    await write(client, 'Rain all day; read a book.')
    const newer = await okBody(write(client, 'Walking home I felt lighter.', { title: 'Evening' }))
    const found = await search(client, 'walking')
    expect(found.map((e) => e.id)).toEqual([newer.entry.id, older.entry.id])
    expect(found[1]!.excerpt).toMatch(/^….*walked to the lighthouse and back\.$/)
    expect(found[1]!.excerpt.length).toBeLessThanOrEqual(JOURNAL_LIMITS.excerptChars + 2)
    expect(found[0]!.excerpt).toBe('Walking home I felt lighter.')
    expect((await search(client, 'evening')).map((e) => e.id)).toEqual([newer.entry.id])
    expect(await search(client, 'lighthouse -coffee')).toEqual([])
    expect((await search(client, '"read a book"')).length).toBe(1)
    expect(await search(client, 'umbrella')).toEqual([])
    // Words a search can't use, and stop words alone, find nothing rather than fail.
    expect(await search(client, 'the & | ! :*')).toEqual([])
  })

  it('never finds another member’s entries', async () => {
    const owner = await server.signedInClient('journal')
    const other = await server.signedInClient('journal')
    await write(owner.client, 'The quokka at the zoo made me laugh.')
    expect(await search(other.client, 'quokka')).toEqual([])
    expect((await search(owner.client, 'quokka')).length).toBe(1)
  })

  it('returns markup as the text it is', async () => {
    const { client } = await server.signedInClient('journal')
    await write(client, '<mark>tulips</mark> <img src=x onerror=alert(1)>')
    const [entry] = await search(client, 'tulips')
    expect(entry!.excerpt).toBe('<mark>tulips</mark> <img src=x onerror=alert(1)>')
  })

  it('needs some words, not too many', async () => {
    const { client } = await server.signedInClient('journal')
    const asked = (q: string) => client.api.journal.search.$get({ query: { q } })
    expect((await asked(' ')).status).toBe(400)
    // No words at all is what the route's types forbid: sent raw.
    expect((await client.request('/api/journal/search')).status).toBe(400)
    expect((await asked('a'.repeat(JOURNAL_LIMITS.searchChars + 1))).status).toBe(400)
    // A NUL, which PostgreSQL can't take, parts words like a space.
    await write(client, 'lemon grove')
    expect((await search(client, 'lemon\u0000grove')).length).toBe(1)
    expect((await asked('\u0000')).status).toBe(400)
  })
})

describe("today's prompt", () => {
  it('is one of the library, the same all day', async () => {
    const { client } = await server.signedInClient('journal')
    const ask = async () => okBody(client.api.journal.prompt.$get({ query: { timeZone: 'Europe/Paris' } }))
    const first = await ask()
    expect(first.priority).toBeNull()
    expect(JOURNAL_PROMPTS[first.prompt.dimension]).toContain(first.prompt.text)
    expect(await ask()).toEqual(first)
    expect((await client.api.journal.prompt.$get({ query: { timeZone: 'Mars/Olympus' } })).status).toBe(400)
  })

  it("carries this week's top priority from the recap", async () => {
    const { client } = await server.signedInClient('journal')
    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } }))
    for (const answer of ['Busy at work, but I went running twice.', 'I would say a 7 out of 10', 'My body, the runs helped a lot', 'I want to focus on sleep next week']) {
      if ((await say(client, recap.conversationId, answer)).done?.status === 'finished') break
    }
    const week = await okBody(client.api.weekly.$get({ query: { timeZone: 'Europe/Paris' } }))
    const { priority } = await okBody(client.api.journal.prompt.$get({ query: { timeZone: 'Europe/Paris' } }))
    expect(priority).toBe(week.recap!.priority!.dimension)
  })
})

describe('the crisis check on save', () => {
  it('saves the entry as written and says so, and does nothing else', async () => {
    const { client } = await server.signedInClient('journal')
    const countsBefore = await db.select().from(crisisResponseCounts)
    const flaggedBefore = await db.select({ n: count() }).from(conversations).where(eq(conversations.flagged, true))
    const text = 'Long day. Honestly I want to kill myself sometimes.'
    const response = await write(client, text)
    expect(response.status).toBe(201)
    const saved = await okBody(response)
    expect(saved.crisis).toBe(true)
    expect(saved.entry.body).toBe(text)
    expect((await page(client)).entries[0]!.body).toBe(text)
    // Nobody is told and nothing is counted: the journal is the member's own (docs/decisions/0034).
    expect(await db.select().from(crisisResponseCounts)).toEqual(countsBefore)
    expect(await db.select({ n: count() }).from(conversations).where(eq(conversations.flagged, true))).toEqual(flaggedBefore)

    // Editing is read the same way, the title with the text.
    const calm = await okBody(edit(client, saved.entry.id, { body: 'A better day today.' }))
    expect(calm.crisis).toBe(false)
    const split = await okBody(edit(client, saved.entry.id, { title: 'I want to', body: 'die.' }))
    expect(split.crisis).toBe(true)
    // A retried save answers the same.
    const id = crypto.randomUUID()
    const disguised = { id, timeZone: 'UTC' }
    expect((await okBody(write(client, 'sometimes i w4nt to d1e', disguised))).crisis).toBe(true)
    expect((await okBody(write(client, 'sometimes i w4nt to d1e', disguised))).crisis).toBe(true)
  })

  it('hears ordinary writing as ordinary', async () => {
    const { client } = await server.signedInClient('journal')
    for (const text of ['I keep a journal and it helps', 'This deadline is killing me, but we got there.', 'Tired after the run; slept like a log.']) {
      expect((await okBody(write(client, text))).crisis).toBe(false)
    }
  })
})
