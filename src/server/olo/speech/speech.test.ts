import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import pino from 'pino'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '~/server/auth/routes'
import type { Config } from '~/server/config'
import { messages, rateLimits, speechCache } from '~/server/db/schema'
import { errorHandler } from '~/server/http'
import { createOlo } from '~/server/olo/engine'
import { hitRateLimit, readRateLimit } from '~/server/rate-limit'
import { say } from '~test/support/chat'
import { SILENT_MP3, startFakeVoice } from '~test/support/fake-voice'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'
import { INSTANCE_BUDGET_KEY, INSTANCE_BUDGET_SPENT, MEMBER_BUDGET_SPENT, memberBudgetKey } from './budget'
import { SPEECH_CACHE_DAYS } from './cache'
import { withinSpeechLimit } from './lines'
import { ELEVENLABS, synthesize, VOICE_TIMEOUT_MS, VoiceProviderError, type ServerTts } from './providers'
import { speechRoutes } from './routes'
import type { SpeechRequest } from './schema'

const DAY_MS = 24 * 60 * 60_000

const fake = await startFakeVoice()
afterAll(() => fake.close())
beforeEach(() => {
  fake.requests.length = 0
})
afterEach(() => {
  vi.restoreAllMocks()
  fake.releaseHeld()
})

const VOICE = { TTS_PROVIDER: 'elevenlabs', TTS_BASE_URL: fake.url, TTS_API_KEY: 'test-key', TTS_VOICE_ID: 'voice-123' }
const elevenlabs = await createTestServer(VOICE)
const openai = await createTestServer({ TTS_PROVIDER: 'openai-compatible', TTS_BASE_URL: fake.url, TTS_API_KEY: 'test-key', TTS_VOICE_ID: 'nova', TTS_MODEL: 'tts-1-hd' })
const browser = await createTestServer()
/** One threshold opening of the calm path fits (142 to 173 characters), two never do. */
const INSTANCE_BUDGET = 200
const frugal = await createTestServer({ ...VOICE, TTS_DAILY_CHAR_BUDGET: String(INSTANCE_BUDGET) })

type Server = typeof elevenlabs
const errorOf = async (response: Parameters<typeof errorBody>[0]) => (await errorBody(response)).error
const spoken = () => fake.requests.map((r) => (r.body as { text?: string; input?: string }).text ?? (r.body as { input: string }).input)

interface Member {
  client: TestClient
  email: string
  userId: string
}

async function member(server: Server): Promise<Member> {
  const { client, email } = await server.signedInClient('speech')
  const user = (await okBody(client.api.session.$get())).user!
  expect((await client.api.journey.path.$put({ json: { path: 'calm' } })).status).toBe(200)
  return { client, email, userId: user.id }
}

/** Opens a threshold chat before the exercise and returns Olo's opening line: exercises 1 to 3 each open differently. */
async function opening({ client }: Member, exercise = 1) {
  const response = await client.api.practices.$post({ json: { exercise } })
  expect(response.status).toBe(201)
  const { practice } = await okBody(response)
  const view = await okBody(client.api.conversations[':id'].$get({ param: { id: practice.conversationId! } }))
  const [first] = view.messages
  expect(first!.role).toBe('assistant')
  return { conversationId: practice.conversationId!, messageId: first!.id, text: first!.content }
}

const hear = (who: Member, request: SpeechRequest) => who.client.api.speech.$post({ json: request })
const charsSpent = async (server: Server, key: string) => (await readRateLimit(server.database.db, key, DAY_MS)).count
const recordingsOf = (server: Server, userId: string) => server.database.db.select().from(speechCache).where(eq(speechCache.userId, userId))

describe('speech with ElevenLabs', () => {
  it('reads Olo’s message named by its id, with ElevenLabs’ path, headers and body, and hands the audio back as it came', async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    const response = await hear(listener, { messageId: line.messageId })

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SILENT_MP3)

    expect(fake.requests).toHaveLength(1)
    const [request] = fake.requests
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/text-to-speech/voice-123',
      headers: { accept: 'audio/mpeg', 'content-type': 'application/json', 'xi-api-key': 'test-key' },
    })
    expect(request!.headers.authorization).toBeUndefined()
    expect(request!.body).toEqual({
      text: line.text,
      model_id: 'eleven_monolingual_v1',
      voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
    })
  })

  it('reads a finished conversation’s greeting, the words the chat showed, and Olo’s last message', async () => {
    const listener = await member(elevenlabs)
    const { conversationId } = await opening(listener)
    const reply = await say(listener.client, conversationId, 'I want to feel calmer and let go of the day')
    expect(reply.done?.status).toBe('finished')
    const greeting = reply.done!.greeting!
    expect(greeting).toContain((reply.done!.result as { intention: string }).intention)
    const view = await okBody(listener.client.api.conversations[':id'].$get({ param: { id: conversationId } }))
    const last = view.messages.at(-1)!

    expect((await hear(listener, { greetingOf: conversationId })).status).toBe(200)
    expect((await hear(listener, { messageId: last.id })).status).toBe(200)
    // A final reply that only finished the chat shows the greeting as Olo's message: the same words, heard once.
    expect(spoken()).toEqual(last.content === greeting ? [greeting] : [greeting, last.content])
  })

  it('answers 404 to anything but Olo’s words in the member’s own conversations, and spends nothing on it', async () => {
    const owner = await member(elevenlabs)
    const stranger = await member(elevenlabs)
    const line = await opening(owner)
    const open = await opening(owner, 2)
    const userMessage = randomUUID()
    const finished = await say(owner.client, line.conversationId, 'I want to feel calmer and let go of the day', userMessage)
    expect(finished.done?.status).toBe('finished')

    const refused: [Member, SpeechRequest][] = [
      [owner, { messageId: userMessage }],
      [owner, { greetingOf: open.conversationId }],
      [owner, { messageId: randomUUID() }],
      [owner, { greetingOf: randomUUID() }],
      [owner, { messageId: line.conversationId }],
      [owner, { greetingOf: line.messageId }],
      [stranger, { messageId: line.messageId }],
      [stranger, { greetingOf: line.conversationId }],
    ]
    for (const [who, request] of refused) {
      const response = await hear(who, request)
      expect(response.status, JSON.stringify(request)).toBe(404)
      expect(await errorOf(response)).toEqual({ code: 'NOT_FOUND', message: expect.any(String) as string })
    }
    expect(fake.requests).toHaveLength(0)
    expect(await charsSpent(elevenlabs, memberBudgetKey(owner.userId))).toBe(0)
    expect(await charsSpent(elevenlabs, memberBudgetKey(stranger.userId))).toBe(0)
  })

  it('needs a session', async () => {
    const response = await elevenlabs.client().api.speech.$post({ json: { messageId: randomUUID() } })
    expect(response.status).toBe(401)
    expect(fake.requests).toHaveLength(0)
  })

  it.each([
    ['words instead of a line', { text: 'Say that I won the lottery.' }, "Name one of Olo's lines: { messageId } or { greetingOf }."],
    ['nothing', {}, "Name one of Olo's lines: { messageId } or { greetingOf }."],
    ['both a message and a greeting', { messageId: randomUUID(), greetingOf: randomUUID() }, "Name one of Olo's lines: { messageId } or { greetingOf }."],
    ['a message id that is no id', { messageId: 'first' }, 'messageId: That is not a message id.'],
    ['a conversation id that is no id', { greetingOf: 'yesterday' }, 'greetingOf: That is not a conversation id.'],
  ])('answers %s with 400', async (_, request, message) => {
    // Requests the route's types forbid among them, so each is sent raw.
    const response = await (await member(elevenlabs)).client.post('/api/speech', request)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toEqual({ code: 'BAD_REQUEST', message })
    expect(fake.requests).toHaveLength(0)
  })

  it(`allows ${LIMITS.speechPerHour} requests per member per hour, cache hits included`, async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    for (let i = 0; i < LIMITS.speechPerHour; i++) expect((await hear(listener, { messageId: line.messageId })).status).toBe(200)
    const refused = await hear(listener, { messageId: (await opening(listener, 2)).messageId })
    expect(refused.status).toBe(429)
    expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: 'Olo has spoken a lot this hour. Please try again later.' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(fake.requests).toHaveLength(1)

    // The limit is the member's own.
    const other = await member(elevenlabs)
    expect((await hear(other, { messageId: (await opening(other)).messageId })).status).toBe(200)
  })

  it.each([401, 500])('answers a provider %i with 502 carrying that status, caches nothing, and counts what was sent', async (status) => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    fake.failNext(status)
    const failed = await hear(listener, { messageId: line.messageId })
    expect(failed.status).toBe(502)
    expect(await errorOf(failed)).toEqual({ code: 'PROVIDER_FAILED', message: `Olo's voice is unavailable right now (the voice service answered ${status}).` })
    expect(await recordingsOf(elevenlabs, listener.userId)).toEqual([])

    expect((await hear(listener, { messageId: line.messageId })).status).toBe(200)
    expect(fake.requests).toHaveLength(2)
    expect(await charsSpent(elevenlabs, memberBudgetKey(listener.userId))).toBe(2 * line.text.length)
  })

  it(`reads a line longer than ${LIMITS.speechChars} characters to its last whole sentence within them`, async () => {
    const listener = await member(elevenlabs)
    const { conversationId } = await opening(listener)
    const sentence = 'You came back today, and that matters more than you think. '
    const long = sentence.repeat(Math.ceil((LIMITS.speechChars * 2) / sentence.length)).trim()
    const [stored] = await elevenlabs.database.db
      .insert(messages)
      .values({ conversationId, userId: listener.userId, role: 'assistant', content: long })
      .returning({ id: messages.id })

    expect((await hear(listener, { messageId: stored!.id })).status).toBe(200)
    const read = spoken()[0]!
    expect(read).toBe(long.slice(0, read.length))
    expect(read.endsWith('think.')).toBe(true)
    expect(read.length).toBeLessThanOrEqual(LIMITS.speechChars)
    expect(read.length).toBeGreaterThan(LIMITS.speechChars - sentence.length)
    expect(await charsSpent(elevenlabs, memberBudgetKey(listener.userId))).toBe(read.length)
  })
})

describe('each member’s own cache', () => {
  it('gives a line heard before again for nothing: no provider call, no characters spent', async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    expect((await hear(listener, { messageId: line.messageId })).status).toBe(200)
    const again = await hear(listener, { messageId: line.messageId })
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toBe('audio/mpeg')
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(SILENT_MP3)
    expect(fake.requests).toHaveLength(1)
    expect(await charsSpent(elevenlabs, memberBudgetKey(listener.userId))).toBe(line.text.length)
    expect(await charsSpent(elevenlabs, INSTANCE_BUDGET_KEY)).toBeGreaterThanOrEqual(line.text.length)
  })

  it('never answers one member from another’s recordings: the same words are read for each', async () => {
    const first = await member(elevenlabs)
    const second = await member(elevenlabs)
    const [mine, theirs] = [await opening(first), await opening(second)]
    expect(theirs.text).toBe(mine.text)

    expect((await hear(first, { messageId: mine.messageId })).status).toBe(200)
    expect((await hear(second, { messageId: theirs.messageId })).status).toBe(200)
    expect(spoken()).toEqual([mine.text, mine.text])
    expect(await recordingsOf(elevenlabs, first.userId)).toHaveLength(1)
    expect(await recordingsOf(elevenlabs, second.userId)).toHaveLength(1)
  })

  it(`forgets recordings after ${SPEECH_CACHE_DAYS} days: older audio is deleted, and its line read anew`, async () => {
    const { db } = elevenlabs.database
    const listener = await member(elevenlabs)
    const neighbour = await member(elevenlabs)
    const [line, other, theirs] = [await opening(listener), await opening(listener, 2), await opening(neighbour, 3)]
    for (const [who, { messageId }] of [[listener, line], [listener, other], [neighbour, theirs]] as const) expect((await hear(who, { messageId })).status).toBe(200)
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)
    const age = (userId: string, days: number) => db.update(speechCache).set({ createdAt: daysAgo(days) }).where(eq(speechCache.userId, userId))
    await age(listener.userId, SPEECH_CACHE_DAYS + 1)
    await age(neighbour.userId, SPEECH_CACHE_DAYS - 1)

    expect((await hear(listener, { messageId: line.messageId })).status).toBe(200)
    expect(spoken()).toEqual([line.text, other.text, theirs.text, line.text])
    // The line asked for is kept again, young; the other expired one went with the eviction that followed.
    const kept = await recordingsOf(elevenlabs, listener.userId)
    expect(kept).toHaveLength(1)
    expect(kept[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(await recordingsOf(elevenlabs, neighbour.userId)).toHaveLength(1)
  })

  it('the export lists a member’s recordings without their audio, and deleting the account deletes them', async () => {
    const leaving = await member(elevenlabs)
    const staying = await member(elevenlabs)
    for (const who of [leaving, staying]) expect((await hear(who, { messageId: (await opening(who)).messageId })).status).toBe(200)

    const exported = JSON.parse(await (await leaving.client.api.account.export.$get()).text()) as { tables: { speech_cache: Record<string, unknown>[] } }
    expect(exported.tables.speech_cache).toEqual([{ createdAt: expect.any(String) as string, bytes: SILENT_MP3.byteLength, contentType: 'audio/mpeg' }])

    const deleted = await leaving.client.api.account.$delete({ json: { confirmEmail: leaving.email } })
    expect(deleted.status).toBe(204)
    expect(await recordingsOf(elevenlabs, leaving.userId)).toEqual([])
    expect(await recordingsOf(elevenlabs, staying.userId)).toHaveLength(1)
    const { db } = elevenlabs.database
    expect(await db.select().from(rateLimits).where(sql`${rateLimits.key} like ${`%:${leaving.userId}`}`)).toEqual([])
  })
})

describe('daily budgets of characters read', () => {
  /** Spends the member's budget down to `left` characters, as earlier requests of the day would have. */
  async function spendDownTo(server: Server, userId: string, left: number) {
    const spent = await charsSpent(server, memberBudgetKey(userId))
    await hitRateLimit(server.database.db, memberBudgetKey(userId), LIMITS.speechCharsPerDay, DAY_MS, Date.now(), LIMITS.speechCharsPerDay - left - spent)
  }

  it(`refuses a member past ${LIMITS.speechCharsPerDay} characters a day with 429, Retry-After and its own message, and keeps what they heard`, async () => {
    const listener = await member(elevenlabs)
    const [heard, fresh] = [await opening(listener), await opening(listener, 2)]
    expect((await hear(listener, { messageId: heard.messageId })).status).toBe(200)
    await spendDownTo(elevenlabs, listener.userId, fresh.text.length - 1)

    const refused = await hear(listener, { messageId: fresh.messageId })
    expect(refused.status).toBe(429)
    expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: MEMBER_BUDGET_SPENT })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 60)
    expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000)
    // The refused reservation was given back, and nothing was read.
    expect(await charsSpent(elevenlabs, memberBudgetKey(listener.userId))).toBe(LIMITS.speechCharsPerDay - fresh.text.length + 1)
    expect(fake.requests).toHaveLength(1)

    // What they heard before still plays: a recording costs nothing.
    expect((await hear(listener, { messageId: heard.messageId })).status).toBe(200)
    // The budget is theirs alone.
    const other = await member(elevenlabs)
    expect((await hear(other, { messageId: (await opening(other, 2)).messageId })).status).toBe(200)
  })

  it('lets parallel requests take no more than the member’s budget', async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    const room = Math.floor(line.text.length * 2.5)
    await spendDownTo(elevenlabs, listener.userId, room)
    // The voice holds its answers, so no request finds another's recording: every one of them needs the budget.
    const release = fake.hold()
    const statuses: number[] = []
    const answers = Array.from({ length: 8 }, () => hear(listener, { messageId: line.messageId }).then((a) => void statuses.push(a.status)))
    await expect.poll(() => statuses.length).toBe(6)
    await expect.poll(() => fake.requests.length).toBe(2)
    expect(statuses).toEqual([429, 429, 429, 429, 429, 429])
    release()
    await Promise.all(answers)
    expect(statuses.slice(6)).toEqual([200, 200])
    expect(await charsSpent(elevenlabs, memberBudgetKey(listener.userId))).toBe(LIMITS.speechCharsPerDay - room + 2 * line.text.length)
  })

  describe(`the instance's, from TTS_DAILY_CHAR_BUDGET (${INSTANCE_BUDGET} here)`, () => {
    beforeEach(async () => {
      await frugal.database.db.delete(rateLimits).where(eq(rateLimits.key, INSTANCE_BUDGET_KEY))
    })

    it('refuses everyone once the day’s characters are read, with its own message, and gives the member’s reservation back', async () => {
      const first = await member(frugal)
      const second = await member(frugal)
      const line = await opening(first)
      expect((await hear(first, { messageId: line.messageId })).status).toBe(200)

      const refused = await hear(second, { messageId: (await opening(second, 2)).messageId })
      expect(refused.status).toBe(429)
      expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: INSTANCE_BUDGET_SPENT })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(DAY_MS / 1000 - 60)
      expect(await charsSpent(frugal, INSTANCE_BUDGET_KEY)).toBe(line.text.length)
      expect(await charsSpent(frugal, memberBudgetKey(second.userId))).toBe(0)
      expect(fake.requests).toHaveLength(1)
    })

    it('lets parallel requests of many members take no more than it', async () => {
      const listeners: Member[] = []
      const lines: { messageId: string }[] = []
      for (let i = 0; i < 6; i++) {
        listeners.push(await member(frugal))
        lines.push(await opening(listeners[i]!, 1 + (i % 3)))
      }
      const answers = await Promise.all(listeners.map((who, i) => hear(who, { messageId: lines[i]!.messageId })))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429])
      expect(fake.requests).toHaveLength(1)
      expect(await charsSpent(frugal, INSTANCE_BUDGET_KEY)).toBe(spoken()[0]!.length)
    })
  })
})

describe('speech with an OpenAI-compatible server', () => {
  it('asks for MP3 at /audio/speech with a bearer token', async () => {
    const listener = await member(openai)
    const line = await opening(listener)
    const response = await hear(listener, { messageId: line.messageId })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SILENT_MP3)

    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/audio/speech',
      headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' },
      body: { model: 'tts-1-hd', input: line.text, voice: 'nova', response_format: 'mp3' },
    })
    expect(fake.requests[0]!.headers['xi-api-key']).toBeUndefined()
  })
})

describe('speech with the browser voice', () => {
  it('answers 404: the web speaks for itself', async () => {
    const listener = await member(browser)
    const response = await hear(listener, { messageId: (await opening(listener)).messageId })
    expect(response.status).toBe(404)
    expect(await errorOf(response)).toEqual({ code: 'NOT_FOUND', message: "Olo speaks with your browser's voice here." })
  })
})

describe('withinSpeechLimit', () => {
  it('keeps a line within the limit as it is', () => {
    expect(withinSpeechLimit('Breathe in. Breathe out.', 24)).toBe('Breathe in. Breathe out.')
  })

  it('cuts at the last sentence end within the limit, closing quotes included', () => {
    expect(withinSpeechLimit('One. Two! Three? Four and more words here.', 20)).toBe('One. Two! Three?')
    expect(withinSpeechLimit('You said “enough.” Then you rested well.', 19)).toBe('You said “enough.”')
    expect(withinSpeechLimit('Rest now. Then go on', 9)).toBe('Rest now.')
  })

  it('cuts at the last space when no sentence ends in time, and inside a word only when it must', () => {
    expect(withinSpeechLimit('a slow breath in and a slow breath out', 16)).toBe('a slow breath in')
    expect(withinSpeechLimit('Supercalifragilistic', 5)).toBe('Super')
    expect(withinSpeechLimit('abcd🌊🌊', 5)).toBe('abcd')
  })
})

describe('synthesize', () => {
  const tts = (overrides: Partial<ServerTts> = {}): ServerTts => ({ provider: 'elevenlabs', baseUrl: fake.url, apiKey: 'k', voiceId: undefined, model: undefined, ...overrides })
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected a failure'),
      (err: unknown) => (err instanceof VoiceProviderError ? err.failure : err),
    )

  it('uses the fixed voice and monolingual model when none is configured', async () => {
    await synthesize(tts(), 'Hello.', new AbortController().signal)
    expect(fake.requests[0]).toMatchObject({ path: `/v1/text-to-speech/${ELEVENLABS.voiceId}`, body: { model_id: 'eleven_monolingual_v1' } })
  })

  it('sends no Authorization header to an OpenAI-compatible server without a key, and fills in its defaults', async () => {
    await synthesize(tts({ provider: 'openai-compatible', baseUrl: `${fake.url}/v1/`, apiKey: undefined }), 'Hello.', new AbortController().signal)
    expect(fake.requests[0]!.path).toBe('/v1/audio/speech')
    expect(fake.requests[0]!.headers.authorization).toBeUndefined()
    expect(fake.requests[0]!.body).toEqual({ model: 'tts-1', input: 'Hello.', voice: 'alloy', response_format: 'mp3' })
  })

  it('gives up on a voice that does not answer in time', async () => {
    shortenVoiceTimeout()
    fake.stallNext()
    expect(await failureOf(synthesize(tts(), 'Hello.', new AbortController().signal))).toEqual({ reason: 'timeout' })
  })

  it('fails cleanly when the voice cannot be reached', async () => {
    expect(await failureOf(synthesize(tts({ baseUrl: 'http://127.0.0.1:9' }), 'Hello.', new AbortController().signal))).toEqual({ reason: 'unreachable' })
  })

  it('refuses a 200 that is not audio, so it is never cached', async () => {
    fake.failNext(200)
    expect(await failureOf(synthesize(tts(), 'Hello.', new AbortController().signal))).toEqual({ reason: 'not-audio' })
  })

  it('passes the listener leaving on as an abort, not as a provider failure', async () => {
    fake.stallNext()
    const leaving = new AbortController()
    const pending = synthesize(tts(), 'Hello.', leaving.signal)
    // Leaves once the voice has the request, so the stall is used by this test and not left for the next.
    await expect.poll(() => fake.requests.length).toBe(1)
    leaving.abort()
    const err = await failureOf(pending)
    expect(err).toBeInstanceOf(Error)
    expect((err as Error).name).toBe('AbortError')
  })
})

describe('speech routes with a voice configured here', () => {
  const lines: string[] = []
  const logger = pino({ level: 'warn', base: undefined }, new Writable({ write: (chunk: Buffer, _, done) => void (lines.push(chunk.toString()), done()) }))
  beforeEach(() => {
    lines.length = 0
  })

  /** The speech routes alone, for one member, on the ElevenLabs server's database, with this voice and the captured logger. */
  function mount(listener: Member, tts: Partial<Config['tts']>) {
    const config = { ...elevenlabs.config, tts: { ...elevenlabs.config.tts, ...tts } }
    const { db } = elevenlabs.database
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('user', { id: listener.userId, email: listener.email, name: 'Listener' })
        await next()
      })
      .route('/speech', speechRoutes({ config, db, olo: createOlo({ db, config, logger }), logger }))
    app.onError(errorHandler(logger))
    return (request: SpeechRequest, signal?: AbortSignal) =>
      app.request('/speech', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), signal })
  }

  it('keeps one recording per provider, voice and model', async () => {
    const listener = await member(elevenlabs)
    const line = { messageId: (await opening(listener)).messageId }
    const speakers = [
      mount(listener, {}),
      mount(listener, { voiceId: 'voice-456' }),
      mount(listener, { model: 'eleven_turbo_v2' }),
      mount(listener, { provider: 'openai-compatible', voiceId: 'voice-123', model: 'eleven_monolingual_v1' }),
    ]
    for (const speak of speakers) expect((await speak(line)).status).toBe(200)
    for (const speak of speakers) expect((await speak(line)).status).toBe(200)
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/text-to-speech/voice-123', '/v1/text-to-speech/voice-456', '/v1/text-to-speech/voice-123', '/audio/speech'])
  })

  it('keeps the cache within TTS_CACHE_MAX_MB, the oldest recordings going first', async () => {
    const { db } = elevenlabs.database
    await db.delete(speechCache)
    const listener = await member(elevenlabs)
    const speak = mount(listener, { cacheMaxBytes: 2 * SILENT_MP3.byteLength })
    const [first, second, third] = [await opening(listener, 1), await opening(listener, 2), await opening(listener, 3)]
    for (const { messageId } of [first, second, third]) expect((await speak({ messageId })).status).toBe(200)
    const kept = async () => (await db.select({ bytes: speechCache.bytes }).from(speechCache)).map((r) => r.bytes)
    expect(await kept()).toEqual([SILENT_MP3.byteLength, SILENT_MP3.byteLength])

    // The first line went: asked for again, it is read anew, and the second, now the oldest, makes room for it.
    expect((await speak({ messageId: first!.messageId })).status).toBe(200)
    expect(await kept()).toHaveLength(2)
    expect((await speak({ messageId: third!.messageId })).status).toBe(200)
    expect(spoken()).toEqual([first!.text, second!.text, third!.text, first!.text])
  })

  it('logs the provider and status of a failure, never the words or the key', async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    const speak = mount(listener, { apiKey: 'secret-key-42' })
    fake.failNext(503)
    expect((await speak({ messageId: line.messageId })).status).toBe(502)
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'voice provider failed', provider: 'elevenlabs', reason: 'status', status: 503 })
    expect(lines[0]).not.toContain(line.text.slice(0, 20))
    expect(lines[0]).not.toContain('secret-key-42')
  })

  it('logs nothing when the listener leaves before the voice answers', async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    fake.stallNext()
    const leaving = new AbortController()
    const pending = mount(listener, {})({ messageId: line.messageId }, leaving.signal)
    await expect.poll(() => fake.requests.length).toBe(1)
    leaving.abort()
    const response = await pending
    expect(await errorOf(response)).toEqual({ code: 'PROVIDER_FAILED', message: 'The request was cancelled.' })
    expect(lines).toEqual([])
  })

  it('answers 502 saying the voice took too long when it passes the time limit', async () => {
    const listener = await member(elevenlabs)
    const line = await opening(listener)
    shortenVoiceTimeout()
    fake.stallNext()
    const response = await mount(listener, {})({ messageId: line.messageId })
    expect(response.status).toBe(502)
    expect(await errorOf(response)).toEqual({ code: 'PROVIDER_FAILED', message: "Olo's voice took too long to answer. Please try again." })
    expect(JSON.parse(lines[0]!)).toMatchObject({ provider: 'elevenlabs', reason: 'timeout' })
  })
})

/** Waiting out the real 30 s would stall the suite; the provider must still ask for exactly that long. */
function shortenVoiceTimeout() {
  const timeout = AbortSignal.timeout.bind(AbortSignal)
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    expect(ms).toBe(VOICE_TIMEOUT_MS)
    return timeout(100)
  })
}
