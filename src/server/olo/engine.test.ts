import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { SEND_FAILED_MESSAGE } from '~/core/olo'
import { conversations, messages, rateLimits } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { FAKE_RESULTS, startFakeModel } from '~test/support/fake-model'
import { APP_URL, createTestServer, TEST_PASSWORD, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { END_OF_CONVERSATION_TOKEN } from './contract'
import { crisisReply } from './crisis-reply'
import { WRAP_UP_INSTRUCTION } from './model-guide'
import { CRISIS_PHRASINGS } from './safety.cases'

const fake = await startFakeModel()
const MODEL_ENV = { OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' }
const server = await createTestServer({ ...MODEL_ENV, OLO_LLM_TIMEOUT_MS: '1500' })
afterAll(() => fake.close())
const { db } = server.database

const FINAL_RECAP = `Thank you, truly, for looking back with me.\n${END_OF_CONVERSATION_TOKEN}\n${JSON.stringify(FAKE_RESULTS.recap)}`

async function startRecap(client: TestClient) {
  const response = await client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Berlin' } })
  expect(response.status).toBe(200)
  const { recap } = await okBody(response)
  return recap.conversationId
}

async function conversationOf(client: TestClient, id: string) {
  return okBody(client.api.conversations[':id'].$get({ param: { id } }))
}

beforeEach(() => {
  fake.requests.length = 0
})

describe('the conversation engine with a model provider', () => {
  it('streams the reply, keeps the script on the server and stores both sides', async () => {
    const { client } = await server.signedInClient('engine')
    const id = await startRecap(client)
    fake.enqueue({ chunks: ['That sounds ', 'restful. How would ', 'you rate ', 'your week?'] })

    // The reply streams a clause at a time: each is checked before it is shown.
    const turn = await say(client, id, 'It was a calm week with long walks.')
    expect(turn.deltas).toEqual(['That sounds restful. ', 'How would you rate your week?'])
    expect(turn.done).toMatchObject({ status: 'continue', result: null, message: { content: 'That sounds restful. How would you rate your week?' } })

    const [request] = fake.requests
    expect(request!.headers.authorization).toBe('Bearer sk-test')
    expect(request!.body.model).toBe('fake-olo')
    expect(request!.body.stream).toBe(true)
    const system = request!.body.messages[0]!
    expect(system.role).toBe('system')
    expect(system.content).toContain(END_OF_CONVERSATION_TOKEN)
    expect(request!.body.messages.slice(1).map((m) => m.role)).toEqual(['assistant', 'user'])

    const reloaded = await conversationOf(client, id)
    expect(reloaded.messages.map((m) => [m.role, m.content])).toEqual([
      ['assistant', expect.stringContaining('This is your weekly recap')],
      ['user', 'It was a calm week with long walks.'],
      ['assistant', 'That sounds restful. How would you rate your week?'],
    ])
  })

  it('finishes on a final reply whose end token is split across deltas, showing neither token nor JSON', async () => {
    const { client, email } = await server.signedInClient('engine')
    const id = await startRecap(client)
    fake.enqueue({ text: FINAL_RECAP, chunkSize: 4 })

    const turn = await say(client, id, 'Body, and I want to keep walking.')
    expect(turn.deltas).toEqual(['Thank you, ', 'truly, ', 'for looking back with me.\n'])
    expect(turn.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.recap, message: { content: 'Thank you, truly, for looking back with me.' } })
    expect(turn.done!.greeting).toBe(`Thank you for taking this time to reflect, ${email.split('@')[0]}. Your focus for the week ahead: Body.`)

    const reloaded = await conversationOf(client, id)
    expect(reloaded.status).toBe('finished')
    expect(reloaded.messages.at(-1)!.content).not.toContain('OLO_END')
    expect((await say(client, id, 'One more thing')).status).toBe(409)
  })

  it('repairs an invalid final JSON once with a structured-output request', async () => {
    const { client } = await server.signedInClient('engine')
    const id = await startRecap(client)
    fake.enqueue({ text: `Lovely.\n${END_OF_CONVERSATION_TOKEN}\n{"weekly_summary": "ok", "rating": 42}` }, { text: JSON.stringify(FAKE_RESULTS.recap) })

    const turn = await say(client, id, 'Done for this week.')
    expect(turn.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.recap })
    expect(fake.requests).toHaveLength(2)
    expect(fake.requests[1]!.body.stream).toBeFalsy()
    expect(fake.requests[1]!.body.response_format).toBeDefined()
  })

  it('gives up after one failed repair with the send-failed message, keeping the user’s message for a retry', async () => {
    const { client } = await server.signedInClient('engine')
    const id = await startRecap(client)
    fake.enqueue({ text: `Bye.\n${END_OF_CONVERSATION_TOKEN}\nnot json` }, { text: '{"still": "wrong"}' })
    const messageId = randomUUID()

    const failed = await say(client, id, 'All done.', messageId)
    expect(failed.failure).toEqual({ code: 'PROVIDER_FAILED', message: SEND_FAILED_MESSAGE })
    expect(failed.done).toBeUndefined()
    expect(fake.requests).toHaveLength(2)

    fake.enqueue({ text: FINAL_RECAP })
    const retried = await say(client, id, 'All done.', messageId)
    expect(retried.done).toMatchObject({ status: 'finished' })
    const stored = await conversationOf(client, id)
    expect(stored.messages.filter((m) => m.role === 'user')).toHaveLength(1)
  })

  it('turns a provider error into the send-failed message and answers the same message on Try Again', async () => {
    const { client } = await server.signedInClient('engine')
    const id = await startRecap(client)
    fake.enqueue({ status: 500 })
    const messageId = randomUUID()

    const failed = await say(client, id, 'My week was busy.', messageId)
    expect(failed.status).toBe(200)
    expect(failed.failure).toEqual({ code: 'PROVIDER_FAILED', message: SEND_FAILED_MESSAGE })
    expect((await conversationOf(client, id)).messages.at(-1)).toMatchObject({ role: 'user', content: 'My week was busy.' })

    fake.enqueue({ text: 'Thanks. How would you rate it?' })
    const retried = await say(client, id, 'My week was busy.', messageId)
    expect(retried.done).toMatchObject({ status: 'continue' })
    const stored = await conversationOf(client, id)
    expect(stored.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant'])
    const [row] = await db.select({ turns: conversations.userTurns }).from(conversations).where(eq(conversations.id, id))
    expect(row!.turns).toBe(1)

    expect((await say(client, id, 'Something else', messageId)).status).toBe(409)
  })

  it('fails cleanly when the model passes OLO_LLM_TIMEOUT_MS', async () => {
    const { client } = await server.signedInClient('engine')
    const id = await startRecap(client)
    fake.enqueue({ hang: true })
    const started = Date.now()
    const turn = await say(client, id, 'Hello?')
    expect(turn.failure).toEqual({ code: 'PROVIDER_FAILED', message: SEND_FAILED_MESSAGE })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('stops the model call when the browser hangs up mid-stream', async () => {
    // Over a real socket, as a browser talks to `npm start`; the model's timeout is far off and its reply would run
    // for a minute, so only the hang-up can end the call within the test.
    const patient = await createTestServer({ ...MODEL_ENV, OLO_LLM_TIMEOUT_MS: '600000' })
    const listening = serve({ fetch: patient.app.fetch, hostname: '127.0.0.1', port: 0 })
    await once(listening, 'listening')
    try {
      const { client, email } = await patient.signedInClient('hang-up')
      const id = await startRecap(client)
      const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
      const headers = { origin: APP_URL, 'content-type': 'application/json', 'x-real-ip': '198.51.100.7' }
      const signIn = await fetch(`${origin}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: TEST_PASSWORD }) })
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

      fake.enqueue({ text: 'A long answer that keeps coming, one small piece at a time. '.repeat(10), chunkSize: 1, delayMs: 100 })
      const hangUp = new AbortController()
      const response = await fetch(`${origin}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ id: randomUUID(), content: 'Tell me more.' }),
        signal: hangUp.signal,
      })
      const reader = response.body!.getReader()
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: delta')
      const aborted = fake.nextAbort()
      hangUp.abort()
      await aborted

      // Nothing of the abandoned reply is kept: the user's message waits for an answer on the next try.
      const stored = await conversationOf(client, id)
      expect(stored.messages.map((m) => m.role)).toEqual(['assistant', 'user'])
    } finally {
      listening.close()
    }
  })

  it('answers every crisis phrasing with the help resources, flags the chat, and never calls the model', async () => {
    const { client } = await server.signedInClient('engine')
    const id = await startRecap(client)
    for (const phrasing of CRISIS_PHRASINGS) {
      const turn = await say(client, id, phrasing)
      expect(turn.done, phrasing).toMatchObject({ status: 'continue', help: true })
      expect(turn.done!.message.content).toContain(crisisReply(null))
    }
    expect(fake.requests).toHaveLength(0)
    const stored = await conversationOf(client, id)
    expect(stored).toMatchObject({ status: 'open', flagged: true })

    // The crisis exchange stays on screen but out of what any model sees next.
    fake.enqueue({ text: 'I am here. How are you feeling now?' })
    await say(client, id, 'Thank you, I feel a bit better.')
    const sent = fake.requests[0]!.body.messages.filter((m) => m.role === 'user').map((m) => m.content)
    expect(sent).toEqual(['Thank you, I feel a bit better.'])
  })

  it('talks to Mistral’s chat-completions endpoint too', async () => {
    const mistral = await startFakeModel()
    const other = await createTestServer({ OLO_LLM_PROVIDER: 'mistral', OLO_LLM_BASE_URL: mistral.url, OLO_LLM_API_KEY: 'mistral-key' })
    try {
      const { client } = await other.signedInClient('mistral')
      const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'UTC' } }))
      mistral.enqueue({ chunks: ['Hello, ', 'again.'] })
      const turn = await say(client, recap.conversationId, 'Hi Olo')
      expect(turn.deltas).toEqual(['Hello, ', 'again.'])
      expect(mistral.requests[0]!.path).toBe('/v1/chat/completions')
      expect(mistral.requests[0]!.headers.authorization).toBe('Bearer mistral-key')
      expect(mistral.requests[0]!.body.model).toBe('mistral-small-latest')
    } finally {
      await mistral.close()
    }
  })
})

describe('the limits of a conversation', () => {
  it('refuses a message over the length limit', async () => {
    const { client } = await server.signedInClient('limits')
    const id = await startRecap(client)
    const turn = await say(client, id, 'x'.repeat(LIMITS.chatMessageChars + 1))
    expect(turn.status).toBe(400)
    expect(turn.error!.error.message).toContain(`under ${LIMITS.chatMessageChars} characters`)
    expect((await say(client, id, '   ')).status).toBe(400)
    expect(fake.requests).toHaveLength(0)
  })

  it('tells the model to wrap up on the last turn and refuses a turn past the cap', async () => {
    const { client } = await server.signedInClient('limits')
    const id = await startRecap(client)
    const cap = LIMITS.userTurns.recap
    for (let turn = 1; turn < cap; turn++) {
      fake.enqueue({ text: `Question ${turn}?` })
      expect((await say(client, id, `Answer ${turn}`)).done?.status).toBe('continue')
    }
    expect(fake.requests.every((r) => !r.body.messages[0]!.content.includes(WRAP_UP_INSTRUCTION))).toBe(true)
    // The model ignores the wrap-up and the repair fails too: the conversation stays open at its cap.
    fake.enqueue({ text: 'Tell me more?' }, { status: 500 })
    expect((await say(client, id, `Answer ${cap}`)).failure?.message).toBe(SEND_FAILED_MESSAGE)
    expect(fake.requests.at(-2)!.body.messages[0]!.content).toContain(WRAP_UP_INSTRUCTION)

    const over = await say(client, id, 'And another thing')
    expect(over.status).toBe(409)
    expect(over.error!.error.message).toBe(`This conversation has reached its limit of ${cap} messages.`)
  })

  it('a wrap-up reply without a result is completed by the repair, so the conversation ends at its cap', async () => {
    const { client } = await server.signedInClient('limits')
    const id = await startRecap(client)
    for (let turn = 1; turn < LIMITS.userTurns.recap; turn++) {
      fake.enqueue({ text: `Question ${turn}?` })
      await say(client, id, `Answer ${turn}`)
    }
    fake.enqueue({ text: 'Thank you for today.' }, { text: JSON.stringify(FAKE_RESULTS.recap) })
    const last = await say(client, id, 'That is all.')
    expect(last.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.recap })
  })

  it('stops at the daily number of model turns: the last one is answered, the next is refused and not stored', async () => {
    const { client } = await server.signedInClient('limits')
    const id = await startRecap(client)
    const user = (await okBody(client.api.session.$get())).user!
    await db.insert(rateLimits).values({ key: `olo:${user.id}`, windowStart: new Date(Date.now() - 60 * 60_000), count: LIMITS.modelTurnsPerDay - 1 })
    expect((await say(client, id, 'The last one today')).done?.status).toBe('continue')
    const turn = await say(client, id, 'Hello again')
    expect(turn.status).toBe(429)
    expect(turn.error!.error.message).toContain('come back tomorrow')
    expect(fake.requests).toHaveLength(1)
    const stored = await db.select().from(messages).where(eq(messages.conversationId, id))
    expect(stored.map((m) => m.content)).not.toContain('Hello again')
    expect(stored).toHaveLength(3)
    const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id))
    expect(conversation!.userTurns).toBe(1)
  })
})

describe('whose conversation it is', () => {
  it('hides one user’s conversation from another and from strangers', async () => {
    const owner = (await server.signedInClient('owner')).client
    const other = (await server.signedInClient('other')).client
    const id = await startRecap(owner)
    expect((await other.api.conversations[':id'].$get({ param: { id } })).status).toBe(404)
    expect((await say(other, id, 'Let me in')).status).toBe(404)
    expect((await server.client().api.conversations[':id'].$get({ param: { id } })).status).toBe(401)
    expect((await say(server.client(), id, 'Hello')).status).toBe(401)
    expect((await owner.request('/api/conversations/not-a-uuid')).status).toBe(400)
    expect(fake.requests).toHaveLength(0)
    expect((await conversationOf(owner, id)).messages).toHaveLength(1)
  })
})
