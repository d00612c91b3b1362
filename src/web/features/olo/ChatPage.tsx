import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { SAFETY_ROUTE } from '~/web/app/route-access'
import { BackLink } from '~/web/ui/BackLink'

/**
 * The frame of every chat with Olo (recap, threshold, goal): the way back, the safety page and the audio switch at the
 * top, the screen's heading, then the chat. `inert` shuts the page away while an overlay covers it.
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
      <header className="flex flex-col items-center gap-1 pt-4 pb-2">
        <div className="flex w-full items-center justify-between gap-3">
          <BackLink to={back.to}>{back.label}</BackLink>
          {audio}
        </div>
        {/* Every chat links to what Olo does when someone may be in danger (docs/decisions/0016): on a line of its own,
            as a phone has no room left beside the way back and the audio switch. */}
        <Link to={SAFETY_ROUTE} className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white">
          <ShieldCheck aria-hidden="true" className="size-4" />
          How Olo keeps you safe
        </Link>
      </header>
      <main className="flex flex-1 flex-col gap-6 pb-6">
        {heading}
        {children}
      </main>
    </div>
  )
}
