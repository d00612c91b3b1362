import { ArrowLeft } from 'lucide-react'
import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useLastHome } from '~/web/app/last-home'
import { HOME_ROUTE } from '~/web/app/route-access'
import { useSession } from '~/web/app/session'

const BACK = '-ml-3 inline-flex h-11 items-center gap-2 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white'

/** The way back at the top of a screen: a quiet link with an arrow and a full-height touch target. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={BACK}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  )
}

/**
 * The way back from a screen opened from one of the two homes (a practice, /explore): to the home the member came
 * from, named in its words, 'Back to your week' or 'Back to your path' (docs/decisions/0058-one-home-one-way-around.md).
 */
export function BackHome() {
  const home = useLastHome()
  return <BackLink to={home.to}>{home.back}</BackLink>
}

/**
 * The way back from a page opened on the way somewhere (/safety, the grounding exercise): to the very screen the person
 * came from, a chat included (each keeps its conversation in its address), so nothing is lost. Opened from a mail or
 * typed in, there is nothing to go back to: the link leads into Lumin instead.
 */
export function BackToWhereYouCameFrom() {
  const { key } = useLocation()
  const navigate = useNavigate()
  const { data: user } = useSession()
  const cameFromLumin = key !== 'default'
  function back(event: MouseEvent) {
    if (!cameFromLumin) return
    event.preventDefault()
    void navigate(-1)
  }
  return (
    <Link to={user ? HOME_ROUTE : '/'} onClick={back} className={BACK}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </Link>
  )
}
