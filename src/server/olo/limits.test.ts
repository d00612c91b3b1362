import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { conversations, goals, messages, rateLimits } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { FAKE_RESULTS, startFakeModel } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { hitRateLimit } from '../rate-limit'
import { END_OF_CONVERSATION_TOKEN } from './contract'

/**
 * The limits of a chat hold when a script sends many requests at once (docs/decisions/0012). PGlite runs one query at a
 * time and hides races: `DATABASE_URL=… npx vitest run src/server/olo` runs this file on PostgreSQL too, as CI does.
 */
const fake = await startFakeModel()
const MODEL_ENV = { OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo', OLO_LLM_TIMEOUT_MS: '5000' }
const server = await createTestServer(MODEL_ENV)
afterAll(() => fake.close())
const { db } = server.database

beforeEach(() => {
  fake.requests.length = 0
})

async function startThreshold(client: TestClient) {
  expect((await client.api.journey.path.$put({ json: { path: 'calm' } })).status).toBe(200)
  const response = await client.api.practices.$post({ json: { exercise: 'next' } })
  expect(response.status).toBe(201)
  return (await okBody(response)).practice.conversationId!
}

async function startGoalChat(client: TestClient) {
  const { categories } = await okBody(client.api.goals.categories.$get())
  const response = await client.api.goals.chats.$post({ json: { categoryId: categories[0]!.id } })
  return (await okBody(response)).conversationId
}

const userTurnsOf = async (conversationId: string) =>
  (await db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))).length

describe('one turn in flight per conversation', () => {
  it('answers one of twenty sends at once and refuses the others with 409, storing nothing of them', async () => {
    const { client } = await server.signedInClient('parallel')
    const id = await startThreshold(client)
    fake.enqueue({ text: 'Tell me more, gently.', firstTokenDelayMs: 200 })
    const turns = await Promise.all(Array.from({ length: 20 }, (_, i) => say(client, id, `I want calm ${i}`)))
    const answered = turns.filter((t) => t.done)
    expect(answered).toHaveLength(1)
    const refused = turns.filter((t) => t.status === 409)
    expect(refused).toHaveLength(19)
    expect(refused[0]!.error!.error.message).toBe('Olo is still answering your last message.')
    expect(await userTurnsOf(id)).toBe(1)
    expect(fake.requests).toHaveLength(1)
    // Once the answer is in, the next message is taken.
    expect((await say(client, id, 'Peace, please.')).done).toBeTruthy()
  })

  it('keeps twenty parallel sends, round after round, to a threshold’s cap: at most 4 user turns and 4 model replies', async () => {
    const { client } = await server.signedInClient('rounds')
    const id = await startThreshold(client)
    for (let round = 0; round < 6; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => say(client, id, `Round ${round}, message ${i}`)))
    }
    expect(await userTurnsOf(id)).toBeLessThanOrEqual(LIMITS.userTurns.threshold)
    const streamed = fake.requests.filter((r) => r.body.stream)
    expect(streamed.length).toBeLessThanOrEqual(LIMITS.userTurns.threshold)
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id))
    expect(row!.userTurns).toBeLessThanOrEqual(LIMITS.userTurns.threshold)
    expect(row!.answeringSince).toBeNull()
  })

  it('answers a retried message once however many times it is sent at once, and refuses it past the cap', async () => {
    const { client } = await server.signedInClient('retry')
    const id = await startThreshold(client)
    const messageId = randomUUID()
    fake.enqueue({ status: 500 })
    expect((await say(client, id, 'Calm, please', messageId)).failure).toBeTruthy()
    fake.requests.length = 0
    fake.enqueue({ text: 'Tell me more.', firstTokenDelayMs: 200 })
    const retries = await Promise.all(Array.from({ length: 10 }, () => say(client, id, 'Calm, please', messageId)))
    expect(retries.filter((t) => t.done)).toHaveLength(1)
    expect(retries.filter((t) => t.status === 409)).toHaveLength(9)
    expect(fake.requests).toHaveLength(1)
    expect(await userTurnsOf(id)).toBe(1)
    // Answered, the same message is refused like any message the conversation has had.
    expect((await say(client, id, 'Calm, please', messageId)).status).toBe(409)
  })

  it('takes a turn again once an instance that died mid-answer has been gone longer than a model call may last', async () => {
    const { client } = await server.signedInClient('stale')
    const id = await startThreshold(client)
    await db.update(conversations).set({ answeringSince: new Date() }).where(eq(conversations.id, id))
    expect((await say(client, id, 'Hello?')).status).toBe(409)
    await db.update(conversations).set({ answeringSince: new Date(Date.now() - 60_000) }).where(eq(conversations.id, id))
    expect((await say(client, id, 'Hello?')).done).toBeTruthy()
  })
})

describe('a conversation is finished exactly once', () => {
  it('runs no finisher for a conversation another answer finished meanwhile', async () => {
    const { client } = await server.signedInClient('finisher')
    const id = await startGoalChat(client)
    // The model finishes, slowly; meanwhile the conversation is finished elsewhere (as a second finisher would).
    fake.enqueue({ text: `Lovely.\n${END_OF_CONVERSATION_TOKEN}\n${JSON.stringify(FAKE_RESULTS.goal)}`, firstTokenDelayMs: 300 })
    const pending = say(client, id, 'Run 100 km in three months')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await db.update(conversations).set({ status: 'finished' }).where(eq(conversations.id, id))
    const turn = await pending
    expect(turn.failure?.code).toBe('INTERNAL')
    const [user] = await db.select({ id: conversations.userId }).from(conversations).where(eq(conversations.id, id))
    expect(await db.select().from(goals).where(eq(goals.userId, user!.id))).toHaveLength(0)
  })
})

describe('token budgets, reserved before the model and settled after', () => {
  it('refuses a member’s turns that could pass their daily budget, even sent at once to several chats', async () => {
    const { client } = await server.signedInClient('budget')
    const ids = await Promise.all(Array.from({ length: 6 }, () => startGoalChat(client)))
    const [owner] = await db.select({ userId: conversations.userId }).from(conversations).where(eq(conversations.id, ids[0]!))
    const key = `olo-tokens:${owner!.userId}`
    // Room left for about two turns' reservations.
    const left = 12_000
    await hitRateLimit(db, key, LIMITS.modelTokensPerDay, 24 * 60 * 60_000, Date.now(), LIMITS.modelTokensPerDay - left)
    const turns = await Promise.all(ids.map((id) => say(client, id, 'I want to read more')))
    const answered = turns.filter((t) => t.done).length
    expect(answered).toBeGreaterThan(0)
    expect(answered).toBeLessThan(ids.length)
    expect(turns.filter((t) => t.status === 429).every((t) => t.error!.error.message.includes('come back tomorrow'))).toBe(true)
    // Settled: what stays counted is what the model reported, not what was held.
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
    expect(row!.count).toBeLessThanOrEqual(LIMITS.modelTokensPerDay)
    expect(row!.count).toBeLessThan(LIMITS.modelTokensPerDay - left + answered * 1000)
    // Nothing is stored of a refused turn.
    for (const [i, turn] of turns.entries()) if (turn.status === 429) expect(await userTurnsOf(ids[i]!)).toBe(0)
  })

  it('answers with the offline guide’s words, never a 500, once the instance’s daily budget is spent', async () => {
    const small = await createTestServer({ ...MODEL_ENV, OLO_DAILY_TOKEN_BUDGET: '20000' })
    const members = await Promise.all(Array.from({ length: 5 }, (_, i) => small.signedInClient(`instance${i}`)))
    const ids: string[] = []
    for (const { client } of members) {
      const { categories } = await okBody(client.api.goals.categories.$get())
      ids.push((await okBody(client.api.goals.chats.$post({ json: { categoryId: categories[0]!.id } }))).conversationId)
    }
    fake.requests.length = 0
    const turns = await Promise.all(members.map(({ client }, i) => say(client, ids[i]!, 'I want to run a marathon')))
    expect(turns.every((t) => t.status === 200 && t.done?.status === 'continue')).toBe(true)
    const byModel = fake.requests.filter((r) => r.body.stream).length
    expect(byModel).toBeGreaterThan(0)
    expect(byModel).toBeLessThan(members.length)
    const [spent] = await small.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'olo-tokens:instance'))
    expect(spent!.count).toBeLessThanOrEqual(20_000)
  })
})

describe('crisis messages, which skip the model limits', () => {
  it(`still get the help past ${LIMITS.crisisMessagesPerHour} an hour, but write no more rows`, async () => {
    const { client } = await server.signedInClient('crisis-flood')
    const id = await startThreshold(client)
    for (let i = 0; i < LIMITS.crisisMessagesPerHour + 3; i++) {
      const turn = await say(client, id, 'I want to kill myself')
      expect(turn.done?.help).toBe(true)
    }
    const stored = await db.select().from(messages).where(and(eq(messages.conversationId, id), eq(messages.crisis, true)))
    expect(stored).toHaveLength(2 * LIMITS.crisisMessagesPerHour)
    expect(fake.requests).toHaveLength(0)
  })
})
