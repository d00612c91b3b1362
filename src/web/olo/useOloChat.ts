import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { canSendMessage, fallbackReadMs, SEND_FAILED_MESSAGE } from '~/core/olo'
import { ApiRequestError } from '~/web/api'
import { useServerConfig } from '~/web/data/status'
import { useOnline } from '~/web/lib/online'
import { useAudioPreference } from './audio-preference'
import { untilOnline } from './connection'
import { conversationQuery, sendChatMessage, type ReplyDone, type StoredMessage } from './stream'
import { createSpeaker, type OloLine, type SpeechOutcome } from './speech'
import { pause } from '~/web/lib/pause'

/**
 * Where the chat stands. Olo thinking (a request runs), speaking, or giving the reading time of a line it could not speak
 * with audio on all hold the input (docs/product.md#chat-input, docs/decisions/0017-chats-you-can-answer.md), and so
 * does a browser without a connection, in place of loading or waiting for the member (docs/decisions/0048).
 */
export type ChatPhase = 'loading' | 'idle' | 'thinking' | 'speaking' | 'reading' | 'finished' | 'offline'

/** What holds a line of Olo's: its voice, or the reading time of a line audio on could not speak. */
type Voicing = 'speaking' | 'reading'

/** A message as the chat shows it: the stored message's words and who wrote them. */
export type ChatMessage = Pick<StoredMessage, 'id' | 'role' | 'content'>

interface Options {
  /** Undefined until the screen has a conversation (e.g. the recap id is still being created). */
  conversationId: string | undefined
  /** Called with the final event once Olo's reply has finished the conversation. */
  onFinished?: (done: ReplyDone) => void
  /**
   * Whether Olo's last reply is spoken as the chat finishes (the default). The threshold speaks its final greeting
   * itself instead, so it can time the hand-over to the exercise on the speech's outcome.
   */
  speakClosing?: boolean
}

/**
 * One chat with Olo, for every chat screen: loads the conversation, sends a message and shows Olo's reply as it
 * streams, speaks it (or waits the reading time), and keeps a failed message for Try Again with the same id, so the
 * server never stores it twice. Without a connection the chat waits for one rather than failing: nothing is sent, and a
 * message whose send the lost connection cut off is sent again, by itself, when the connection comes back.
 */
export function useOloChat({ conversationId, onFinished, speakClosing = true }: Options) {
  const online = useOnline()
  const conversation = useQuery({
    ...conversationQuery(conversationId ?? ''),
    enabled: Boolean(conversationId),
    staleTime: Infinity,
    gcTime: 0,
    ...untilOnline((failures) => failures < 1),
  })
  const config = useServerConfig()
  const serverConfig = config.data
  const speaker = useMemo(() => createSpeaker(serverConfig?.voice ?? 'browser'), [serverConfig?.voice])
  const [audioOn, setAudioPreference] = useAudioPreference()

  const loaded = conversation.data
  /** Messages of this visit, after those the server had when the screen opened. */
  const [added, setAdded] = useState<ChatMessage[]>([])
  const [streaming, setStreaming] = useState<string | null>(null)
  const [activity, setActivity] = useState<'idle' | 'thinking' | 'finished'>('idle')
  const [voicing, setVoicing] = useState<Voicing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [gone, setGone] = useState(false)
  const [crisisAnswered, setCrisisAnswered] = useState(false)
  /** Whether the lost connection kept the failed message from Olo, so it goes again when the connection comes back. */
  const cutOff = useRef(false)
  const failed = useRef<{ id: string; content: string } | null>(null)
  const speech = useRef<AbortController | null>(null)
  const onFinishedRef = useRef(onFinished)
  useEffect(() => {
    onFinishedRef.current = onFinished
  })

  const messages = useMemo(() => [...(loaded?.messages.map(({ id, role, content }): ChatMessage => ({ id, role, content })) ?? []), ...added], [loaded, added])
  // Which voice Olo has is known before Olo says anything, so the opening line isn't spoken by the wrong one.
  const working: ChatPhase =
    !loaded || !serverConfig
      ? 'loading'
      : activity === 'thinking'
        ? 'thinking'
        : (voicing ?? (activity === 'finished' || loaded.status === 'finished' ? 'finished' : 'idle'))
  const phase: ChatPhase = !online && (working === 'loading' || working === 'idle') ? 'offline' : working
  // A crisis answered now, or earlier in a conversation that opens flagged (docs/product.md#help-card).
  const help = crisisAnswered || (loaded?.flagged ?? false)

  /** Ends Olo's line at once, its voice or its reading time, and frees the input. */
  const stopSpeaking = useCallback(() => {
    speech.current?.abort()
    speech.current = null
    setVoicing(null)
  }, [])
  useEffect(() => () => speech.current?.abort(), [])

  /**
   * Speaks one of Olo's lines when audio is on. A chat line that could not be heard with audio on (no voice, a failed
   * one) holds for what is left of its reading time, counted from when it began; with audio off nothing is spoken and
   * nothing waits. The threshold's closing greeting is a hand-over rather than a chat line, so it asks to be read with
   * audio off too, and goes on at once after a failed voice (`handover`).
   */
  const speak = useCallback(
    async (line: OloLine, { handover = false } = {}): Promise<SpeechOutcome> => {
      speech.current?.abort()
      if (!audioOn && !handover) return 'silent'
      const control = new AbortController()
      speech.current = control
      const began = Date.now()
      setVoicing('speaking')
      const outcome = audioOn ? await speaker.speak(line, control.signal) : 'silent'
      const unheard = outcome === 'silent' || (outcome === 'failed' && !handover)
      if (unheard && !control.signal.aborted) {
        setVoicing('reading')
        await pause(fallbackReadMs(line.text) - (Date.now() - began), control.signal)
      }
      if (speech.current === control) {
        speech.current = null
        setVoicing(null)
      }
      return outcome
    },
    [audioOn, speaker],
  )

  /**
   * After a send the lost connection cut off, the server may have answered it all the same: a resend is then refused
   * (409), and the conversation is read back instead, with that answer in it. True when it was.
   */
  const readConversationAgain = conversation.refetch
  const readBackAnswered = useCallback(
    async (message: { id: string }) => {
      const { data } = await readConversationAgain()
      const answered = data && data.messages.some((m) => m.id === message.id) && data.messages.at(-1)?.role === 'assistant'
      if (!answered) return false
      setAdded([])
      setActivity(data.status === 'finished' ? 'finished' : 'idle')
      return true
    },
    [readConversationAgain],
  )

  const answer = useCallback(
    async (message: { id: string; content: string }, { resent = false } = {}) => {
      setActivity('thinking')
      setError(null)
      setStreaming('')
      try {
        const done = await sendChatMessage(conversationId!, message, (text) => setStreaming((shown) => (shown ?? '') + text))
        failed.current = null
        setStreaming(null)
        setAdded((list) => [...list, { id: done.message.id, role: 'assistant', content: done.message.content }])
        if (done.help) setCrisisAnswered(true)
        const finished = done.status !== 'continue'
        if (finished) onFinishedRef.current?.(done)
        setActivity(finished ? 'finished' : 'idle')
        if (!finished || speakClosing) await speak({ text: done.message.content, ref: { messageId: done.message.id } })
      } catch (err) {
        failed.current = message
        setStreaming(null)
        setActivity('idle')
        // The connection went while Olo was asked: no answer could come, and the message goes again once it is back.
        if (!navigator.onLine && !(err instanceof ApiRequestError)) {
          cutOff.current = true
          return
        }
        if (resent && err instanceof ApiRequestError && err.status === 409 && (await readBackAnswered(message))) {
          failed.current = null
          return
        }
        setError(err instanceof ApiRequestError && err.status >= 400 && err.status < 500 ? err.message : SEND_FAILED_MESSAGE)
        setGone(err instanceof ApiRequestError && err.status === 404)
      }
    },
    [conversationId, speak, speakClosing, readBackAnswered],
  )

  // On opening: a reload with an unanswered last message asks for its answer again; a new chat speaks Olo's opening.
  const resume = useEffectEvent((opening: NonNullable<typeof loaded>) => {
    const last = opening.messages.at(-1)
    if (opening.status === 'finished' || !last) return
    if (last.role === 'user') void answer({ id: last.id, content: last.content })
    else if (opening.messages.length === 1) void speak({ text: last.content, ref: { messageId: last.id } })
  })
  const opened = useRef(false)
  useEffect(() => {
    if (!loaded || !serverConfig || opened.current) return
    opened.current = true
    resume(loaded)
  }, [loaded, serverConfig])

  const send = useCallback(
    (text: string) => {
      const content = text.trim()
      if (!canSendMessage({ text: content, busy: phase === 'thinking', speaking: phase === 'speaking' || phase === 'reading', ready: Boolean(conversationId) && phase === 'idle' }))
        return false
      const message = { id: crypto.randomUUID(), content }
      setAdded((list) => [...list, { ...message, role: 'user' }])
      void answer(message)
      return true
    },
    [answer, conversationId, phase],
  )

  const retry = useCallback(() => {
    if (failed.current) void answer(failed.current)
  }, [answer])

  const resendCutOff = useEffectEvent(() => {
    if (!cutOff.current || !failed.current) return
    cutOff.current = false
    void answer(failed.current, { resent: true })
  })
  // Which voice Olo has is asked for with the app's first screens; when that failed for want of a connection, it is
  // asked again as the connection comes back, since the chat waits for it.
  const askConfigAgain = useEffectEvent(() => {
    if (config.isError) void config.refetch()
  })
  useEffect(() => {
    if (!online) return
    resendCutOff()
    askConfigAgain()
  }, [online])

  const setAudioOn = useCallback(
    (on: boolean) => {
      setAudioPreference(on)
      // Turning audio off stops Olo at once and frees the input (docs/product.md#chat-input).
      if (!on) stopSpeaking()
    },
    [setAudioPreference, stopSpeaking],
  )

  return {
    conversation,
    messages,
    streaming,
    phase,
    error,
    /** The last send found what the chat is about gone (a 404, e.g. a reflection's entry deleted): trying again can't help. */
    gone,
    /** Olo answered a crisis in this chat: the screen shows the help card beneath it. */
    help,
    audioOn,
    setAudioOn,
    send,
    retry,
    speak,
    /** Skip (or Escape) while Olo speaks or gives the reading time: the line ends and the input is free. */
    skipLine: stopSpeaking,
    ready: Boolean(conversationId) && phase === 'idle',
  }
}
