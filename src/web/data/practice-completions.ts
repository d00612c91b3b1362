import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { PracticeLog } from '~/core/journey'
import { LATEST_ARRIVAL_DAYS } from '~/core/late-arrivals'
import { PATHS, type PathName } from '~/core/paths'
import { isOneOf } from '~/core/lists'
import { api, ApiRequestError, call } from '~/web/api'
import { sessionQuery, useSession } from '~/web/app/session'
import { deviceStorage, keptRecords, SEND_RETRY_DELAYS_MS, sendWhenOnline, unsentOutcome, warnUnsent } from '~/web/lib/device-storage'
import { keepNews } from './practice-news'
import { practiceQuery } from './practices'
import { JOURNEY_KEY, WEEKLY_KEY } from '~/web/app/query-client'

/*
 * Completing a practice, and beginning one without a connection. Free of zod schemas, because the shell loads it as
 * soon as a member is signed in, on any page, to resume unsaved completions.
 */

function postCompletion(practiceId: string, log: PracticeLog) {
  return call(api.practices[':id'].complete.$post({ param: { id: practiceId }, json: log }))
}

/**
 * A completion moves the dashboard, the first quest and the weekly home's orbs. Resolves once a journey on screen has
 * the server's answer with it.
 */
function refreshAfterCompletion(queryClient: QueryClient, practiceId: string) {
  void queryClient.invalidateQueries({ queryKey: WEEKLY_KEY })
  void queryClient.invalidateQueries({ queryKey: practiceQuery(practiceId).queryKey })
  return queryClient.invalidateQueries({ queryKey: JOURNEY_KEY }).catch(() => {})
}

// ── "Only logged" completions (docs/product.md#practices): saved in the background, kept on the device until they land

/** Each user's unsaved completions under their own key, so one person's can never be sent as another's. */
const PENDING_KEY_PREFIX = 'lumin.pendingCompletions.'

/** The completions being sent right now in this tab (user and practice), so a resume doesn't send one twice at once. */
const sending = new Set<string>()

/**
 * A log in the shape completePracticeSchema gives it, read back from the device without zod (see above). The server
 * checks the rest; an entry this device can't have written is dropped rather than sent.
 */
function isPracticeLog(value: unknown): value is PracticeLog {
  if (!value || typeof value !== 'object') return false
  return Object.entries(value).every(([field, item]: [string, unknown]) =>
    field === 'steps' ? typeof item === 'number' : (field === 'observation' || field === 'kindnessAct' || field === 'at') && typeof item === 'string',
  )
}

const waiting = keptRecords(PENDING_KEY_PREFIX, isPracticeLog)
const readPending = waiting.read
const writePending = waiting.write

// ── Practices begun offline (docs/decisions/0046): begun on the device, sent before their completion ─────────────────

/**
 * A practice the device began without a connection: what the server needs to log it (the exercise, the path the member
 * was on, when it began) and the title its exercise screen shows until then.
 */
export type PracticeBegunOffline = { exercise: number; path: PathName; at: string; title: string }

const BEGUN_KEY_PREFIX = 'lumin.practicesBegunOffline.'

function isBegunOffline(value: unknown): value is PracticeBegunOffline {
  if (!value || typeof value !== 'object') return false
  const field = new Map<string, unknown>(Object.entries(value))
  return typeof field.get('exercise') === 'number' && isOneOf(PATHS, field.get('path')) && typeof field.get('at') === 'string' && typeof field.get('title') === 'string'
}

const begunOffline = keptRecords(BEGUN_KEY_PREFIX, isBegunOffline)

/** Keeps a practice begun on this device without a connection; its id is the device's. */
export function keepPracticeBegunOffline(userId: string, practiceId: string, practice: PracticeBegunOffline) {
  begunOffline.write(userId, (kept) => void (kept[practiceId] = practice))
}

/** A practice this user began offline that the server doesn't have yet, for its exercise screen; null otherwise. */
export function practiceBegunOffline(userId: string | undefined, practiceId: string | null) {
  return userId && practiceId ? (begunOffline.read(userId)[practiceId] ?? null) : null
}

/** Sends a practice begun offline, so its completion has a practice to complete; the server logs each id once. */
async function sendBegun(userId: string, practiceId: string) {
  const begun = begunOffline.read(userId)[practiceId]
  if (!begun) return
  const { exercise, path, at } = begun
  await call(api.practices.$post({ json: { exercise, offline: { id: practiceId, at, path } } }))
  begunOffline.write(userId, (kept) => void delete kept[practiceId])
}

/** Forgets practices begun offline and never finished once the server would refuse them as too old. */
function forgetAbandoned(userId: string) {
  const oldest = Date.now() - LATEST_ARRIVAL_DAYS * 86_400_000
  const pending = readPending(userId)
  begunOffline.write(userId, (kept) => {
    for (const [id, begun] of Object.entries(kept)) if (!pending[id] && !(Date.parse(begun.at) > oldest)) delete kept[id]
  })
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
    // Offline, nothing is tried: the 'online' event sends it (resumePendingCompletions).
    if (!navigator.onLine) return
    try {
      await sendBegun(userId, practiceId)
      keepNews(queryClient, practiceId, (await postCompletion(practiceId, log)).earned)
      break
    } catch (error) {
      const outcome = unsentOutcome(error instanceof ApiRequestError ? error.status : undefined)
      if (outcome === 'retry' && attempt < SEND_RETRY_DELAYS_MS.length) {
        warnUnsent('A practice', false, error)
        await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_DELAYS_MS[attempt]))
        continue
      }
      if (outcome === 'refused' && (await stillSignedInAs(queryClient, userId))) {
        warnUnsent('A practice', true, error)
        writePending(userId, (pending) => void delete pending[practiceId])
        begunOffline.write(userId, (kept) => void delete kept[practiceId])
      } else {
        warnUnsent('A practice', false, error)
      }
      return
    }
  }
  // Forgotten once the journey on screen has it from the server, so its step doesn't go dark in between.
  await refreshAfterCompletion(queryClient, practiceId)
  writePending(userId, (pending) => void delete pending[practiceId])
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

const whenOnline = sendWhenOnline()

/**
 * Sends the completions this user left unsaved (offline, a closed tab, an expired session), now and whenever the
 * connection comes back; called when a user is signed in.
 */
export function resumePendingCompletions(queryClient: QueryClient, userId: string) {
  const send = whenOnline(userId, () => {
    for (const [practiceId, log] of Object.entries(readPending(userId))) void completeInBackground(queryClient, userId, practiceId, log)
  })
  forgetAbandoned(userId)
  send()
}

// ── Practices waiting on the device, for the dashboard (docs/decisions/0046) ───────────────────────────────────────────

/** A practice done on this device that the server doesn't have yet: the path it was done on and its exercise. */
export type PracticeWaiting = { path: string; exercise: number }

type PracticesWaiting = { count: number; steps: PracticeWaiting[] }
const NONE_WAITING: PracticesWaiting = { count: 0, steps: [] }

function subscribeToWaiting(listener: () => void) {
  const unsubscribe = [waiting.subscribe(listener), begunOffline.subscribe(listener)]
  return () => unsubscribe.forEach((stop) => stop())
}

/** The last answer of practicesWaiting, by what the device held: the same object while nothing changed. */
let lastWaiting: { held: string; answer: PracticesWaiting } | null = null

function practicesWaiting(queryClient: QueryClient, userId: string): PracticesWaiting {
  const held = `${userId}|${deviceStorage.get(waiting.key(userId))}|${deviceStorage.get(begunOffline.key(userId))}`
  if (lastWaiting?.held === held) return lastWaiting.answer
  const begun = begunOffline.read(userId)
  const pending = Object.keys(readPending(userId))
  const steps = pending.flatMap((practiceId): PracticeWaiting[] => {
    const offline = begun[practiceId]
    if (offline) return [{ path: offline.path, exercise: offline.exercise }]
    const online = queryClient.getQueryData(practiceQuery(practiceId).queryKey)
    return online ? [{ path: online.path, exercise: online.exerciseNumber }] : []
  })
  lastWaiting = { held, answer: pending.length === 0 ? NONE_WAITING : { count: pending.length, steps } }
  return lastWaiting.answer
}

/**
 * The practices this member has done on this device that the server doesn't have yet: `count` of them all, and
 * `steps`, those whose exercise the device knows (begun offline, or begun online and still in the query cache), for
 * the path to go on past them until they land. Changes as they are kept and sent.
 */
export function usePracticesWaiting() {
  const queryClient = useQueryClient()
  const userId = useSession().data?.id
  return useSyncExternalStore(subscribeToWaiting, () => (userId ? practicesWaiting(queryClient, userId) : NONE_WAITING))
}

/** Forgets this user's unsaved completions and practices begun offline on this device, as their account is deleted. */
export function forgetPendingCompletions(userId: string) {
  deviceStorage.remove(PENDING_KEY_PREFIX + userId, BEGUN_KEY_PREFIX + userId)
}

/**
 * Completes a practice, dated now. `background: true` for the timed exercises and breathing, whose save failure is only
 * logged; otherwise the caller awaits it and shows its alert when the server refuses it (step quest, sensory safari,
 * kindness quest; docs/product.md#practice-logs). A practice begun offline is sent first. Without a connection the log
 * is kept on the device, as a background one is, and sent with the rest when the connection is back: nothing fails
 * (docs/decisions/0046).
 */
export function useCompletePractice({ background = false }: { background?: boolean } = {}) {
  const queryClient = useQueryClient()
  // A background save is kept on the device under the id of the user the screen was shown to, even if their session
  // has expired since (the save then waits for them to sign in again).
  const userId = useSession().data?.id
  return useMutation({
    // Offline is when the device keeps the completion: the mutation must run then, not wait for the network.
    networkMode: 'always',
    mutationFn: async ({ practiceId, log: what }: { practiceId: string; log: PracticeLog }) => {
      const log = { ...what, at: new Date().toISOString() }
      const keep = () => {
        if (userId) void completeInBackground(queryClient, userId, practiceId, log)
        else console.warn('A practice could not be saved: the session could not be read.')
      }
      if (background || !navigator.onLine) return keep()
      try {
        if (userId) await sendBegun(userId, practiceId)
        keepNews(queryClient, practiceId, (await postCompletion(practiceId, log)).earned)
      } catch (error) {
        // No answer at all: the connection went, so the log waits on the device like any other offline one.
        if (!(error instanceof ApiRequestError)) return keep()
        throw error
      }
      void refreshAfterCompletion(queryClient, practiceId)
    },
  })
}
