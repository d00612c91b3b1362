import { onboardingSchema, type OnboardingData } from '~/core/onboarding'
import { isPathName, type PathName } from '~/core/paths'
import { deviceStorage } from '~/web/app/device-storage'

/** SPEC §3: what a newcomer chose is kept on the device until their first sign-in. */
const KEYS = { onboarding: 'lumin.onboarding', chosenPath: 'lumin.chosenPath' } as const

function readJson(key: string): unknown {
  try {
    return JSON.parse(deviceStorage.get(key) ?? 'null')
  } catch {
    return null
  }
}

export const localOnboarding = {
  read(): OnboardingData | null {
    const parsed = onboardingSchema.safeParse(readJson(KEYS.onboarding))
    return parsed.success ? parsed.data : null
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
