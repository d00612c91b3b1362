import { Writable } from 'node:stream'
import { Hono } from 'hono'
import pino from 'pino'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '~/server/auth/routes'
import { errorHandler } from '~/server/http'
import { SILENT_WAV, startFakeVoice } from '../../../../tests/support/fake-voice'
import { createTestServer, json } from '../../../../tests/support/server'
import { ELEVENLABS, synthesize, VOICE_TIMEOUT_MS, VoiceProviderError, type ServerTts } from './providers'
import { speechRoutes } from './routes'

const fake = await startFakeVoice()
afterAll(() => fake.close())
beforeEach(() => {
  fake.requests.length = 0
})
afterEach(() => {
  vi.restoreAllMocks()
  fake.releaseHeld()
})

const elevenlabs = await createTestServer({ TTS_PROVIDER: 'elevenlabs', TTS_BASE_URL: fake.url, TTS_API_KEY: 'test-key', TTS_VOICE_ID: 'voice-123' })
const openai = await createTestServer({ TTS_PROVIDER: 'openai-compatible', TTS_BASE_URL: fake.url, TTS_API_KEY: 'test-key', TTS_VOICE_ID: 'nova', TTS_MODEL: 'tts-1-hd' })
const browser = await createTestServer()

type Server = typeof elevenlabs
const listener = async (server: Server) => (await server.signedInClient('speech')).client
const errorOf = async (response: Response) => (await json<{ error: { code: string; message: string } }>(response)).error

describe('speech with ElevenLabs', () => {
  it('sends the path, headers and body of SPEC §7, and hands the audio back as it came', async () => {
    const client = await listener(elevenlabs)
    const response = await client.post('/api/speech', { text: '  Take a slow breath with me.  ' })

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/wav')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SILENT_WAV)

    expect(fake.requests).toHaveLength(1)
    const [request] = fake.requests
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/text-to-speech/voice-123',
      headers: { accept: 'audio/mpeg', 'content-type': 'application/json', 'xi-api-key': 'test-key' },
    })
    expect(request!.headers.authorization).toBeUndefined()
    expect(request!.body).toEqual({
      text: 'Take a slow breath with me.',
      model_id: 'eleven_monolingual_v1',
      voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
    })
  })

  it('reads a line once: the same words again, from anyone, come from the cache; other words are read anew', async () => {
    const first = await listener(elevenlabs)
    expect((await first.post('/api/speech', { text: 'You showed up today.' })).status).toBe(200)
    const again = await first.post('/api/speech', { text: 'You showed up today. ' })
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toBe('audio/wav')
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(SILENT_WAV)
    const other = await listener(elevenlabs)
    expect((await other.post('/api/speech', { text: 'You showed up today.' })).status).toBe(200)
    expect(fake.requests).toHaveLength(1)

    expect((await first.post('/api/speech', { text: 'You showed up again.' })).status).toBe(200)
    expect(fake.requests.map((r) => (r.body as { text: string }).text)).toEqual(['You showed up today.', 'You showed up again.'])
  })

  it('needs a session', async () => {
    const response = await elevenlabs.client().post('/api/speech', { text: 'Hello.' })
    expect(response.status).toBe(401)
    expect(fake.requests).toHaveLength(0)
  })

  it.each([
    ['empty text', ''],
    ['only spaces', '   '],
    [`more than ${LIMITS.speechChars} characters`, 'a'.repeat(LIMITS.speechChars + 1)],
  ])('answers %s with 400', async (_, text) => {
    const client = await listener(elevenlabs)
    const response = await client.post('/api/speech', { text })
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^text: /) as string })
    expect(fake.requests).toHaveLength(0)
  })

  it(`reads exactly ${LIMITS.speechChars} characters`, async () => {
    const client = await listener(elevenlabs)
    expect((await client.post('/api/speech', { text: 'b'.repeat(LIMITS.speechChars) })).status).toBe(200)
  })

  it(`allows ${LIMITS.speechPerHour} requests per user per hour, cache hits included`, async () => {
    const client = await listener(elevenlabs)
    for (let i = 0; i < LIMITS.speechPerHour; i++) {
      expect((await client.post('/api/speech', { text: 'One more time.' })).status).toBe(200)
    }
    const refused = await client.post('/api/speech', { text: 'A brand new line.' })
    expect(refused.status).toBe(429)
    expect((await errorOf(refused)).code).toBe('RATE_LIMITED')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(fake.requests).toHaveLength(1)

    // The limit is the user's own.
    expect((await (await listener(elevenlabs)).post('/api/speech', { text: 'One more time.' })).status).toBe(200)
  })

  it.each([401, 500])('answers a provider %i with 502 carrying that status, and caches nothing', async (status) => {
    const client = await listener(elevenlabs)
    fake.failNext(status)
    const failed = await client.post('/api/speech', { text: `Status ${status} first.` })
    expect(failed.status).toBe(502)
    expect(await errorOf(failed)).toEqual({ code: 'PROVIDER_FAILED', message: `Olo's voice is unavailable right now (the voice service answered ${status}).` })

    expect((await client.post('/api/speech', { text: `Status ${status} first.` })).status).toBe(200)
    expect(fake.requests).toHaveLength(2)
  })
})

describe('speech with an OpenAI-compatible server', () => {
  it('asks for MP3 at /audio/speech with a bearer token', async () => {
    const client = await listener(openai)
    const response = await client.post('/api/speech', { text: 'Notice your feet on the floor.' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/wav')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SILENT_WAV)

    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/audio/speech',
      headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' },
      body: { model: 'tts-1-hd', input: 'Notice your feet on the floor.', voice: 'nova', response_format: 'mp3' },
    })
    expect(fake.requests[0]!.headers['xi-api-key']).toBeUndefined()
  })
})

describe('speech with the browser voice', () => {
  it('answers 404: the web speaks for itself', async () => {
    const client = await listener(browser)
    const response = await client.post('/api/speech', { text: 'Hello.' })
    expect(response.status).toBe(404)
    expect(await errorOf(response)).toEqual({ code: 'NOT_FOUND', message: "Olo speaks with your browser's voice here." })
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

describe('speech routes on one database', () => {
  const lines: string[] = []
  const logger = pino({ level: 'warn', base: undefined }, new Writable({ write: (chunk: Buffer, _, done) => void (lines.push(chunk.toString()), done()) }))
  beforeEach(() => {
    lines.length = 0
  })

  /** The speech routes alone, for one user, with a voice configured here and the captured logger. */
  function mount(tts: Partial<ServerTts>) {
    const config = { ...elevenlabs.config, tts: { ...elevenlabs.config.tts, ...tts } }
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('user', { id: 'direct-user', email: 'direct@example.com', name: 'Direct' })
        await next()
      })
      .route('/speech', speechRoutes({ config, db: elevenlabs.database.db, logger }))
    app.onError(errorHandler(logger))
    return (text: string, signal?: AbortSignal) =>
      app.request('/speech', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }), signal })
  }

  it('keeps one recording per provider, voice and model', async () => {
    const text = 'The same words in other voices.'
    const speakers = [
      mount({}),
      mount({ voiceId: 'voice-456' }),
      mount({ model: 'eleven_turbo_v2' }),
      mount({ provider: 'openai-compatible', voiceId: 'voice-123', model: 'eleven_monolingual_v1' }),
    ]
    for (const speak of speakers) expect((await speak(text)).status).toBe(200)
    for (const speak of speakers) expect((await speak(text)).status).toBe(200)
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/text-to-speech/voice-123', '/v1/text-to-speech/voice-456', '/v1/text-to-speech/voice-123', '/audio/speech'])
  })

  it('logs the provider and status of a failure, never the words or the key', async () => {
    const speak = mount({ apiKey: 'secret-key-42' })
    fake.failNext(503)
    expect((await speak('A private thought.')).status).toBe(502)
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'voice provider failed', provider: 'elevenlabs', reason: 'status', status: 503 })
    expect(lines[0]).not.toContain('private')
    expect(lines[0]).not.toContain('secret-key-42')
  })

  it('logs nothing when the listener leaves before the voice answers', async () => {
    fake.stallNext()
    const leaving = new AbortController()
    const pending = mount({})('Audio turned off.', leaving.signal)
    await expect.poll(() => fake.requests.length).toBe(1)
    leaving.abort()
    const response = await pending
    expect(await errorOf(response)).toEqual({ code: 'PROVIDER_FAILED', message: 'The request was cancelled.' })
    expect(lines).toEqual([])
  })

  it('answers 502 saying the voice took too long when it passes the time limit', async () => {
    shortenVoiceTimeout()
    fake.stallNext()
    const response = await mount({})('A line nobody reads.')
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
