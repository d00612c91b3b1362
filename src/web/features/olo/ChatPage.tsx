import type { ReactNode } from 'react'
import { BackLink } from '~/web/ui/BackLink'

/**
 * The frame of every chat with Olo (recap, threshold, goal): the way back and the audio switch at the top, the
 * screen's heading, then the chat. `inert` shuts the page away while an overlay covers it.
 */
export function ChatPage({
  back,
  audio,
  heading,
  inert = false,
  children,
}: {
  back: { to: string; label: string }
  audio?: ReactNode
  heading: ReactNode
  inert?: boolean
  children: ReactNode
}) {
  return (
    <div inert={inert} className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 sm:px-6">
      <header className="flex items-center justify-between gap-3 py-4">
        <BackLink to={back.to}>{back.label}</BackLink>
        {audio}
      </header>
      <main className="flex flex-1 flex-col gap-6 pb-6">
        {heading}
        {children}
      </main>
    </div>
  )
}
