import { SendHorizontal } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { LIMITS } from '~/core/limits'
import { NEEDS_CONNECTION } from './connection'
import type { ChatPhase } from './useOloChat'

/**
 * What the box says while it waits, true to what Olo is doing (docs/decisions/0017-chats-you-can-answer.md), or that
 * there is no connection (docs/decisions/0048).
 */
const WAIT_TEXT: Partial<Record<ChatPhase, string>> = {
  thinking: 'Olo is thinking...',
  speaking: 'Please wait for Olo to finish speaking...',
  reading: 'Take a moment to read what Olo said...',
  offline: NEEDS_CONNECTION,
}
const WAIT_PLACEHOLDER: Partial<Record<ChatPhase, string>> = {
  thinking: 'Olo is thinking...',
  speaking: 'Olo is speaking...',
  reading: 'Take a moment to read...',
  offline: 'Waiting for a connection...',
}

/**
 * The message box of every chat, docked at the bottom: Enter sends, Shift+Enter starts a new line, and nothing goes while
 * Olo thinks, speaks or gives its reading time, or while there is no connection; what is typed stays in the box. Skip,
 * or Escape anywhere on the page, ends Olo's line at once.
 */
export function ChatInput({
  phase,
  ready,
  onSend,
  onSkip,
  placeholder = 'Write to Olo...',
}: {
  phase: ChatPhase
  ready: boolean
  onSend: (text: string) => boolean
  onSkip: () => void
  placeholder?: string
}) {
  const [text, setText] = useState('')
  const hintId = useId()
  const form = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  // The box is disabled while Olo answers, which drops the keyboard focus; it comes back once the box is ready again.
  const refocus = useRef(false)
  useEffect(() => {
    if (!ready || !refocus.current) return
    refocus.current = false
    input.current?.focus()
  }, [ready])
  const blocked = !ready
  // The connection going takes the box away from the keyboard too; it comes back with the connection.
  useEffect(() => {
    if (phase === 'offline' && document.activeElement === input.current) refocus.current = true
  }, [phase])
  const wait = WAIT_TEXT[phase]
  const skippable = phase === 'speaking' || phase === 'reading'

  function skip() {
    refocus.current = true
    onSkip()
  }
  const skipOnEscape = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    event.preventDefault()
    skip()
  })
  useEffect(() => {
    if (!skippable) return
    document.addEventListener('keydown', skipOnEscape)
    return () => document.removeEventListener('keydown', skipOnEscape)
  }, [skippable])

  function submit(event?: FormEvent) {
    event?.preventDefault()
    const focused = form.current?.contains(document.activeElement) ?? false
    if (onSend(text)) {
      setText('')
      refocus.current = focused
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing a word uses Enter to confirm it, not to send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    // The dock blurs what scrolls beneath it and fades in at its top edge, so it never shows as a box of its own.
    <form
      ref={form}
      onSubmit={submit}
      className="sticky bottom-0 flex flex-col gap-1 pt-4 backdrop-blur-md [mask-image:linear-gradient(to_bottom,transparent,black_1rem)]"
    >
      {/* The box draws the focus ring for the text area inside it. */}
      <div className="flex items-end gap-2 rounded-3xl border border-white/15 bg-night-soft/90 p-2 outline-dawn focus-within:border-glow/60 has-[textarea:focus-visible]:outline-2 has-[textarea:focus-visible]:outline-offset-2">
        <label htmlFor={`${hintId}-input`} className="sr-only">
          Your message to Olo
        </label>
        <textarea
          ref={input}
          id={`${hintId}-input`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={LIMITS.chatMessageChars}
          disabled={blocked}
          aria-describedby={wait ? hintId : undefined}
          placeholder={WAIT_PLACEHOLDER[phase] ?? placeholder}
          className="max-h-40 min-h-11 flex-1 resize-none bg-transparent px-3 py-2.5 text-base text-white placeholder:text-mist/70 focus:outline-none disabled:cursor-not-allowed"
        />
        <button
          type="submit"
          disabled={blocked || text.trim().length === 0}
          className="grid size-11 shrink-0 place-items-center rounded-full bg-accent text-white transition-opacity disabled:opacity-40"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
          <span className="sr-only">Send</span>
        </button>
      </div>
      <div className="flex min-h-11 items-center justify-between gap-3 px-3 pb-1">
        <p id={hintId} role="status" className="text-sm text-mist">
          {wait ?? ''}
        </p>
        {skippable && (
          <button
            type="button"
            onClick={skip}
            aria-keyshortcuts="Escape"
            className="min-h-11 shrink-0 rounded-full border border-white/20 px-4 text-sm font-medium text-white hover:bg-white/10"
          >
            Skip
          </button>
        )}
      </div>
    </form>
  )
}

/**
 * Where the message box will be, for a chat that could not open without a connection: the same words as an open chat
 * offline, below the space the conversation will take once it opens by itself (docs/decisions/0048).
 */
export function ChatInputAwaitingConnection() {
  return (
    <>
      <div className="flex-1" />
      <ChatInput phase="offline" ready={false} onSend={() => false} onSkip={() => undefined} />
    </>
  )
}
