import type { ReactNode } from 'react'
import { useOnline } from '~/web/lib/online'
import { SideMenu, type MenuItem } from './SideMenu'

/**
 * The frame of the app's home screens (weekly home, dashboard, goals): the menu and the name at the top, the screen
 * below. `roomBelow` leaves space for a fixed bar at the bottom, placed in `footer`. `offline` says what the screen is
 * without a connection (docs/decisions/0045): `kept`, it shows what it last loaded; `waits`, it loads from the server
 * and does when the connection is back. A screen that says it in its own words (the journal) leaves it out.
 */
export function MenuPage({
  menu,
  footer,
  roomBelow = false,
  offline,
  children,
}: {
  menu: readonly MenuItem[]
  footer?: ReactNode
  roomBelow?: boolean
  offline?: OfflineNoteKind
  children: ReactNode
}) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col px-5 sm:px-8">
      <header className="flex items-center gap-4 py-4 sm:py-6">
        <SideMenu items={menu} />
        <p className="text-lg font-semibold tracking-wide text-white">Lumin</p>
      </header>
      <main className={`flex-1 pt-4 sm:pt-8 ${roomBelow ? 'pb-32' : 'pb-16'}`}>
        {offline && <OfflineNote kind={offline} />}
        {children}
      </main>
      {footer}
    </div>
  )
}

type OfflineNoteKind = keyof typeof OFFLINE_NOTES

const OFFLINE_NOTES = {
  kept: 'This is what Lumin last loaded. Practices and check-ins still work, and are saved when you are back online.',
  waits: 'This screen comes from Lumin’s server and is up to date again as soon as you are back online.',
} as const

/** In the frame's own chunk: the screens that show it load no more for it than the connection's hook. */
function OfflineNote({ kind }: { kind: OfflineNoteKind }) {
  const online = useOnline()
  if (online) return null
  return (
    <p role="status" className="mb-6 rounded-2xl border border-white/10 bg-white/5 px-4 py-3 text-sm text-mist">
      <span className="font-semibold text-white">Offline.</span> {OFFLINE_NOTES[kind]}
    </p>
  )
}
