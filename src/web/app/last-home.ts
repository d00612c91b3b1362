import { useSyncExternalStore } from 'react'
import { HOME_ROUTE } from './route-access'

/**
 * The member's two homes, the weekly home and the main dashboard, and the words a way back to each says
 * (docs/decisions/0058-one-home-one-way-around.md).
 */
export const HOMES = {
  week: { to: HOME_ROUTE, back: 'Back to your week' },
  path: { to: '/dashboard', back: 'Back to your path' },
} as const

type Home = keyof typeof HOMES

const KEY = 'lumin.lastHome'
const listeners = new Set<() => void>()

/**
 * Kept for the tab, not in the address: a practice's way from a home runs through the threshold, which rewrites its own
 * address, and the hand-over and the exercise's reload, so the tab remembers the last home shown instead. A tab's
 * storage may be unavailable: then the member's way back is the dashboard, as before.
 */
function read(): Home {
  try {
    return sessionStorage.getItem(KEY) === 'week' ? 'week' : 'path'
  } catch {
    return 'path'
  }
}

/** Called as a home shows (by the app's navigation, src/web/ui/AppNav.tsx), so a screen opened from it leads back there. */
export function rememberHome(home: Home) {
  try {
    if (sessionStorage.getItem(KEY) === home) return
    sessionStorage.setItem(KEY, home)
  } catch {
    return
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The home the member last saw in this tab, with its address and the words of the way back to it. */
export function useLastHome() {
  return HOMES[useSyncExternalStore(subscribe, read)]
}
