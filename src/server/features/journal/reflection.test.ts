import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import type { PathName } from '~/core/paths'
import { conversations, journalEntries } from '~/server/db/schema'
import { crisisReply } from '~/server/olo/crisis-reply'
import { say } from '~test/support/chat'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database

const WORK_DAY = 'Work was so stressful today. My boss kept piling on deadlines and I felt anxious all afternoon. I did manage a short walk after dinner.'

/** A member on a path, as the journal leaves them once an entry is saved. */
async function member(label: string, path: PathName | null = 'calm') {
  const { client } = await server.signedInClient(label)
  if (path) expect((await client.api.journey.path.$put({ json: { path } })).status).toBe(200)
  const { user } = await okBody(client.api.session.$get())
  return { client, userId: user!.id }
}

/** An entry as the journal stores it (its own routes are the journal's; this test needs only the row). */
async function entryOf(userId: string, body = WORK_DAY, title: string | null = 'A long day') {
  const id = randomUUID()
  await db.insert(journalEntries).values({ id, userId, title, body, localDate: '2026-11-24' })
  return id
}

const start = async (client: TestClient, entryId: string) => client.api.reflections[':entryId'].$post({ param: { entryId } })
const view = async (client: TestClient, entryId: string) => (await okBody(client.api.reflections[':entryId'].$get({ param: { entryId } }))).reflection

describe('reflecting on a journal entry with the offline Olo', () => {
  it('opens with Olo’s question, asks about the entry, and keeps the reflection and a practice of the path with it', async () => {
    const { client, userId } = await member('reflects')
    const entryId = await entryOf(userId)
    const started = await start(client, entryId)
    expect(started.status).toBe(201)
    const { reflection: opened } = await okBody(started)
    expect(opened).toMatchObject({ entry: { id: entryId, title: 'A long day', excerpt: WORK_DAY, localDate: '2026-11-24' }, conversation: { finished: false }, reflection: null, help: false })
    const conversationId = opened.conversation!.id

    const chat = await okBody(client.api.conversations[':id'].$get({ param: { id: conversationId } }))
    expect(chat.kind).toBe('reflection')
    expect(chat.messages).toEqual([expect.objectContaining({ role: 'assistant', content: expect.stringMatching(/how do you feel\?$/) })])

    // The entry is about work and worry: the questions follow it.
    const first = await say(client, conversationId, 'Tired, but a bit calmer now')
    expect(first.done).toMatchObject({ status: 'continue' })
    expect(first.done!.message.content).toMatch(/\?$/)
    const second = await say(client, conversationId, "The deadlines, I can't stop thinking about them")
    expect(second.done!.message.content).toMatch(/\?$/)
    const last = await say(client, conversationId, 'Finishing one task at a time')
    expect(last.done).toMatchObject({ status: 'finished', result: { suggested_practice: 'breathing-bubble' } })
    expect(last.done!.greeting).toContain('You wrote about your work')
    expect(last.deltas.join('')).not.toContain('[[OLO_END]]')

    const [row] = await db.select().from(journalEntries).where(eq(journalEntries.id, entryId))
    expect(row!.reflection).toEqual({ reflection: expect.stringMatching(/^You wrote about your work.*you said: "The deadlines, I can't stop thinking about them"\./), suggested_practice: 'breathing-bubble' })
    expect(row!.reflectedAt).toBeInstanceOf(Date)
    expect(await view(client, entryId)).toMatchObject({
      conversation: { id: conversationId, finished: true },
      reflection: row!.reflection!.reflection,
      reflectedAt: row!.reflectedAt!.toISOString(),
      practice: { number: 1, name: 'Breathing Bubble' },
    })
  })

  it('resumes the reflection still open, and begins a new one once it has finished', async () => {
    const { client, userId } = await member('resumes')
    const entryId = await entryOf(userId)
    const first = (await okBody(start(client, entryId))).reflection.conversation!.id
    const again = await start(client, entryId)
    expect(again.status).toBe(200)
    expect((await okBody(again)).reflection.conversation!.id).toBe(first)
    for (const answer of ['Fine', 'Work', 'Rest']) await say(client, first, answer)
    const fresh = await start(client, entryId)
    expect(fresh.status).toBe(201)
    expect((await okBody(fresh)).reflection.conversation!.id).not.toBe(first)
  })

  it('suggests no practice to a member without a path, and cuts a long entry to an excerpt', async () => {
    const { client, userId } = await member('no-path', null)
    const entryId = await entryOf(userId, `${'I felt so anxious about the exam. '.repeat(40)}`, null)
    const { reflection: opened } = await okBody(start(client, entryId))
    expect(opened.entry.excerpt.length).toBeLessThanOrEqual(601)
    expect(opened.entry.excerpt.endsWith('…')).toBe(true)
    for (const answer of ['Worried', 'The exam', 'Sleep']) await say(client, opened.conversation!.id, answer)
    expect(await view(client, entryId)).toMatchObject({ reflection: expect.stringMatching(/^You wrote about/), practice: null })
    const [row] = await db.select({ reflection: journalEntries.reflection }).from(journalEntries).where(eq(journalEntries.id, entryId))
    expect(row!.reflection!.suggested_practice).toBeNull()
  })

  it('ends within its turn cap whatever the answers', async () => {
    const { client, userId } = await member('unusable')
    const entryId = await entryOf(userId)
    const { reflection: opened } = await okBody(start(client, entryId))
    const replies = []
    for (let turn = 0; turn < LIMITS.userTurns.reflection; turn++) {
      const reply = await say(client, opened.conversation!.id, 'idk')
      replies.push(reply.done!.status)
      if (reply.done!.status === 'finished') break
    }
    expect(replies).toEqual(['continue', 'continue', 'continue', 'finished'])
    expect((await say(client, opened.conversation!.id, 'one more')).status).toBe(409)
  })

  it('ends calmly when the entry is deleted while its reflection is open: the next answer is not taken', async () => {
    const { client, userId } = await member('deletes')
    const entryId = await entryOf(userId)
    const { reflection: opened } = await okBody(start(client, entryId))
    const conversationId = opened.conversation!.id
    expect((await say(client, conversationId, 'Tired, but calmer')).done!.status).toBe('continue')
    expect((await client.api.journal[':id'].$delete({ param: { id: entryId } })).status).toBe(200)
    const after = await say(client, conversationId, 'Still thinking about it')
    expect(after.status).toBe(404)
    expect(after.error!.error).toEqual({ code: 'NOT_FOUND', message: 'This journal entry has been deleted, so this reflection has ended.' })
    const [stored] = await db.select({ userTurns: conversations.userTurns }).from(conversations).where(eq(conversations.id, conversationId))
    expect(stored!.userTurns).toBe(1)
  })
})

describe('safety in a reflection', () => {
  it('answers a crisis message with the help, as in every chat, and goes on', async () => {
    const { client, userId } = await member('crisis')
    const entryId = await entryOf(userId)
    const { reflection: opened } = await okBody(start(client, entryId))
    const id = opened.conversation!.id
    const crisis = await say(client, id, 'I want to kill myself')
    expect(crisis.done).toMatchObject({ status: 'continue', help: true, message: { content: crisisReply(null), crisis: true } })
    const [row] = await db.select({ flagged: conversations.flagged, status: conversations.status }).from(conversations).where(eq(conversations.id, id))
    expect(row).toEqual({ flagged: true, status: 'open' })
    const chat = await okBody(client.api.conversations[':id'].$get({ param: { id } }))
    expect(chat.flagged).toBe(true)
    // The chat goes on; the crisis message is never quoted back in the reflection.
    for (const answer of ['Tired', 'Work', 'Rest']) await say(client, id, answer)
    const [entry] = await db.select({ reflection: journalEntries.reflection }).from(journalEntries).where(eq(journalEntries.id, entryId))
    expect(entry!.reflection!.reflection).not.toMatch(/kill/)
  })

  it('says nothing is sent anywhere: the offline guide has no provider to name', async () => {
    expect(await okBody(server.client().api.config.$get())).toMatchObject({ model: 'offline', modelName: null })
  })

  it('shows the help with an entry that reads as a crisis', async () => {
    const { client, userId } = await member('crisis-entry')
    const entryId = await entryOf(userId, 'Some days I just want to die. Today was one of them.')
    expect((await view(client, entryId)).help).toBe(true)
  })
})

describe('who may reflect', () => {
  it('only the entry’s owner: another member gets 404 for every method, a stranger 401, a malformed id 400', async () => {
    const { userId } = await member('owner')
    const entryId = await entryOf(userId)
    const { client: other } = await member('other')
    const reflection = other.api.reflections[':entryId']
    for (const [method, send] of [['GET', () => reflection.$get({ param: { entryId } })], ['POST', () => reflection.$post({ param: { entryId } })]] as const) {
      const answer = await send()
      expect(answer.status, method).toBe(404)
      expect(await errorBody(answer)).toEqual({ error: { code: 'NOT_FOUND', message: 'We could not find that journal entry.' } })
    }
    expect((await start(server.client(), entryId)).status).toBe(401)
    // A malformed id, sent raw as a caller other than the web might.
    expect((await other.request('/api/reflections/not-an-id')).status).toBe(400)
    const [none] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.subject, entryId))
    expect(none).toBeUndefined()
  })

  it('begins at most 10 reflections an hour', async () => {
    const { client, userId } = await member('limited')
    const entryId = await entryOf(userId)
    for (let i = 0; i < LIMITS.reflectionsPerHour; i++) expect((await start(client, entryId)).status).toBeLessThan(300)
    const refused = await start(client, entryId)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
