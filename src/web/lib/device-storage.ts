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

/**
 * Records a member's device keeps until the server has them (practice completions, check-ins), by id under one key per
 * member, so one person's can never be sent as another's. What the device holds is checked by `isRecord` as it is read:
 * anything this app could not have written is dropped rather than sent.
 */
export function keptRecords<T>(keyPrefix: string, isRecord: (value: unknown) => value is T) {
  const listeners = new Set<() => void>()
  const read = (userId: string): Record<string, T> => {
    try {
      const value: unknown = JSON.parse(deviceStorage.get(keyPrefix + userId) ?? '{}')
      if (!value || typeof value !== 'object') return {}
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, T] => isRecord(entry[1])))
    } catch {
      return {}
    }
  }
  return {
    key: (userId: string) => keyPrefix + userId,
    read,
    write(userId: string, update: (records: Record<string, T>) => void) {
      const records = read(userId)
      update(records)
      if (Object.keys(records).length === 0) deviceStorage.remove(keyPrefix + userId)
      else deviceStorage.set(keyPrefix + userId, JSON.stringify(records))
      for (const listener of listeners) listener()
    },
    /** Calls `listener` whenever the records change, in this tab or another; answers the unsubscribe. */
    subscribe(listener: () => void) {
      const fromAnotherTab = (event: StorageEvent) => {
        if (event.key === null || event.key.startsWith(keyPrefix)) listener()
      }
      listeners.add(listener)
      window.addEventListener('storage', fromAnotherTab)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', fromAnotherTab)
      }
    },
  }
}

/**
 * A kept record's failed send is tried again after each of these delays in turn, then waits for the connection to come
 * back or the next visit. The first are short: just after the connection returns, the first send often meets a network
 * that is not quite there yet.
 */
export const SEND_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000]

/**
 * What a failed send means for a kept record, from the HTTP status of the answer (none: the network failed):
 * - `later`: the session has ended or doesn't let it through (401, 403): kept until this member is signed in again;
 * - `refused`: the server won't take it, now or ever (any other 4xx): dropped;
 * - `retry`: no answer, too many requests (429) or a server error, which may pass on its own: kept and tried again.
 */
export function unsentOutcome(status: number | undefined): 'later' | 'refused' | 'retry' {
  if (status === undefined || status < 400 || status >= 500 || status === 429) return 'retry'
  return status === 401 || status === 403 ? 'later' : 'refused'
}

/** A failed send is only logged (docs/product.md#errors): the member has moved on, and the record is kept or dropped. */
export function warnUnsent(what: string, dropped: boolean, error: unknown) {
  console.warn(
    dropped ? `${what} could not be saved: the server refused it, so it will not be sent again.` : `${what} could not be saved yet; it is kept on this device until it can be sent.`,
    error,
  )
}

/**
 * A queue's sender for the connection coming back: `forMember(userId, send)` makes `send` run on every 'online' event,
 * for that member only (a sign-in as someone else replaces it), and answers the sender in place, to run it at once.
 */
export function sendWhenOnline() {
  let current: { userId: string; send: () => void } | null = null
  return (userId: string, send: () => void) => {
    if (current?.userId !== userId) {
      if (current) window.removeEventListener('online', current.send)
      current = { userId, send }
      window.addEventListener('online', send)
    }
    return current.send
  }
}
