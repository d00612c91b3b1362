import { onboardingSchema, type OnboardingData } from '~/core/onboarding'
import { isPathName, type PathName } from '~/core/paths'

/** SPEC §3: what a newcomer chose is kept on the device until their first sign-in. */
const KEYS = { onboarding: 'lumin.onboarding', chosenPath: 'lumin.chosenPath' } as const

/** Storage can be unavailable or full (private modes, quotas): then the choices are simply not kept. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action()
  } catch {
    return fallback
  }
}

const readJson = (key: string): unknown => attempt(() => JSON.parse(localStorage.getItem(key) ?? 'null'), null)

export const localOnboarding = {
  read(): OnboardingData | null {
    const parsed = onboardingSchema.safeParse(readJson(KEYS.onboarding))
    return parsed.success ? parsed.data : null
  },
  write(data: OnboardingData) {
    attempt(() => localStorage.setItem(KEYS.onboarding, JSON.stringify(data)), undefined)
  },
  readPath(): PathName | null {
    const value = attempt(() => localStorage.getItem(KEYS.chosenPath), null)
    return value && isPathName(value) ? value : null
  },
  writePath(path: PathName) {
    attempt(() => localStorage.setItem(KEYS.chosenPath, path), undefined)
  },
  clear() {
    attempt(() => {
      localStorage.removeItem(KEYS.onboarding)
      localStorage.removeItem(KEYS.chosenPath)
    }, undefined)
  },
}
