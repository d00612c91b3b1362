import type { Config } from '../../config'

type TtsConfig = Config['tts']
/** A voice served from here, as opposed to the browser's own: what a request to it needs. */
export type ServerTts = Pick<TtsConfig, 'baseUrl' | 'apiKey' | 'voiceId' | 'model'> & { provider: Exclude<TtsConfig['provider'], 'browser'> }

/** A request to a voice that passes this fails cleanly instead of holding the user's turn. */
export const VOICE_TIMEOUT_MS = 30_000

/**
 * One fixed voice, a fixed monolingual model and fixed settings (docs/product.md#voice); the environment may name
 * others.
 */
export const ELEVENLABS = {
  baseUrl: 'https://api.elevenlabs.io',
  voiceId: '21m00Tcm4TlvDq8ikWAM',
  model: 'eleven_monolingual_v1',
  voiceSettings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
} as const

const OPENAI_COMPATIBLE = {
  baseUrl: 'https://api.openai.com/v1',
  voiceId: 'alloy',
  model: 'tts-1',
} as const

const DEFAULTS = { elevenlabs: ELEVENLABS, 'openai-compatible': OPENAI_COMPATIBLE } satisfies Record<ServerTts['provider'], { voiceId: string; model: string }>

export interface Speech {
  audio: Uint8Array<ArrayBuffer>
  contentType: string
}

export type VoiceFailure = { reason: 'status'; status: number } | { reason: 'timeout' } | { reason: 'unreachable' } | { reason: 'not-audio' }

/** The voice service did not give us audio; carries why, so the user can be told (docs/product.md#voice). */
export class VoiceProviderError extends Error {
  constructor(readonly failure: VoiceFailure) {
    super(`voice provider failed: ${failure.reason === 'status' ? failure.status : failure.reason}`)
  }
}

/** The voice and model a request will use, defaults filled in: they are part of what makes two recordings the same. */
export function resolveVoice(tts: ServerTts) {
  const defaults = DEFAULTS[tts.provider]
  return { voiceId: tts.voiceId ?? defaults.voiceId, model: tts.model ?? defaults.model }
}

function buildRequest(tts: ServerTts, text: string): { url: string; headers: Record<string, string>; body: unknown } {
  const { voiceId, model } = resolveVoice(tts)
  const headers: Record<string, string> = { Accept: 'audio/mpeg', 'Content-Type': 'application/json' }
  if (tts.provider === 'elevenlabs') {
    if (tts.apiKey) headers['xi-api-key'] = tts.apiKey
    return {
      url: `${trimSlash(tts.baseUrl ?? ELEVENLABS.baseUrl)}/v1/text-to-speech/${encodeURIComponent(voiceId)}`,
      headers,
      body: { text, model_id: model, voice_settings: ELEVENLABS.voiceSettings },
    }
  }
  // A local server may need no key at all.
  if (tts.apiKey) headers.Authorization = `Bearer ${tts.apiKey}`
  return {
    url: `${trimSlash(tts.baseUrl ?? OPENAI_COMPATIBLE.baseUrl)}/audio/speech`,
    headers,
    body: { model, input: text, voice: voiceId, response_format: 'mp3' },
  }
}

/**
 * Asks the configured voice service to read `text` aloud.
 * Throws VoiceProviderError when it can't; an abort by `signal` (the listener left) is rethrown as it is.
 */
export async function synthesize(tts: ServerTts, text: string, signal: AbortSignal): Promise<Speech> {
  const { url, headers, body } = buildRequest(tts, text)
  const timeout = AbortSignal.timeout(VOICE_TIMEOUT_MS)
  try {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.any([signal, timeout]) })
    if (!response.ok) {
      // The body may echo the text or an account detail; only the status travels on.
      await response.body?.cancel()
      throw new VoiceProviderError({ reason: 'status', status: response.status })
    }
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
    const audio = new Uint8Array(await response.arrayBuffer())
    // Whatever is returned here is cached and played, so an error page sent with 200 must not get in.
    if (audio.byteLength === 0 || !contentType.startsWith('audio/')) throw new VoiceProviderError({ reason: 'not-audio' })
    return { audio, contentType }
  } catch (err) {
    if (err instanceof VoiceProviderError || signal.aborted) throw err
    if (timeout.aborted) throw new VoiceProviderError({ reason: 'timeout' })
    throw new VoiceProviderError({ reason: 'unreachable' })
  }
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, '')
}
