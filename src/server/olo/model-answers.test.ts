import { and, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { SEND_FAILED_MESSAGE } from '~/core/olo'
import { messages, rateLimits } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { FAKE_PROMPT_TOKENS, mistralError, openAiError, startFakeModel, type FakeModelRequest } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'

/**
 * What a member's day is charged for each shape a provider's answer takes: the usage it reports wherever it puts it,
 * or, when it reports none (a reply cut short, an error, a refusal), about one token per four characters of what was
 * sent and received (docs/decisions/0012).
 */
const fake = await startFakeModel()
afterAll(() => fake.close())
const MODEL_ENV = { OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo', OLO_LLM_TIMEOUT_MS: '5000' }
const openAi = await createTestServer({ ...MODEL_ENV, OLO_LLM_PROVIDER: 'openai-compatible' })
const mistral = await createTestServer({ ...MODEL_ENV, OLO_LLM_PROVIDER: 'mistral' })
type Server = typeof openAi

beforeEach(() => {
  fake.requests.length = 0
})

async function recapOf(server: Server, label: string) {
  const { client } = await server.signedInClient(label)
  const user = (await okBody(client.api.session.$get())).user!
  const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Berlin' } }))
  return { client, userId: user.id, conversationId: recap.conversationId }
}

const tokensSpent = async (server: Server, userId: string) =>
  (await server.database.db.select().from(rateLimits).where(eq(rateLimits.key, `olo-tokens:${userId}`)))[0]?.count ?? 0

/** A message's words as sent: OpenAI-compatible requests carry a string, Mistral's a user's words as text parts. */
const wordsOf = (content: unknown) => (typeof content === 'string' ? content : (content as { text: string }[]).map((part) => part.text).join(''))

/** The estimate of a call that reported no usage: its prompt as sent, and the part of the reply that arrived. */
function estimated(request: FakeModelRequest, reply = '') {
  const prompt = request.body.messages.reduce((sum, message) => sum + wordsOf(message.content).length, 0)
  return Math.ceil((prompt + reply.length) / 4)
}

const storedReplies = (server: Server, conversationId: string) =>
  server.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant')))

async function expectFailedTurn(server: Server, chat: { client: TestClient; conversationId: string }, content: string) {
  const before = (await storedReplies(server, chat.conversationId)).length
  const turn = await say(chat.client, chat.conversationId, content)
  expect(turn.failure).toEqual({ code: 'PROVIDER_FAILED', message: SEND_FAILED_MESSAGE })
  // The member's message stays for Try Again; no reply of Olo's is kept.
  const kept = await server.database.db.select({ content: messages.content }).from(messages).where(eq(messages.conversationId, chat.conversationId))
  expect(kept.map((m) => m.content)).toContain(content)
  expect(await storedReplies(server, chat.conversationId)).toHaveLength(before)
}

describe('an OpenAI-compatible provider', () => {
  it('asks for usage in the stream, and charges what OpenAI reports in its own chunk after the last', async () => {
    const chat = await recapOf(openAi, 'usage-own-chunk')
    fake.enqueue({ chunks: ['How ', 'was ', 'it?'], usage: 'own-chunk' })
    expect((await say(chat.client, chat.conversationId, 'Fine.')).done?.message.content).toBe('How was it?')
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true })
    expect(await tokensSpent(openAi, chat.userId)).toBe(FAKE_PROMPT_TOKENS + 3)
  })

  it('charges what a server reports in the chunk that ends the reply', async () => {
    const chat = await recapOf(openAi, 'usage-last-chunk')
    fake.enqueue({ chunks: ['How ', 'was ', 'it?'], usage: 'last-chunk' })
    expect((await say(chat.client, chat.conversationId, 'Fine.')).done?.message.content).toBe('How was it?')
    expect(await tokensSpent(openAi, chat.userId)).toBe(FAKE_PROMPT_TOKENS + 3)
  })

  it('estimates a reply whose server reports no usage from its prompt and reply', async () => {
    const chat = await recapOf(openAi, 'usage-none')
    fake.enqueue({ chunks: ['How ', 'was ', 'it?'], usage: 'none' })
    expect((await say(chat.client, chat.conversationId, 'Fine.')).done?.message.content).toBe('How was it?')
    expect(await tokensSpent(openAi, chat.userId)).toBe(estimated(fake.requests[0]!, 'How was it?'))
  })

  it('fails a reply whose stream is cut mid-reply, and charges the prompt and what arrived', async () => {
    const chat = await recapOf(openAi, 'stream-cut')
    fake.enqueue({ chunks: ['How ', 'was ', 'it?'], breaks: { afterChunks: 2, kind: 'cut' } })
    await expectFailedTurn(openAi, chat, 'Fine.')
    expect(await tokensSpent(openAi, chat.userId)).toBe(estimated(fake.requests[0]!, 'How was '))
  })

  it('fails a reply that an error event ends mid-stream, and charges the prompt and what arrived', async () => {
    const chat = await recapOf(openAi, 'stream-error')
    fake.enqueue({ chunks: ['How ', 'was ', 'it?'], breaks: { afterChunks: 1, kind: 'error' } })
    await expectFailedTurn(openAi, chat, 'Fine.')
    expect(await tokensSpent(openAi, chat.userId)).toBe(estimated(fake.requests[0]!, 'How '))
  })

  it('fails at once on a 429 with Retry-After, asks no more, and charges the estimate of the prompt', async () => {
    const chat = await recapOf(openAi, 'rate-limited')
    fake.enqueue(openAiError(429, 'Rate limit reached for requests', { type: 'requests', retryAfterSeconds: 20 }))
    await expectFailedTurn(openAi, chat, 'Fine.')
    expect(fake.requests).toHaveLength(1)
    expect(await tokensSpent(openAi, chat.userId)).toBe(estimated(fake.requests[0]!))
  })
})

describe('Mistral', () => {
  it('charges what Mistral reports in the chunk that ends the reply', async () => {
    const chat = await recapOf(mistral, 'mistral-usage')
    fake.enqueue({ chunks: ['How ', 'was ', 'it?'] })
    expect((await say(chat.client, chat.conversationId, 'Fine.')).done?.message.content).toBe('How was it?')
    expect(fake.requests[0]!.body.stream_options).toBeUndefined()
    expect(await tokensSpent(mistral, chat.userId)).toBe(FAKE_PROMPT_TOKENS + 3)
  })

  it.each([
    [422, 'Invalid model: fake-olo', 'invalid_model'],
    [429, 'Service tier capacity exceeded for this model.', 'service_tier_capacity_exceeded'],
    [500, 'Internal server error', 'internal_server_error'],
  ])('fails on its error body for a %i, and charges the estimate of the prompt', async (status, message, type) => {
    const chat = await recapOf(mistral, `mistral-${status}`)
    fake.enqueue(mistralError(status, message, type))
    await expectFailedTurn(mistral, chat, 'Fine.')
    expect(fake.requests).toHaveLength(1)
    expect(await tokensSpent(mistral, chat.userId)).toBe(estimated(fake.requests[0]!))
  })
})
