import { Hono } from 'hono'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '../../auth/routes'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { ApiError, validate } from '../../http'
import type { Logger } from '../../logger'
import type { Olo } from '../engine'
import { hitRateLimit } from '../../rate-limit'
import { reserveSpeech } from './budget'
import { evictRecordings, findRecording, keepRecording, recordingKey } from './cache'
import { lineToRead } from './lines'
import { resolveVoice, synthesize, VoiceProviderError, type ServerTts, type VoiceFailure } from './providers'
import { speechRequestSchema } from './schema'

const HOUR = 60 * 60_000

/**
 * POST /api/speech (signed in): one of Olo's lines, named by its message or its conversation's greeting, as audio;
 * from the member's own cache when they heard it before, else read by the voice provider within the daily budgets.
 */
export function speechRoutes({ config, db, olo, logger }: { config: Config; db: Db; olo: Olo; logger: Logger }) {
  const { provider, baseUrl, apiKey, voiceId, model, dailyCharBudget, cacheMaxBytes } = config.tts
  const tts: ServerTts | null = provider === 'browser' ? null : { provider, baseUrl, apiKey, voiceId, model }

  return new Hono<AppEnv>().post('/', validate('json', speechRequestSchema), async (c) => {
    if (!tts) throw new ApiError('NOT_FOUND', "Olo speaks with your browser's voice here.")
    const userId = c.get('user').id

    // Cache hits count too: the limit is on what a member can ask for, not on what it costs.
    const hit = await hitRateLimit(db, `speech:${userId}`, LIMITS.speechPerHour, HOUR)
    if (!hit.allowed) throw new ApiError('RATE_LIMITED', 'Olo has spoken a lot this hour. Please try again later.', { 'Retry-After': String(hit.retryAfter) })

    const text = await lineToRead(db, olo, userId, c.req.valid('json'))
    const hash = recordingKey(userId, { provider: tts.provider, ...resolveVoice(tts) }, text)
    const cached = await findRecording(db, userId, hash)
    if (cached) return c.body(new Uint8Array(cached.audio), 200, audioHeaders(cached.contentType))

    await reserveSpeech(db, { userId, chars: text.length, instanceBudget: dailyCharBudget })
    const speech = await synthesize(tts, text, c.req.raw.signal).catch((err: unknown) => {
      // The listener went away (audio turned off): nobody reads this answer, and it is no provider failure.
      if (c.req.raw.signal.aborted) throw new ApiError('PROVIDER_FAILED', 'The request was cancelled.')
      if (!(err instanceof VoiceProviderError)) throw err
      logger.warn({ provider: tts.provider, ...err.failure }, 'voice provider failed')
      throw new ApiError('PROVIDER_FAILED', failureMessage(err.failure))
    })
    await keepRecording(db, { hash, userId, speech })
    await evictRecordings(db, cacheMaxBytes)
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
