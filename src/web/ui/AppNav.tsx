import { BookOpen, ChartColumn, House, Route, type LucideIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { HOMES, rememberHome } from '~/web/app/last-home'

type Section = { label: string; to: string; icon: LucideIcon; also?: readonly string[] }

/**
 * The app's four sections (docs/product.md#menus): the weekly home, the path (the main dashboard), the journal and
 * Stats, with the Calendar one tap inside Stats, so Stats stays marked there.
 */
const SECTIONS: readonly Section[] = [
  { label: 'Home', to: HOMES.week.to, icon: House },
  { label: 'Path', to: HOMES.path.to, icon: Route },
  { label: 'Journal', to: '/journal', icon: BookOpen },
  { label: 'Stats', to: '/stats', icon: ChartColumn, also: ['/calendar'] },
]

/**
 * One navigation for every signed-in screen with the menu (docs/decisions/0058-one-home-one-way-around.md): a bar
 * along a phone's bottom edge, a rail down the left of a wide screen (1,024 px and more) rather than a stretched bar.
 * It also tells the tab which home the member last saw, so a practice or /explore opened from it leads back there.
 */
export function AppNav() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (pathname === HOMES.week.to) rememberHome('week')
    else if (pathname === HOMES.path.to) rememberHome('path')
  }, [pathname])

  return (
    <nav
      aria-label="Sections"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-night/90 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:inset-x-auto lg:inset-y-0 lg:left-0 lg:w-56 lg:border-t-0 lg:border-r lg:pt-28 lg:pb-0"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-4 px-2 lg:flex lg:flex-col lg:gap-1 lg:px-4">
        {SECTIONS.map(({ label, to, icon: Icon, also }) => {
          // The section's own screen is the page; a screen inside it (the Calendar in Stats) marks it as the place.
          const current = pathname === to ? 'page' : also?.includes(pathname) ? 'true' : undefined
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current}
                className="group flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl text-xs font-medium text-mist transition-colors hover:text-white aria-[current]:text-glow motion-reduce:transition-none lg:min-h-12 lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:text-base lg:aria-[current]:bg-white/10 lg:aria-[current]:text-white"
              >
                {/* Marked by shape as well as colour: the current section's icon sits in a pill. */}
                <span aria-hidden="true" className="grid h-7 w-12 place-items-center rounded-full group-aria-[current]:bg-glow/15 lg:w-7 lg:group-aria-[current]:bg-transparent">
                  <Icon className="size-5" />
                </span>
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
