import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { PracticeLog } from '~/core/journey'
import { api, ApiRequestError, call } from '~/web/api'
import { sessionQuery, useSession } from '~/web/app/session'
import { deviceStorage, keptRecords } from '~/web/lib/device-storage'
import { journeyQuery } from './journey'
import { keepNews } from './practice-news'
import { practiceQuery } from './practices'
import { WEEKLY_KEY } from '~/web/app/query-client'

/*
 * Completing a practice. Free of zod schemas, because the shell loads it as soon as a member is signed in, on any
 * page, to resume unsaved completions.
 */

function postCompletion(practiceId: string, log: PracticeLog) {
  return call(api.practices[':id'].complete.$post({ param: { id: practiceId }, json: log }))
}

/** A completion moves the dashboard, the first quest and the weekly home's orbs. */
function refreshAfterCompletion(queryClient: QueryClient, practiceId: string) {
  void queryClient.invalidateQueries({ queryKey: journeyQuery.queryKey })
  void queryClient.invalidateQueries({ queryKey: WEEKLY_KEY })
  void queryClient.invalidateQueries({ queryKey: practiceQuery(practiceId).queryKey })
}

// ── "Only logged" completions (docs/product.md#practices): saved in the background, kept on the device until they land

/** Each user's unsaved completions under their own key, so one person's can never be sent as another's. */
const PENDING_KEY_PREFIX = 'lumin.pendingCompletions.'
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000]


/** The completions being sent right now in this tab (user and practice), so a resume doesn't send one twice at once. */
const sending = new Set<string>()

/**
 * A log in the shape completePracticeSchema gives it, read back from the device without zod (see above). The server
 * checks the rest; an entry this device can't have written is dropped rather than sent.
 */
function isPracticeLog(value: unknown): value is PracticeLog {
  if (!value || typeof value !== 'object') return false
  return Object.entries(value).every(([field, item]: [string, unknown]) =>
    field === 'steps' ? typeof item === 'number' : (field === 'observation' || field === 'kindnessAct') && typeof item === 'string',
  )
}

const waiting = keptRecords(PENDING_KEY_PREFIX, isPracticeLog)
const readPending = waiting.read
const writePending = waiting.write

/**
 * What a failed save means for the completion kept on the device:
 * - `later`: the session has ended or doesn't let it through (401, 403): it stays until this user is signed in again;
 * - `refused`: the server won't take it, now or ever (any other 4xx: a practice that isn't theirs, a log it rejects);
 * - `retry`: a network error or a server error, which may pass on its own.
 */
function classify(error: unknown): 'later' | 'refused' | 'retry' {
  if (!(error instanceof ApiRequestError) || error.status < 400 || error.status >= 500) return 'retry'
  return error.status === 401 || error.status === 403 ? 'later' : 'refused'
}

/**
 * Whether the browser's session still belongs to `userId`, asked of the server. A refusal counts only then: if someone
 * else has signed in meanwhile (here or in another tab), their 404 says nothing about this user's practice.
 */
async function stillSignedInAs(queryClient: QueryClient, userId: string) {
  try {
    return (await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }))?.id === userId
  } catch {
    return false
  }
}

async function send(queryClient: QueryClient, userId: string, practiceId: string, log: PracticeLog) {
  for (let attempt = 0; ; attempt++) {
    try {
      keepNews(queryClient, practiceId, (await postCompletion(practiceId, log)).earned)
      break
    } catch (error) {
      // A failed save is only logged (docs/product.md#errors); the user has already moved on.
      const outcome = classify(error)
      if (outcome === 'retry' && attempt < RETRY_DELAYS_MS.length) {
        console.warn(`A practice could not be saved; trying again in ${RETRY_DELAYS_MS[attempt]! / 1000} s.`, error)
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]))
        continue
      }
      if (outcome === 'refused' && (await stillSignedInAs(queryClient, userId))) {
        console.warn('A practice could not be saved: the server refused it, so it will not be sent again.', error)
        writePending(userId, (pending) => void delete pending[practiceId])
      } else {
        console.warn('A practice could not be saved yet; it is kept on this device and sent when Lumin next opens signed in.', error)
      }
      return
    }
  }
  writePending(userId, (pending) => void delete pending[practiceId])
  refreshAfterCompletion(queryClient, practiceId)
}

/**
 * Completes a practice without holding the user up: the journey goes on at once, while the save is retried with the
 * same practice id until it lands (docs/product.md#practices). The completion is kept on the device under the user's
 * id, so a reload, a closed tab or an expired session resumes it the next time this user is signed in; the server
 * completes a practice once however often it is sent.
 */
async function completeInBackground(queryClient: QueryClient, userId: string, practiceId: string, log: PracticeLog) {
  writePending(userId, (pending) => void (pending[practiceId] = log))
  const key = `${userId}/${practiceId}`
  if (sending.has(key)) return
  sending.add(key)
  try {
    await send(queryClient, userId, practiceId, log)
  } finally {
    sending.delete(key)
  }
}

/** Sends the completions this user left unsaved (a closed tab, an expired session); called when a user is signed in. */
export function resumePendingCompletions(queryClient: QueryClient, userId: string) {
  for (const [practiceId, log] of Object.entries(readPending(userId))) void completeInBackground(queryClient, userId, practiceId, log)
}

/** Forgets this user's unsaved completions on this device, as their account is deleted. */
export function forgetPendingCompletions(userId: string) {
  deviceStorage.remove(PENDING_KEY_PREFIX + userId)
}

/**
 * Completes a practice. `background: true` for the timed exercises and breathing, whose save failure is only logged;
 * otherwise the caller awaits it and shows its alert when it fails (step quest, sensory safari, kindness quest;
 * docs/product.md#practice-logs).
 */
export function useCompletePractice({ background = false }: { background?: boolean } = {}) {
  const queryClient = useQueryClient()
  // A background save is kept on the device under the id of the user the screen was shown to, even if their session
  // has expired since (the save then waits for them to sign in again).
  const userId = useSession().data?.id
  return useMutation({
    mutationFn: async ({ practiceId, log }: { practiceId: string; log: PracticeLog }) => {
      if (background) {
        if (userId) void completeInBackground(queryClient, userId, practiceId, log)
        else console.warn('A practice could not be saved: the session could not be read.')
        return
      }
      keepNews(queryClient, practiceId, (await postCompletion(practiceId, log)).earned)
      refreshAfterCompletion(queryClient, practiceId)
    },
  })
}
