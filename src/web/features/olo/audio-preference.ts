import { useCallback, useSyncExternalStore } from 'react'

/** Whether Olo speaks aloud; kept on the device, on unless the user turned it off. */
const KEY = 'lumin.audio'
const listeners = new Set<() => void>()
/** The choice made on this page, which holds even where storage is unavailable. */
let chosen: boolean | null = null

function read(): boolean {
  if (chosen !== null) return chosen
  try {
    return localStorage.getItem(KEY) !== 'off'
  } catch {
    return true
  }
}

export function useAudioPreference() {
  const audioOn = useSyncExternalStore(
    (notify) => {
      listeners.add(notify)
      return () => listeners.delete(notify)
    },
    read,
    () => true,
  )
  const setAudioOn = useCallback((on: boolean) => {
    chosen = on
    try {
      localStorage.setItem(KEY, on ? 'on' : 'off')
    } catch {
      // Private modes and full quotas: the choice still holds for this page.
    }
    listeners.forEach((notify) => notify())
  }, [])
  return [audioOn, setAudioOn] as const
}
