import { SendHorizontal } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { LIMITS } from '~/core/limits'
import type { ChatPhase } from './useOloChat'

const WAIT_TEXT: Partial<Record<ChatPhase, string>> = {
  thinking: 'Olo is thinking...',
  speaking: 'Please wait for Olo to finish speaking...',
}
const WAIT_PLACEHOLDER: Partial<Record<ChatPhase, string>> = { thinking: 'Olo is thinking...', speaking: 'Olo is speaking...' }

/** The message box of every chat: Enter sends, Shift+Enter starts a new line, and nothing goes while Olo thinks or speaks. */
export function ChatInput({
  phase,
  ready,
  onSend,
  placeholder = 'Write to Olo...',
  waitText,
}: {
  phase: ChatPhase
  ready: boolean
  onSend: (text: string) => boolean
  placeholder?: string
  /** One hint for both thinking and speaking, where SPEC gives a screen a single text (the goal chat). */
  waitText?: string
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
  const wait = WAIT_TEXT[phase] && (waitText ?? WAIT_TEXT[phase])

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
    <form ref={form} onSubmit={submit} className="flex flex-col gap-2">
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
      <p id={hintId} role="status" className="min-h-5 px-3 text-sm text-mist">
        {wait ?? ''}
      </p>
    </form>
  )
}
