import type { QueryClient } from '@tanstack/react-query'
import type { PracticeLog } from '~/core/journey'
import { api, ApiRequestError, call } from '~/web/api'
import { deviceStorage } from '~/web/app/device-storage'

/*
 * Saving a finished practice. Kept apart from the rest of the practices' API (and free of zod schemas), because the
 * shell loads it on every page to resume unsaved completions.
 */

export function postCompletion(practiceId: string, log: PracticeLog) {
  return call(api.practices[':id'].complete.$post({ param: { id: practiceId }, json: log }))
}

/** A completion moves the dashboard, the first quest and the weekly home's orbs. */
export function refreshAfterCompletion(queryClient: QueryClient, practiceId: string) {
  void queryClient.invalidateQueries({ queryKey: ['journey'] })
  void queryClient.invalidateQueries({ queryKey: ['weekly'] })
  void queryClient.invalidateQueries({ queryKey: ['practice', practiceId] })
}

// ── Completions SPEC calls "only logged": saved in the background, kept on the device until they land ───

const PENDING_KEY = 'lumin.pendingCompletions'
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000]

type Pending = Record<string, PracticeLog>

function readPending(): Pending {
  try {
    const value: unknown = JSON.parse(deviceStorage.get(PENDING_KEY) ?? '{}')
    return value && typeof value === 'object' ? (value as Pending) : {}
  } catch {
    return {}
  }
}

function writePending(update: (pending: Pending) => void) {
  const pending = readPending()
  update(pending)
  if (Object.keys(pending).length === 0) deviceStorage.remove(PENDING_KEY)
  else deviceStorage.set(PENDING_KEY, JSON.stringify(pending))
}

/** A refusal (4xx) won't change on retry; a network error or a server error might. */
function isRetryable(error: unknown) {
  return !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500)
}

/**
 * Completes a practice without holding the user up: the journey goes on at once, while the save is retried with the
 * same practice id until it lands (DESIGN §7 'Where SPEC says only logged'). The completion is kept on the device, so a
 * reload or a closed tab resumes it next time Lumin opens; the server completes a practice once however often it is sent.
 */
export async function completeInBackground(queryClient: QueryClient, practiceId: string, log: PracticeLog) {
  writePending((pending) => void (pending[practiceId] = log))
  for (let attempt = 0; ; attempt++) {
    try {
      await postCompletion(practiceId, log)
      break
    } catch (error) {
      if (!isRetryable(error) || attempt >= RETRY_DELAYS_MS.length) {
        console.warn('A practice could not be saved yet; it will be sent again next time.', error)
        if (!isRetryable(error)) writePending((pending) => void delete pending[practiceId])
        return
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]))
    }
  }
  writePending((pending) => void delete pending[practiceId])
  refreshAfterCompletion(queryClient, practiceId)
}

/** Sends the completions a closed tab left unsaved; called once when a signed-in session starts. */
export function resumePendingCompletions(queryClient: QueryClient) {
  for (const [practiceId, log] of Object.entries(readPending())) void completeInBackground(queryClient, practiceId, log)
}

