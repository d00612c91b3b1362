import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '../../auth/routes'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { speechCache } from '../../db/schema'
import { ApiError, validate } from '../../http'
import type { Logger } from '../../logger'
import { hitRateLimit } from '../../rate-limit'
import { resolveVoice, synthesize, VoiceProviderError, type ServerTts, type VoiceFailure } from './providers'
import { speechRequestSchema } from './schema'

const HOUR = 60 * 60_000

/** POST /api/speech (signed in): Olo's line as audio, from the cache when the same words were read in the same voice before. */
export function speechRoutes({ config, db, logger }: { config: Config; db: Db; logger: Logger }) {
  const { provider } = config.tts
  const tts: ServerTts | null = provider === 'browser' ? null : { ...config.tts, provider }

  return new Hono<AppEnv>().post('/', validate('json', speechRequestSchema), async (c) => {
    if (!tts) throw new ApiError('NOT_FOUND', "Olo speaks with your browser's voice here.")
    const { text } = c.req.valid('json')

    // Cache hits count too: the limit is on what a user can ask for, not on what it costs.
    const hit = await hitRateLimit(db, `speech:${c.get('user').id}`, LIMITS.speechPerHour, HOUR)
    if (!hit.allowed) throw new ApiError('RATE_LIMITED', 'Olo has spoken a lot this hour. Please try again later.', { 'Retry-After': String(hit.retryAfter) })

    const { voiceId, model } = resolveVoice(tts)
    const userId = c.get('user').id
    const hash = createHash('sha256').update(JSON.stringify([userId, tts.provider, voiceId, model, text])).digest('hex')
    const [cached] = await db.select({ contentType: speechCache.contentType, audio: speechCache.audio }).from(speechCache).where(eq(speechCache.hash, hash))
    if (cached) return c.body(new Uint8Array(cached.audio), 200, audioHeaders(cached.contentType))

    const speech = await synthesize(tts, text, c.req.raw.signal).catch((err: unknown) => {
      // The listener went away (audio turned off): nobody reads this answer, and it is no provider failure.
      if (c.req.raw.signal.aborted) throw new ApiError('PROVIDER_FAILED', 'The request was cancelled.')
      if (!(err instanceof VoiceProviderError)) throw err
      logger.warn({ provider: tts.provider, ...err.failure }, 'voice provider failed')
      throw new ApiError('PROVIDER_FAILED', failureMessage(err.failure))
    })
    // Another instance may have read the same line meanwhile; either recording will do.
    await db.insert(speechCache).values({ hash, userId, contentType: speech.contentType, audio: speech.audio, bytes: speech.audio.byteLength }).onConflictDoNothing()
    return c.body(speech.audio, 200, audioHeaders(speech.contentType))
  })
}

function audioHeaders(contentType: string) {
  return { 'Content-Type': contentType, 'Cache-Control': 'no-store' }
}

function failureMessage(failure: VoiceFailure): string {
  switch (failure.reason) {
    case 'status':
      return `Olo's voice is unavailable right now (the voice service answered ${failure.status}).`
    case 'timeout':
      return "Olo's voice took too long to answer. Please try again."
    case 'unreachable':
      return "Olo's voice is unavailable right now (the voice service could not be reached)."
    case 'not-audio':
      return "Olo's voice is unavailable right now (the voice service sent no audio)."
  }
}
