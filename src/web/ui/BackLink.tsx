import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The way back at the top of a screen: a quiet link with an arrow and a full-height touch target. */
export function BackLink({ to = '/dashboard', children = 'Back to Dashboard' }: { to?: string; children?: ReactNode }) {
  return (
    <Link to={to} className="-ml-3 inline-flex h-11 items-center gap-2 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  )
}
