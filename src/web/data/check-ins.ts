import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { InferRequestType, InferResponseType } from 'hono/client'
import { LOW_MOODS } from '~/core/check-ins'
import { MOODS } from '~/core/moods'
import { api, ApiRequestError, call, userTimeZone } from '~/web/api'
import { STARTED_EARLY_FRESH_MS, WEEKLY_KEY } from '~/web/app/query-client'
import { sessionQuery, useSession } from '~/web/app/session'
import { deviceStorage, keptRecords, SEND_RETRY_DELAYS_MS, sendWhenOnline, unsentOutcome, warnUnsent } from '~/web/lib/device-storage'
import { PENDING_CHECK_INS_KEY } from './check-in-keys'

/*
 * The daily check-in (docs/product.md#check-in). Free of zod schemas: the check-in card loads it on the weekly home and
 * the dashboard, as part of its own chunk, and the shell through the card when check-ins wait on the device
 * (docs/decisions/0033, 0038).
 */

type Today = InferResponseType<(typeof api)['check-ins']['$get'], 200>
type CheckIn = Today['checkIns'][number]
/** A check-in as the device knows it: everything the server needs to store it, or to bring it up to date. */
type DeviceCheckIn = Required<Omit<InferRequestType<(typeof api)['check-ins']['$post']>['json'], 'note'>> & { note: string | null }
export type CheckInDetails = Pick<CheckIn, 'mood' | 'emotions' | 'dimensions' | 'note'>
/** A check-in the card shows, and whether the server has it as shown or it waits on this device. */
export type ShownCheckIn = CheckIn & { waiting: boolean }

/** Today's check-ins in the browser's zone, newest first, as the server has them. */
export const todayCheckInsQuery = queryOptions({
  queryKey: ['check-ins', 'today'],
  queryFn: () => call(api['check-ins'].$get({ query: { timeZone: userTimeZone() } })),
  staleTime: STARTED_EARLY_FRESH_MS,
})

// ── Kept on the device until the server has them, like unsaved practice completions (docs/decisions/0033) ──────────

const isText = (value: unknown) => typeof value === 'string'
const isTextList = (value: unknown) => Array.isArray(value) && value.every(isText)

/** A check-in as this app keeps it on the device: what the server checks again when it arrives. */
function isDeviceCheckIn(value: unknown): value is DeviceCheckIn {
  if (!value || typeof value !== 'object') return false
  const field = new Map<string, unknown>(Object.entries(value))
  const note = field.get('note')
  return (
    isText(field.get('id')) &&
    MOODS.some((mood) => mood === field.get('mood')) &&
    isTextList(field.get('emotions')) &&
    isTextList(field.get('dimensions')) &&
    (note === null || isText(note)) &&
    isText(field.get('at')) &&
    isText(field.get('timeZone'))
  )
}

/** Each user's waiting check-ins under their own key (lib/device-storage.ts). */
const waiting = keptRecords(PENDING_CHECK_INS_KEY, isDeviceCheckIn)
const readPending = waiting.read

const listeners = new Set<() => void>()
let snapshot: { key: string; raw: string | null; value: readonly DeviceCheckIn[] } = { key: '', raw: null, value: [] }

function writePending(userId: string, update: (pending: Record<string, DeviceCheckIn>) => void) {
  waiting.write(userId, update)
  for (const listener of listeners) listener()
}

/** The same list for as long as the stored text is the same, as useSyncExternalStore asks. */
function pendingList(userId: string | undefined): readonly DeviceCheckIn[] {
  if (!userId) return []
  const key = waiting.key(userId)
  const raw = deviceStorage.get(key)
  if (snapshot.key !== key || snapshot.raw !== raw) snapshot = { key, raw, value: Object.values(readPending(userId)) }
  return snapshot.value
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i])
const sameDetails = (a: CheckInDetails, b: CheckInDetails) =>
  a.mood === b.mood && sameList(a.emotions, b.emotions) && sameList(a.dimensions, b.dimensions) && (a.note ?? null) === (b.note ?? null)

/** A refusal counts only for the user it was sent for: someone else signed in meanwhile says nothing of theirs. */
const stillSignedInAs = (queryClient: QueryClient, userId: string) => queryClient.getQueryData(sessionQuery.queryKey)?.id === userId

/** What became of a send: stored, kept on the device for later, or refused by the server with its reason. */
export type SendOutcome = { status: 'saved' } | { status: 'kept' } | { status: 'refused'; message: string }

/** One send at a time per check-in, each taking the newest version the device holds. */
const inFlight = new Map<string, Promise<SendOutcome>>()
const attempts = new Map<string, number>()

function flush(queryClient: QueryClient, userId: string, id: string): Promise<SendOutcome> {
  const key = `${userId}/${id}`
  const next = (inFlight.get(key) ?? Promise.resolve<SendOutcome>({ status: 'kept' })).then(() => sendLatest(queryClient, userId, id))
  inFlight.set(key, next)
  void next.finally(() => {
    if (inFlight.get(key) === next) inFlight.delete(key)
  })
  return next
}

/**
 * Sends the device's version of a check-in: a POST under its id (a second one stores nothing new and answers the
 * stored check-in), then a PATCH when the details changed since the stored one was sent.
 */
async function sendLatest(queryClient: QueryClient, userId: string, id: string): Promise<SendOutcome> {
  const checkIn = readPending(userId)[id]
  if (!checkIn) return { status: 'saved' }
  // Offline, nothing is tried: the 'online' event sends it (resumePendingCheckIns).
  if (!navigator.onLine) return { status: 'kept' }
  const key = `${userId}/${id}`
  try {
    let stored = (await call(api['check-ins'].$post({ json: checkIn }))).checkIn
    if (!sameDetails(stored, checkIn)) {
      const { mood, emotions, dimensions, note } = checkIn
      stored = (await call(api['check-ins'][':id'].$patch({ param: { id }, json: { mood, emotions, dimensions, note } }))).checkIn
    }
    attempts.delete(key)
    // A change made while this send was on its way stays kept, and goes next.
    writePending(userId, (pending) => {
      if (pending[id] && sameDetails(pending[id], checkIn)) delete pending[id]
    })
    showStored(queryClient, stored)
    return { status: 'saved' }
  } catch (error) {
    const outcome = unsentOutcome(error instanceof ApiRequestError ? error.status : undefined)
    if (outcome === 'refused' && stillSignedInAs(queryClient, userId)) {
      warnUnsent('A check-in', true, error)
      writePending(userId, (pending) => void delete pending[id])
      return { status: 'refused', message: error instanceof Error ? error.message : 'The check-in was refused.' }
    }
    const attempt = attempts.get(key) ?? 0
    if (outcome === 'retry' && attempt < SEND_RETRY_DELAYS_MS.length) {
      attempts.set(key, attempt + 1)
      setTimeout(() => void flush(queryClient, userId, id), SEND_RETRY_DELAYS_MS[attempt])
    }
    warnUnsent('A check-in', false, error)
    return { status: 'kept' }
  }
}

/**
 * Puts a stored check-in into today's list at once, and asks for the list again: a list asked for before the check-in
 * was stored (the connection just back, say) would otherwise arrive after it without it. Refreshes the orbs too.
 */
function showStored(queryClient: QueryClient, stored: CheckIn) {
  const today = queryClient.getQueryData(todayCheckInsQuery.queryKey)
  if (today?.date === stored.localDate) {
    const others = today.checkIns.filter((c) => c.id !== stored.id)
    queryClient.setQueryData(todayCheckInsQuery.queryKey, { ...today, checkIns: [stored, ...others].sort((a, b) => b.at.localeCompare(a.at)) })
  }
  void queryClient.invalidateQueries({ queryKey: todayCheckInsQuery.queryKey })
  void queryClient.invalidateQueries({ queryKey: WEEKLY_KEY })
}

const whenOnline = sendWhenOnline()

/** Sends this user's waiting check-ins whenever the connection comes back; answers how to send them now. */
function sendWhenBackOnline(queryClient: QueryClient, userId: string) {
  return whenOnline(userId, () => {
    for (const id of Object.keys(readPending(userId))) {
      attempts.delete(`${userId}/${id}`)
      void flush(queryClient, userId, id)
    }
  })
}

/**
 * Sends the check-ins this user left waiting (offline, a closed tab, an expired session), now and whenever the
 * connection comes back; called by the shell, through the card's chunk, when a user is signed in and some wait.
 */
export function resumePendingCheckIns(queryClient: QueryClient, userId: string) {
  sendWhenBackOnline(queryClient, userId)()
}

// ── The card ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Today's check-ins as the card shows them: the server's, with those still waiting on this device in their newest
 * version, newest first. A waiting one counts as today's when its calendar date is the server's today.
 */
export function useTodayCheckIns() {
  const today = useQuery(todayCheckInsQuery)
  const userId = useSession().data?.id
  const waiting = useSyncExternalStore(subscribe, () => pendingList(userId))
  const checkIns = today.data?.checkIns ?? []
  // Offline before the list ever came, today is the browser's, and only what waits on the device is shown. Worked out
  // only when something waits: a phone takes a tenth of a second over its first date in a time zone.
  const date = waiting.length === 0 ? '' : (today.data?.date ?? localDate({ at: new Date().toISOString(), timeZone: userTimeZone() }))
  const kept = new Map(waiting.filter((c) => localDate(c) === date).map((c) => [c.id, c]))
  const shown: ShownCheckIn[] = checkIns.map((c) => {
    const mine = kept.get(c.id)
    kept.delete(c.id)
    return mine ? { ...c, ...mine, localDate: c.localDate, waiting: true } : { ...c, waiting: false }
  })
  // Not yet read by the server's crisis check: what it says comes with the server's answer.
  for (const c of kept.values()) shown.push({ ...c, localDate: date, waiting: true, crisis: false })
  // Hard days the device knows of besides the server's: check-ins of the days before, waiting here.
  const lowDates = [...(today.data?.lowDates ?? []), ...waiting.filter((c) => LOW_MOODS.includes(c.mood)).map(localDate)]
  return { ...today, checkIns: shown.sort((a, b) => b.at.localeCompare(a.at)), lowDates }
}

/** The calendar date of a check-in in its own zone, as the server will store it. */
function localDate({ at, timeZone }: { at: string; timeZone: string }) {
  try {
    // Swedish writes dates as YYYY-MM-DD.
    return new Date(at).toLocaleDateString('sv-SE', { timeZone })
  } catch {
    return ''
  }
}

/**
 * Records a check-in, new (a mood tapped: the device picks its id and moment) or changed (its details saved). It is
 * kept on the device at once, so the card shows it in the same frame, then sent; the answer says whether the server
 * has it, it waits on the device, or it was refused. Runs offline too: the device is where it waits.
 */
export function useRecordCheckIn() {
  const queryClient = useQueryClient()
  const userId = useSession().data?.id
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => (userId ? flush(queryClient, userId, id) : Promise.resolve<SendOutcome>({ status: 'refused', message: 'Please sign in to check in.' })),
  })
  const record = (input: CheckInDetails & { id: string; at?: string; timeZone?: string }, onDone: (outcome: SendOutcome) => void) => {
    const { id, at = new Date().toISOString(), timeZone = userTimeZone(), ...details } = input
    if (userId) {
      writePending(userId, (pending) => void (pending[id] = { id, at, timeZone, ...details }))
      attempts.delete(`${userId}/${id}`)
      sendWhenBackOnline(queryClient, userId)
    }
    mutation.mutate(id, { onSuccess: onDone })
  }
  return { record, sending: mutation.isPending }
}
