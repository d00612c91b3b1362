import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { AI_NOTICE } from '~/core/olo'
import { AI_NOTICE_EVERY_MS } from '~/core/timings'
import { conversations, crisisResponseCounts, messages } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { startFakeModel } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { crisisReply } from './crisis-reply'

/** The crisis check and the AI notice as a member meets them in a chat, with a real model provider (the fake one). */
const fake = await startFakeModel()
const server = await createTestServer({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' })
afterAll(() => fake.close())
const { db } = server.database

beforeEach(() => {
  fake.requests.length = 0
})

async function startRecap(client: TestClient) {
  const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Berlin' } }))
  return recap.conversationId
}

const todaysCrisisCount = async () => {
  const [row] = await db.select().from(crisisResponseCounts).where(eq(crisisResponseCounts.day, sql`(now() at time zone 'utc')::date`))
  return row?.count ?? 0
}

describe('a thought split across messages', () => {
  it('is caught when the last three messages read together sound like a crisis, and never reaches the model', async () => {
    const { client } = await server.signedInClient('split')
    const id = await startRecap(client)
    expect((await say(client, id, 'Honestly I want to')).done?.help).toBe(false)
    expect((await say(client, id, 'kill')).done?.help).toBe(false)
    fake.requests.length = 0
    const third = await say(client, id, 'myself')
    expect(third.done).toMatchObject({ help: true, message: { content: crisisReply(null) } })
    expect(fake.requests).toHaveLength(0)
  })

  it('leaves an ordinary thought over three messages alone', async () => {
    const { client } = await server.signedInClient('ordinary')
    const id = await startRecap(client)
    for (const part of ['I want to', 'go for a long run', 'this weekend']) expect((await say(client, id, part)).done?.help).toBe(false)
  })
})

describe('Olo’s own replies', () => {
  it('are replaced by the help before a harmful clause is shown or stored, and the chat is flagged and goes on', async () => {
    const { client } = await server.signedInClient('reply')
    const id = await startRecap(client)
    const before = await todaysCrisisCount()
    fake.enqueue({ chunks: ['I hear you. ', 'The most painless way ', 'to die is to take a lot ', 'of sleeping pills.'] })
    const turn = await say(client, id, 'Nothing matters this week.')
    expect(turn.deltas.join('')).not.toMatch(/painless|pills/)
    expect(turn.done).toMatchObject({ status: 'continue', help: true, message: { content: crisisReply(null) } })

    const stored = await db.select().from(messages).where(eq(messages.conversationId, id))
    expect(stored.map((m) => m.content).join('\n')).not.toMatch(/painless|pills/)
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', crisis: true })
    const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id))
    expect(conversation).toMatchObject({ flagged: true, status: 'open' })
    expect(await todaysCrisisCount()).toBe(before + 1)

    // The conversation carries on with the model, without the replaced reply in its history.
    fake.enqueue({ text: 'How was your sleep?' })
    expect((await say(client, id, 'I slept badly.')).done?.message.content).toBe('How was your sleep?')
    expect(fake.requests.at(-1)!.body.messages.map((m) => m.content).join('\n')).not.toMatch(/painless|pills/)
  })

  it('leave a reply that talks about safety kindly alone', async () => {
    const { client } = await server.signedInClient('kind')
    const id = await startRecap(client)
    const kind = 'I am glad you told me. If you ever think about hurting yourself, please call 988 or your local emergency number.'
    fake.enqueue({ text: kind })
    expect((await say(client, id, 'This week was hard.')).done).toMatchObject({ help: false, message: { content: kind } })
  })
})

describe('the AI notice', () => {
  it('comes again, shown and stored with the reply, after 3 hours of one chat, then not until 3 more', async () => {
    const { client } = await server.signedInClient('notice')
    const id = await startRecap(client)
    fake.enqueue({ text: 'How was your week?' }, { text: 'And your sleep?' }, { text: 'What mattered most?' })
    expect((await say(client, id, 'Hello')).done?.message.content).toBe('How was your week?')

    await db
      .update(conversations)
      .set({ noticeAt: new Date(Date.now() - AI_NOTICE_EVERY_MS - 1000) })
      .where(eq(conversations.id, id))
    const reminded = await say(client, id, 'Busy')
    expect(reminded.deltas[0]).toBe(`${AI_NOTICE}\n\n`)
    expect(reminded.done?.message.content).toBe(`${AI_NOTICE}\n\nAnd your sleep?`)
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id))
    expect(Date.now() - row!.noticeAt.getTime()).toBeLessThan(60_000)

    expect((await say(client, id, 'Fine')).done?.message.content).toBe('What mattered most?')
  })

  it('comes with the help too when that is the reply due', async () => {
    const { client } = await server.signedInClient('notice-crisis')
    const id = await startRecap(client)
    await db
      .update(conversations)
      .set({ noticeAt: new Date(Date.now() - AI_NOTICE_EVERY_MS - 1000) })
      .where(eq(conversations.id, id))
    expect((await say(client, id, 'I want to end my life')).done?.message.content).toBe(`${AI_NOTICE}\n\n${crisisReply(null)}`)
  })
})

describe('the anonymous count of crisis responses', () => {
  it('counts each help given by day, with no member and no words, and outlives the member’s account', async () => {
    const { client, email } = await server.signedInClient('counted')
    const id = await startRecap(client)
    const before = await todaysCrisisCount()
    await say(client, id, 'I want to die')
    await say(client, id, 'je veux mourir')
    expect(await todaysCrisisCount()).toBe(before + 2)

    expect((await client.api.account.$delete({ json: { confirmEmail: email } })).status).toBe(204)
    expect(await todaysCrisisCount()).toBe(before + 2)
    const columns = await server.database.execute(`select column_name from information_schema.columns where table_name = 'crisis_response_counts' order by column_name`)
    expect(columns.rows).toEqual([{ column_name: 'count' }, { column_name: 'day' }])
  })
})
