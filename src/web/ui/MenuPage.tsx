import type { ReactNode } from 'react'
import { useOnline } from '~/web/lib/online'
import { AppNav } from './AppNav'
import { SideMenu } from './SideMenu'

/**
 * The frame of the app's signed-in screens (the two homes, the journal, Stats, the Calendar, goals, Settings): the menu
 * and the name at the top, the screen below, and the app's navigation along the bottom of a phone or down the side of a
 * wide screen (docs/decisions/0058-one-home-one-way-around.md). `offline` says what the screen is
 * without a connection (docs/decisions/0045): `kept`, it shows what it last loaded; `waits`, it loads from the server
 * and does when the connection is back. A screen that says it in its own words (the journal) leaves it out.
 */
export function MenuPage({ offline, children }: { offline?: OfflineNoteKind; children: ReactNode }) {
  return (
    // Beside the rail on a wide screen; above the bar, with room for it, on a phone.
    <div className="lg:pl-56">
      <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col px-5 sm:px-8">
        <header className="flex items-center gap-4 py-4 sm:py-6">
          <SideMenu />
          <p className="text-lg font-semibold tracking-wide text-white">Lumin</p>
        </header>
        <main className="flex-1 pt-4 pb-32 sm:pt-8 lg:pb-16">
          {offline && <OfflineNote kind={offline} />}
          {children}
        </main>
        <AppNav />
      </div>
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
