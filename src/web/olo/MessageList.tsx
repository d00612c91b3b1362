import { useEffect, useRef } from 'react'
import { prefersReducedMotion } from '~/web/lib/reduced-motion'
import { Orb } from '~/web/ui/DimensionOrbs'
import type { ChatMessage, ChatPhase } from './useOloChat'

/** The conversation as bubbles, Olo's reply growing as it streams, and a typing indicator before its first words. */
export function MessageList({ messages, streaming, phase }: { messages: ChatMessage[]; streaming: string | null; phase: ChatPhase }) {
  const end = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
  }, [messages.length, streaming])

  return (
    <div className="flex flex-col gap-4">
      <ol aria-label="Conversation with Olo" className="flex flex-col gap-4">
        {messages.map((message) => (
          <li key={message.id}>
            <Bubble role={message.role}>{message.content}</Bubble>
          </li>
        ))}
      </ol>
      {streaming !== null && phase === 'thinking' && (
        <div>
          {streaming ? (
            <Bubble role="assistant" streaming>
              {streaming}
            </Bubble>
          ) : (
            <Bubble role="assistant">
              <span className="flex items-center gap-1.5 py-1" role="status">
                <span className="sr-only">Olo is typing</span>
                {[0, 1, 2].map((dot) => (
                  <span key={dot} aria-hidden="true" className="size-2 animate-bounce rounded-full bg-mist motion-reduce:animate-none" style={{ animationDelay: `${dot * 150}ms` }} />
                ))}
              </span>
            </Bubble>
          )}
        </div>
      )}
      {/* A screen reader hears each reply once, whole, rather than every streamed fragment. */}
      <p aria-live="polite" className="sr-only">
        {last?.role === 'assistant' ? `Olo says: ${last.content}` : ''}
      </p>
      <div ref={end} />
    </div>
  )
}

function Bubble({ role, streaming = false, children }: { role: ChatMessage['role']; streaming?: boolean; children: React.ReactNode }) {
  if (role === 'user') {
    return <p className="ml-auto max-w-[85%] rounded-3xl rounded-br-md bg-accent/80 px-4 py-3 break-words whitespace-pre-wrap text-white">{children}</p>
  }
  return (
    <div className="flex max-w-[90%] items-start gap-3">
      <Orb color="#c9a2ff" className="mt-1 size-8 shrink-0" still />
      <p data-streaming={streaming || undefined} className="rounded-3xl rounded-tl-md bg-dusk px-4 py-3 break-words whitespace-pre-wrap text-white">
        <span className="sr-only">Olo: </span>
        {children}
      </p>
    </div>
  )
}
