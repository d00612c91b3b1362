import { isOnboardingData } from '~/core/stored-onboarding'
import type { OnboardingData } from '~/core/onboarding-request'
import { isPathName, type PathName } from '~/core/paths'
import { deviceStorage } from '~/web/lib/device-storage'
import { ONBOARDING_KEYS as KEYS } from './onboarding-keys'

function readJson(key: string): unknown {
  try {
    return JSON.parse(deviceStorage.get(key) ?? 'null')
  } catch {
    return null
  }
}

export const localOnboarding = {
  read(): OnboardingData | null {
    const kept = readJson(KEYS.onboarding)
    return isOnboardingData(kept) ? kept : null
  },
  write(data: OnboardingData) {
    deviceStorage.set(KEYS.onboarding, JSON.stringify(data))
  },
  readPath(): PathName | null {
    const value = deviceStorage.get(KEYS.chosenPath)
    return value && isPathName(value) ? value : null
  },
  writePath(path: PathName) {
    deviceStorage.set(KEYS.chosenPath, path)
  },
  clear() {
    deviceStorage.remove(KEYS.onboarding, KEYS.chosenPath)
  },
}
