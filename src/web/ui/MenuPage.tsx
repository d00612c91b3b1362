import type { ReactNode } from 'react'
import { SideMenu, type MenuItem } from './SideMenu'

/**
 * The frame of the app's home screens (weekly home, dashboard, goals): the menu and the name at the top, the screen
 * below. `roomBelow` leaves space for a fixed bar at the bottom, placed in `footer`.
 */
export function MenuPage({ menu, footer, roomBelow = false, children }: { menu: readonly MenuItem[]; footer?: ReactNode; roomBelow?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col px-5 sm:px-8">
      <header className="flex items-center gap-4 py-4 sm:py-6">
        <SideMenu items={menu} />
        <p className="text-lg font-semibold tracking-wide text-white">Lumin</p>
      </header>
      <main className={`flex-1 pt-4 sm:pt-8 ${roomBelow ? 'pb-32' : 'pb-16'}`}>{children}</main>
      {footer}
    </div>
  )
}
