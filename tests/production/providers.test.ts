import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SEND_FAILED_MESSAGE } from '~/core/olo'
import { startFakeModel } from '~test/support/fake-model'
import { startFakeVoice } from '~test/support/fake-voice'
import { errorOf, json, newAuthSecret, startLumin, Visitor, type Lumin } from './support/lumin'
import { startMailbox } from './support/mailbox'
import { freshDatabase } from './support/postgres'

/**
 * The model and voice providers failing in the middle of a practice, on a running server and PostgreSQL: the messages
 * of docs/product.md#errors, nothing the user wrote lost, and Try Again (the same message id again) answered once they
 * are back.
 */
const database = await freshDatabase('providers')
const mailbox = await startMailbox()
const model = await startFakeModel()
const voice = await startFakeVoice()
afterAll(async () => {
  await model.close()
  await voice.close()
})
const MODEL_TIMEOUT_MS = 1500
let lumin: Lumin
beforeAll(async () => {
  lumin = await startLumin({
    NODE_ENV: 'production',
    AUTH_SECRET: newAuthSecret(),
    SMTP_URL: mailbox.url,
    DATABASE_URL: database.url,
    OLO_LLM_PROVIDER: 'openai-compatible',
    OLO_LLM_BASE_URL: model.url,
    OLO_LLM_API_KEY: 'sk-test',
    OLO_LLM_MODEL: 'fake-olo',
    OLO_LLM_TIMEOUT_MS: String(MODEL_TIMEOUT_MS),
    TTS_PROVIDER: 'elevenlabs',
    TTS_BASE_URL: voice.url,
    TTS_API_KEY: 'xi-test',
  })
})
const visitor = new Visitor('198.51.100.40')

beforeEach(() => {
  model.requests.length = 0
})

/** The user's messages of the conversation as the database holds them, in order. */
async function storedUserMessages(conversationId: string) {
  const client = await database.connect()
  try {
    const { rows } = await client.query<{ id: string; content: string }>(`select id, content from messages where conversation_id = $1 and role = 'user' order by seq`, [conversationId])
    return rows
  } finally {
    await client.end()
  }
}

describe('providers failing in the middle of a practice', () => {
  let practiceId = ''
  let conversationId = ''
  const first = { id: randomUUID(), content: 'I would like to feel lighter after a long week.' }

  it('keeps the message through a 429, a 5xx and a hang of the model, each with the send-failed message, and answers it on Try Again', async () => {
    await mailbox.member(visitor, 'mia@example.com', lumin)
    expect((await visitor.request(lumin, '/api/journey/path', { method: 'PUT', json: { path: 'calm' } })).status).toBe(200)
    const { practice } = await json<{ practice: { id: string; conversationId: string } }>(await visitor.post(lumin, '/api/practices', { exercise: 1 }))
    practiceId = practice.id
    conversationId = practice.conversationId

    for (const failure of [{ status: 429, body: JSON.stringify({ error: { message: 'Rate limit exceeded' } }) }, { status: 503 }, { hang: true as const }]) {
      model.enqueue(failure)
      const started = performance.now()
      const turn = await visitor.say(lumin, conversationId, first.content, first.id)
      expect(turn.status).toBe(200)
      expect(turn.failure).toEqual({ code: 'PROVIDER_FAILED', message: SEND_FAILED_MESSAGE })
      expect(turn.done).toBeUndefined()
      // A hanging model is given up on at OLO_LLM_TIMEOUT_MS, not left to hold the user's turn.
      expect(performance.now() - started).toBeLessThan(MODEL_TIMEOUT_MS + 3000)
      expect(await storedUserMessages(conversationId)).toEqual([first])
    }
    expect(model.requests).toHaveLength(3)
    // The hung call was hung up on, not left open.
    await expect.poll(() => model.aborted).toBe(1)

    // The provider is back: Try Again sends the same message, which is answered and still stored once.
    const retried = await visitor.say(lumin, conversationId, first.content, first.id)
    expect(retried.done).toMatchObject({ status: 'continue', message: { content: 'That sounds lovely. What would you like to feel as you begin?' } })
    expect(await storedUserMessages(conversationId)).toEqual([first])
    const conversation = await json<{ messages: { role: string; content: string }[] }>(await visitor.request(lumin, `/api/conversations/${conversationId}`))
    expect(conversation.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant'])
  })

  it('says which way the voice failed, carrying its status, and reads again once it is back', async () => {
    const conversation = await json<{ messages: { id: string; role: string }[] }>(await visitor.request(lumin, `/api/conversations/${conversationId}`))
    const line = { messageId: conversation.messages.findLast((m) => m.role === 'assistant')!.id }
    voice.failNext(500)
    const failed = await visitor.post(lumin, '/api/speech', line)
    expect(failed.status).toBe(502)
    expect(await errorOf(failed)).toEqual({ code: 'PROVIDER_FAILED', message: "Olo's voice is unavailable right now (the voice service answered 500)." })

    voice.failNext(429)
    expect(await errorOf(await visitor.post(lumin, '/api/speech', line))).toMatchObject({ message: expect.stringContaining('answered 429') })

    const spoken = await visitor.post(lumin, '/api/speech', line)
    expect(spoken.status).toBe(200)
    expect(spoken.headers.get('content-type')).toBe('audio/mpeg')
  })

  it('goes on to the intention and the completed practice after the failures', async () => {
    const second = { id: randomUUID(), content: 'Calm and steady.' }
    const finished = await visitor.say(lumin, conversationId, second.content, second.id)
    expect(finished.done).toMatchObject({ status: 'finished' })
    expect(await storedUserMessages(conversationId)).toEqual([first, second])

    const { practice } = await json<{ practice: { intention: string | null } }>(await visitor.request(lumin, `/api/practices/${practiceId}`))
    expect(practice.intention).toBe('I breathe slowly and let my shoulders drop.')
    expect(await json(await visitor.post(lumin, `/api/practices/${practiceId}/complete`, {}))).toMatchObject({ pointsAwarded: 10 })
  })
})

describe('an instance stopped with SIGTERM, as a rolling update does', () => {
  it('finishes the chat reply streaming at that moment, stores it, and then exits', async () => {
    const { conversationId } = await json<{ conversationId: string }>(await visitor.post(lumin, '/api/goals/chats', { categoryId: 1 }))
    const reply = 'Lovely. What would you like to reach, and by when?'
    model.enqueue({ text: reply, chunkSize: 10, delayMs: 150 })
    const turn = visitor.say(lumin, conversationId, 'I want to get fitter.')
    await expect.poll(() => model.requests.length).toBe(1)

    lumin.process.kill('SIGTERM')
    expect((await turn).done).toMatchObject({ status: 'continue', message: { content: reply } })
    expect(await lumin.exited).toBe(0)
    const client = await database.connect()
    try {
      const { rows } = await client.query<{ content: string }>(`select content from messages where conversation_id = $1 and role = 'assistant' order by seq`, [conversationId])
      expect(rows.at(-1)?.content).toBe(reply)
    } finally {
      await client.end()
    }
  })
})
