import { useCallback, useSyncExternalStore } from 'react'
import { deviceStorage } from '~/web/lib/device-storage'
import { useServerConfig } from '~/web/data/status'

/**
 * Whether Olo speaks aloud, kept on the device. Until the member chooses, audio is on only where the server has a voice
 * of its own: many systems' built-in voices sound robotic (docs/decisions/0017-chats-you-can-answer.md).
 */
const KEY = 'lumin.audio'
const listeners = new Set<() => void>()
/** The choice made on this page, which holds even where the device can't keep it. */
let chosen: boolean | null = null

function readChoice(): 'on' | 'off' | null {
  if (chosen !== null) return chosen ? 'on' : 'off'
  const kept = deviceStorage.get(KEY)
  return kept === 'on' || kept === 'off' ? kept : null
}

export function useAudioPreference() {
  const choice = useSyncExternalStore(
    (notify) => {
      listeners.add(notify)
      return () => listeners.delete(notify)
    },
    readChoice,
    () => null,
  )
  const { data: serverConfig } = useServerConfig()
  const audioOn = choice === null ? serverConfig !== undefined && serverConfig.voice !== 'browser' : choice === 'on'
  const setAudioOn = useCallback((on: boolean) => {
    chosen = on
    deviceStorage.set(KEY, on ? 'on' : 'off')
    listeners.forEach((notify) => notify())
  }, [])
  return [audioOn, setAudioOn] as const
}
