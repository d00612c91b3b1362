import { useEffect, useRef, useState } from 'react'

/** The part of the Web Speech API dictation uses; browsers that have it name it `SpeechRecognition` or, in Chromium, with a prefix. */
interface Recognition {
  lang: string
  continuous: boolean
  interimResults: boolean
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null
  onend: (() => void) | null
  onerror: ((event: { error: string }) => void) | null
  start(): void
  stop(): void
}
type RecognitionConstructor = new () => Recognition

declare global {
  interface Window {
    SpeechRecognition?: RecognitionConstructor
    webkitSpeechRecognition?: RecognitionConstructor
  }
}

/**
 * What Dictate says when the browser stops listening for a reason the member can act on, by the Web Speech API's error
 * code. Chromium turns speech into text on a server, so offline it fails with 'network'; the other codes ('no-speech',
 * 'aborted') need no words, since pressing Dictate again is all there is to do.
 */
const DICTATION_PROBLEMS: Record<string, string> = {
  network: 'Dictation needs a connection in this browser. You can go on typing.',
  'not-allowed': "Dictation needs the microphone. Allow it for Lumin in your browser's settings, or go on typing.",
  'service-not-allowed': "Dictation needs the microphone. Allow it for Lumin in your browser's settings, or go on typing.",
  'audio-capture': 'No microphone was found. You can go on typing.',
}

function recognitionConstructor(): RecognitionConstructor | undefined {
  return window.SpeechRecognition ?? window.webkitSpeechRecognition
}

/**
 * Speech turned into text by the browser, for the journal's Dictate button (docs/product.md#journal): `supported` is
 * false where the browser can't, and then there is no button. Each finished phrase goes to `onWords`; `problem` says why
 * listening stopped, when the member can do something about it, until Dictate is pressed again.
 */
export function useDictation(onWords: (words: string) => void) {
  const [supported] = useState(() => recognitionConstructor() !== undefined)
  const [listening, setListening] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const recognition = useRef<Recognition | null>(null)
  const latest = useRef(onWords)
  useEffect(() => {
    latest.current = onWords
  })
  // Leaving the screen stops the microphone.
  useEffect(() => () => recognition.current?.stop(), [])

  function start() {
    const Constructor = recognitionConstructor()
    if (!Constructor || recognition.current) return
    const listener = new Constructor()
    listener.lang = 'en'
    listener.continuous = true
    listener.interimResults = false
    listener.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]
        const words = result?.[0]?.transcript.trim()
        if (result?.isFinal && words) latest.current(words)
      }
    }
    const stopped = () => {
      recognition.current = null
      setListening(false)
    }
    listener.onend = stopped
    listener.onerror = (event) => {
      setProblem(DICTATION_PROBLEMS[event.error] ?? null)
      stopped()
    }
    recognition.current = listener
    setProblem(null)
    setListening(true)
    try {
      listener.start()
    } catch {
      stopped()
    }
  }

  function stop() {
    recognition.current?.stop()
  }

  return { supported, listening, problem, start, stop }
}
