import { useCallback, useSyncExternalStore } from 'react'
import { deviceStorage } from '~/web/app/device-storage'

/** Whether Olo speaks aloud; kept on the device, on unless the user turned it off. */
const KEY = 'lumin.audio'
const listeners = new Set<() => void>()
/** The choice made on this page, which holds even where the device can't keep it. */
let chosen: boolean | null = null

function read(): boolean {
  return chosen ?? deviceStorage.get(KEY) !== 'off'
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
    deviceStorage.set(KEY, on ? 'on' : 'off')
    listeners.forEach((notify) => notify())
  }, [])
  return [audioOn, setAudioOn] as const
}
