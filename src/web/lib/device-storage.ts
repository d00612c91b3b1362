/**
 * What Lumin keeps on the device (docs/product.md#on-the-device: onboarding choices, the chosen path, the intro flag;
 * the audio choice). Storage can be unavailable or full (private modes, blocked cookies, quotas): then nothing is kept
 * and reads find nothing, so every caller has a sensible default.
 */
export const deviceStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key)
    } catch {
      return null
    }
  },
  set(key: string, value: string) {
    try {
      localStorage.setItem(key, value)
    } catch {
      // Not kept: the caller's default applies next time.
    }
  },
  remove(...keys: string[]) {
    try {
      for (const key of keys) localStorage.removeItem(key)
    } catch {
      // Nothing to remove where nothing could be kept.
    }
  },
}
