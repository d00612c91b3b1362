import { forgetOfflineAnswers, OFFLINE_ANSWERS_CACHE } from '../lib/offline-answers'

/** Whether an answer of /api/session says no one is signed in (the session ended, here or on another device). */
async function signedOut(response: Response) {
  if (response.status === 401) return true
  try {
    const body: unknown = await response.clone().json()
    return !!body && typeof body === 'object' && 'user' in body && body.user === null
  } catch {
    return false
  }
}

/**
 * Network first for a kept answer (lib/offline-answers.ts): a fresh answer replaces the kept one, and only when the
 * network fails does the kept one answer. An ended session empties the cache, so the next person to sign in on this
 * device never sees the last one's home.
 */
export async function answerWithOfflineCopy(request: Request, key: string): Promise<Response> {
  let response: Response
  try {
    response = await fetch(request)
  } catch (error) {
    const kept = await (await caches.open(OFFLINE_ANSWERS_CACHE)).match(key)
    if (kept) return kept
    throw error
  }
  if (await signedOut(response)) await forgetOfflineAnswers()
  else if (response.ok) await (await caches.open(OFFLINE_ANSWERS_CACHE)).put(key, response.clone())
  return response
}
