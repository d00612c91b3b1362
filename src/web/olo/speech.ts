import type { InferRequestType } from 'hono/client'
import { ERROR_STATUS } from '~/core/api-errors'
import type { VoiceProvider } from '~/core/olo'
import { api } from '~/web/api'

/** How a line went: heard, not voiced (no usable voice: the reader needs reading time), or the voice failed. */
export type SpeechOutcome = 'spoken' | 'silent' | 'failed'

/**
 * One of Olo's lines: its words, which the browser's voice reads, and what names it to the server's voice, which reads
 * only what it finds under that name (docs/decisions/0015-speech-by-reference.md).
 */
export interface OloLine {
  text: string
  ref: InferRequestType<typeof api.speech.$post>['json']
}

export interface Speaker {
  /** Speaks the line; resolves when it ends, fails, or `signal` stops it. */
  speak(line: OloLine, signal: AbortSignal): Promise<SpeechOutcome>
}

/** Olo's voice: the server's voice provider when configured, else the browser's own (docs/product.md#voice). */
export function createSpeaker(source: VoiceProvider): Speaker {
  return source === 'browser' ? browserSpeaker : serverSpeaker
}

const synthesis = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null
// Browsers load their voice list lazily; asking early means it is usually ready by Olo's first line.
synthesis?.getVoices()

function voiceList(): Promise<SpeechSynthesisVoice[]> {
  const voices = synthesis?.getVoices() ?? []
  if (!synthesis || voices.length) return Promise.resolve(voices)
  return new Promise((resolve) => {
    const settle = () => {
      synthesis.removeEventListener('voiceschanged', settle)
      clearTimeout(timer)
      resolve(synthesis.getVoices())
    }
    const timer = setTimeout(settle, 300)
    synthesis.addEventListener('voiceschanged', settle)
  })
}

const browserSpeaker: Speaker = {
  async speak({ text }, signal) {
    const voices = await voiceList()
    if (!synthesis || voices.length === 0) return 'silent'
    const voice = voices.find((v) => v.lang.startsWith('en') && v.localService) ?? voices.find((v) => v.lang.startsWith('en')) ?? voices[0]
    const stop = () => synthesis.cancel()
    signal.addEventListener('abort', stop, { once: true })
    try {
      // Chrome cuts utterances after about 15 s, so Olo speaks a sentence at a time.
      for (const sentence of text.split(/(?<=[.!?])\s+/).filter(Boolean)) {
        if (signal.aborted) return 'spoken'
        const ended = await utter(sentence, voice!)
        if (!ended) return 'failed'
      }
      return 'spoken'
    } finally {
      signal.removeEventListener('abort', stop)
    }
  },
}

function utter(sentence: string, voice: SpeechSynthesisVoice): Promise<boolean> {
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(sentence)
    utterance.voice = voice
    utterance.lang = voice.lang
    utterance.onend = () => resolve(true)
    // 'interrupted' and 'canceled' are Olo being stopped on purpose, not a broken voice.
    utterance.onerror = (event) => resolve(event.error === 'interrupted' || event.error === 'canceled')
    synthesis!.speak(utterance)
  })
}

/**
 * The server voice's refusals the browser's voice stands in for: a daily budget spent (429) or a line the server won't
 * read (404); the reader gets the reading time when the browser has no voice either. A failing provider (502) is a
 * failed line instead (docs/product.md#voice), which frees the chat at once.
 */
const BROWSER_READS_INSTEAD = new Set<number>([ERROR_STATUS.RATE_LIMITED, ERROR_STATUS.NOT_FOUND])

const serverSpeaker: Speaker = {
  async speak(line, signal) {
    let url: string | undefined
    try {
      const response = await api.speech.$post({ json: line.ref }, { init: { signal } })
      if (BROWSER_READS_INSTEAD.has(response.status)) return await browserSpeaker.speak(line, signal)
      if (!response.ok) return 'failed'
      url = URL.createObjectURL(await response.blob())
      const audio = new Audio(url)
      return await new Promise<SpeechOutcome>((resolve) => {
        const stop = () => {
          audio.pause()
          resolve('spoken')
        }
        signal.addEventListener('abort', stop, { once: true })
        audio.onended = () => resolve('spoken')
        audio.onerror = () => resolve('failed')
        audio.play().catch(() => resolve('failed'))
      })
    } catch {
      return signal.aborted ? 'spoken' : 'failed'
    } finally {
      if (url) URL.revokeObjectURL(url)
    }
  },
}
