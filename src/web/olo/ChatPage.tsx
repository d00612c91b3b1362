import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AI_GUIDE_LINE } from '~/core/olo'
import { SAFETY_ROUTE } from '~/web/app/route-access'
import { BackLink } from '~/web/ui/BackLink'

/**
 * The frame of every chat with Olo (recap, threshold, goal, reflection): the way back and the audio switch at the top, what Olo is
 * with the way to the safety page, the screen's heading, then the chat. `inert` shuts the page away while an overlay
 * covers it.
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
        {/* Said once here for the whole chat instead of in every opening (docs/decisions/0017), with the way to what Olo
            does when someone may be in danger (docs/decisions/0016). */}
        <p className="max-w-md text-center text-sm text-balance text-mist">
          <ShieldCheck aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px] text-glow" />
          {AI_GUIDE_LINE}{' '}
          <Link to={SAFETY_ROUTE} className="inline-block rounded-full px-2 py-2 whitespace-nowrap underline underline-offset-4 hover:bg-white/10 hover:text-white">
            How Olo keeps you safe
          </Link>
        </p>
      </header>
      <main className="flex flex-1 flex-col gap-6 pb-6">
        {heading}
        {children}
      </main>
    </div>
  )
}
