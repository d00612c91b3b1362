import { MessageSquareText } from 'lucide-react'
import { useId, useState } from 'react'
import type { ChatMessage, ChatPhase } from '~/web/olo/useOloChat'

const ORB_STYLE = {
  background: 'radial-gradient(circle at 50% 35%, #3d3180 0%, #2a2358 45%, #1b1738 100%)',
  boxShadow: '0 0 64px 12px #c9a2ff40, 0 0 140px 36px #8f7cf026, inset 0 0 48px 4px #c9a2ff30',
}

/**
 * The goal chat's orb (docs/product.md#goal-chat): Olo's latest message in a large glowing orb, its reply growing there
 * as it streams, and 'Thinking...' while a request runs. Screen readers hear each reply once, whole.
 */
export function OloOrb({ messages, streaming, phase }: { messages: ChatMessage[]; streaming: string | null; phase: ChatPhase }) {
  const latest = messages.findLast((message) => message.role === 'assistant')
  const thinking = phase === 'loading' || (phase === 'thinking' && !streaming)
  const text = phase === 'thinking' && streaming ? streaming : latest?.content
  const long = (text?.length ?? 0) > 220

  return (
    <section aria-label="Olo" className="flex justify-center py-2">
      <div
        className="relative flex min-h-[min(80vw,22rem)] w-[min(80vw,22rem)] items-center justify-center rounded-full px-9 py-12 text-center transition-[min-height] duration-500 motion-reduce:transition-none"
        style={ORB_STYLE}
      >
        <span aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-full border border-glow/30 motion-safe:animate-pulse" />
        {thinking ? (
          <p role="status" className="text-lg font-medium text-white">
            Thinking...
          </p>
        ) : (
          <p
            data-streaming={phase === 'thinking' || undefined}
            aria-hidden="true"
            className={`break-words whitespace-pre-wrap text-white ${long ? 'text-base leading-relaxed' : 'text-lg leading-relaxed'}`}
          >
            {text}
          </p>
        )}
      </div>
      {/* The orb shows every streamed fragment; a screen reader hears the reply once it is whole. */}
      <p aria-live="polite" className="sr-only">
        {latest && phase !== 'thinking' ? `Olo says: ${latest.content}` : ''}
      </p>
    </section>
  )
}

/** The whole conversation, folded away under the orb: for looking back at what was said. */
export function Transcript({ messages }: { messages: ChatMessage[] }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  return (
    <div className="text-center">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm text-mist underline-offset-4 hover:bg-white/10 hover:text-white"
      >
        <MessageSquareText aria-hidden="true" className="size-4" />
        {open ? 'Hide the conversation' : 'Show the conversation'}
      </button>
      <ol id={listId} hidden={!open} aria-label="Conversation with Olo" className="mt-3 space-y-3 text-left text-sm">
        {messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-2xl px-4 py-2.5 break-words whitespace-pre-wrap ${message.role === 'user' ? 'ml-8 bg-accent/25 text-white' : 'mr-8 bg-white/5'}`}
          >
            <span className="font-semibold text-white">{message.role === 'user' ? 'You: ' : 'Olo: '}</span>
            {message.content}
          </li>
        ))}
      </ol>
    </div>
  )
}
