import { onboardingSchema, type OnboardingData } from '~/core/onboarding'
import { isPathName, type PathName } from '~/core/paths'

/** SPEC §3: what a newcomer chose is kept on the device until their first sign-in. */
const KEYS = { onboarding: 'lumin.onboarding', chosenPath: 'lumin.chosenPath' } as const

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null')
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
    localStorage.setItem(KEYS.onboarding, JSON.stringify(data))
  },
  readPath(): PathName | null {
    const value = localStorage.getItem(KEYS.chosenPath)
    return value && isPathName(value) ? value : null
  },
  writePath(path: PathName) {
    localStorage.setItem(KEYS.chosenPath, path)
  },
  clear() {
    localStorage.removeItem(KEYS.onboarding)
    localStorage.removeItem(KEYS.chosenPath)
  },
}
