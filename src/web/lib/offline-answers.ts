/**
 * The API answers the app keeps for offline use, in one Cache Storage cache (docs/decisions/0045): who is signed in,
 * the weekly home and the dashboard, each the last one loaded, and nothing else a member wrote or said. The service
 * worker fills it; signing out, deleting the account or a session that has ended empties it.
 */
export const OFFLINE_ANSWERS_CACHE = 'lumin-offline-answers'

/** The paths whose last answer is kept, by path alone: one copy each, whatever time zone asked. */
const KEPT_PATHS: ReadonlySet<string> = new Set(['/api/session', '/api/weekly', '/api/journey'])

/** The cache key of a request whose answer is kept offline, or null for any other request. */
export function offlineAnswerKey(url: URL, method: string): string | null {
  return method === 'GET' && KEPT_PATHS.has(url.pathname) ? url.origin + url.pathname : null
}

/** Empties the cache; nothing to do where Cache Storage is unavailable (an insecure origin, some private modes). */
export async function forgetOfflineAnswers() {
  try {
    await caches.delete(OFFLINE_ANSWERS_CACHE)
  } catch {
    // Nothing was kept.
  }
}
