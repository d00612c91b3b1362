import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { isBlank, lineProblem, type SafetyPlanLine, type SafetyPlanStep } from '~/core/safety-plan'
import { api, ApiRequestError, call } from '~/web/api'
import { sessionQuery, useSession } from '~/web/app/session'
import { SEND_RETRY_DELAYS_MS, sendWhenOnline, unsentOutcome, warnUnsent } from '~/web/lib/device-storage'
import { useOnline } from '~/web/lib/online'
import { readPlan, usePlanOnDevice, writePlan, type PlanOnDevice } from './safety-plan'

/*
 * Reading and saving the member's safety plan (docs/decisions/0053). The device's copy is what the screen shows, online
 * or not: every change is kept there first, with its line's id among the unsent, then sent a line at a time under that
 * id (PUT to write it, DELETE once it is removed or emptied) a moment after the member pauses; the line leaves the
 * unsent only once the server has it as shown. The server's plan is folded into the device's whenever it is read.
 */

/** A line is sent this long after the member last changed it, so a sentence typed is one save, not one a letter. */
const SEND_AFTER_MS = 800

const NO_PLAN: PlanOnDevice = { lines: [], unsent: [] }

/** Changes made or sent on this device: a read of the server's plan that raced one is read again, not folded in. */
let changes = 0

/** Whether `userId` is still who is signed in: nothing is written to the device for someone who has signed out. */
const stillSignedInAs = (queryClient: QueryClient, userId: string) => queryClient.getQueryData(sessionQuery.queryKey)?.id === userId

/**
 * The server's plan folded into the device's. A line the device has changed or removed and not yet sent keeps the
 * device's version; a blank line the member is still writing stays; any other line the device has and the server
 * hasn't was removed on another device, and goes.
 */
export function mergePlan(device: PlanOnDevice, server: readonly SafetyPlanLine[]): PlanOnDevice {
  const unsent = new Set(device.unsent)
  const onDevice = new Map(device.lines.map((line) => [line.id, line]))
  const onServer = new Set(server.map((line) => line.id))
  const lines = server.flatMap((line) => (unsent.has(line.id) ? (onDevice.has(line.id) ? [onDevice.get(line.id)!] : []) : [line]))
  for (const line of device.lines) if (!onServer.has(line.id) && (unsent.has(line.id) || isBlank(line))) lines.push(line)
  return { lines, unsent: device.unsent }
}

/** The member's plan from the server, folded into what the device keeps (which the screen shows). */
const safetyPlanQuery = (queryClient: QueryClient, userId: string) =>
  queryOptions({
    queryKey: ['safety-plan', userId],
    queryFn: async () => {
      for (let tries = 1; ; tries++) {
        const before = changes
        const { lines } = await call(api['safety-plan'].$get())
        // A change made or sent meanwhile may be missing from this answer: it is asked again, then taken as it is (the
        // device's unsent lines win whatever it says).
        if (before !== changes && tries < 3) continue
        const plan = mergePlan(readPlan(userId) ?? NO_PLAN, lines)
        if (stillSignedInAs(queryClient, userId)) writePlan(userId, plan)
        return plan
      }
    },
  })

// ── Sending, a line at a time ─────────────────────────────────────────────────────────────────────────────────────

const timers = new Map<string, ReturnType<typeof setTimeout>>()
const inFlight = new Map<string, Promise<void>>()
const attempts = new Map<string, number>()
/** Lines the server refused in this visit: kept on the device, and tried again on the next visit or change. */
const refused = new Set<string>()

const sameLine = (a: SafetyPlanLine | undefined, b: SafetyPlanLine | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.step === b.step && a.text === b.text && a.phone === b.phone && a.position === b.position)

/** One send at a time per line, each taking the newest version the device holds. */
function flush(queryClient: QueryClient, userId: string, id: string): Promise<void> {
  const key = `${userId}/${id}`
  clearTimeout(timers.get(key))
  timers.delete(key)
  const next = (inFlight.get(key) ?? Promise.resolve()).then(() => sendLatest(queryClient, userId, id))
  inFlight.set(key, next)
  void next.finally(() => {
    if (inFlight.get(key) === next) inFlight.delete(key)
  })
  return next
}

async function sendLatest(queryClient: QueryClient, userId: string, id: string) {
  const key = `${userId}/${id}`
  const plan = readPlan(userId)
  // Offline, nothing is tried: the 'online' event sends it.
  if (!plan?.unsent.includes(id) || !navigator.onLine) return
  const line = plan.lines.find((l) => l.id === id)
  // A number that can't be dialled waits on the device until the member mends it; the screen says what is wrong.
  if (line && lineProblem(line)) return
  try {
    if (!line || isBlank(line)) await removeOnServer(id)
    else await call(api['safety-plan'].lines[':id'].$put({ param: { id }, json: { step: line.step, text: line.text, phone: line.phone?.trim() || null, position: line.position } }))
    attempts.delete(key)
    refused.delete(key)
    changes++
    const now = readPlan(userId)
    // A change made while this one was on its way stays unsent, and goes next.
    if (now && stillSignedInAs(queryClient, userId) && sameLine(now.lines.find((l) => l.id === id), line)) writePlan(userId, { ...now, unsent: now.unsent.filter((u) => u !== id) })
  } catch (error) {
    const outcome = unsentOutcome(error instanceof ApiRequestError ? error.status : undefined)
    warnUnsent('A line of the safety plan', false, error)
    if (outcome === 'refused') refused.add(key)
    const attempt = attempts.get(key) ?? 0
    if (outcome === 'retry' && attempt < SEND_RETRY_DELAYS_MS.length) {
      attempts.set(key, attempt + 1)
      timers.set(
        key,
        setTimeout(() => void flush(queryClient, userId, id), SEND_RETRY_DELAYS_MS[attempt]),
      )
    }
  }
}

/** Removes a line on the server; one it doesn't have (removed before, or never sent) is gone already. */
async function removeOnServer(id: string) {
  try {
    await call(api['safety-plan'].lines[':id'].$delete({ param: { id } }))
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error
  }
}

function sendAll(queryClient: QueryClient, userId: string) {
  for (const id of readPlan(userId)?.unsent ?? []) {
    attempts.delete(`${userId}/${id}`)
    void flush(queryClient, userId, id)
  }
}

const whenOnline = sendWhenOnline()

/**
 * Keeps the signed-in member's plan on this device and sends what waits (called by the shell once someone is signed
 * in): the plan is read from the server when the device keeps none yet, so it opens offline after a sign-in; the lines
 * changed offline are sent now and whenever the connection comes back.
 */
export async function resumeSafetyPlan(queryClient: QueryClient, userId: string) {
  whenOnline(userId, () => sendAll(queryClient, userId))
  if (readPlan(userId) === null) await queryClient.fetchQuery(safetyPlanQuery(queryClient, userId))
  sendAll(queryClient, userId)
}

// ── The screen ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The member's plan for the screen: the device's copy, refreshed from the server as the screen opens. `plan` is null
 * only while a device that keeps none reads it for the first time (`read` says how that goes).
 */
export function useSafetyPlan() {
  const queryClient = useQueryClient()
  const userId = useSession().data?.id ?? ''
  const plan = usePlanOnDevice()
  const read = useQuery({ ...safetyPlanQuery(queryClient, userId), enabled: userId !== '' })
  useEffect(() => {
    if (!userId) return
    whenOnline(userId, () => sendAll(queryClient, userId))()
    // A phone may close the tab without warning once it is hidden: what waits goes now.
    const sendWhenHidden = () => document.visibilityState === 'hidden' && sendAll(queryClient, userId)
    document.addEventListener('visibilitychange', sendWhenHidden)
    return () => document.removeEventListener('visibilitychange', sendWhenHidden)
  }, [queryClient, userId])
  return { plan, read }
}

/** How the member's changes stand: all saved, being sent, or kept on the device until the connection is back. */
export function useSaveState(plan: PlanOnDevice | null): 'saved' | 'saving' | 'kept' {
  const online = useOnline()
  const userId = useSession().data?.id
  const waiting = (plan?.unsent ?? []).filter((id) => {
    const line = plan!.lines.find((l) => l.id === id)
    return !refused.has(`${userId}/${id}`) && !(line && lineProblem(line))
  })
  if (waiting.length === 0) return 'saved'
  return online ? 'saving' : 'kept'
}

/**
 * Changing the plan, for the screen: `write` keeps a line as the member types it and sends it once they pause, `add`
 * starts a line at the end of a step (answering its id), `ensureLine` gives an empty step a blank line, `remove` takes
 * one away, and `sendNow` sends what waits at once (leaving a step). Each works offline: the device is where the change
 * waits.
 */
export function useEditSafetyPlan() {
  const queryClient = useQueryClient()
  const userId = useSession().data?.id
  return useMemo(() => {
    /** Keeps a change on the device; `unsent` unless it is a blank line the server never had. */
    function change(id: string, update: (lines: SafetyPlanLine[]) => SafetyPlanLine[], unsent = true) {
      if (!userId) return
      const plan = readPlan(userId) ?? NO_PLAN
      changes++
      refused.delete(`${userId}/${id}`)
      const others = plan.unsent.filter((u) => u !== id)
      writePlan(userId, { lines: update([...plan.lines]), unsent: unsent ? [...others, id] : others })
    }
    function later(id: string) {
      if (!userId) return
      const key = `${userId}/${id}`
      clearTimeout(timers.get(key))
      timers.set(
        key,
        setTimeout(() => void flush(queryClient, userId, id), SEND_AFTER_MS),
      )
    }
    function add(step: SafetyPlanStep, text = ''): string {
      const id = crypto.randomUUID()
      const lines = userId ? (readPlan(userId)?.lines ?? []) : []
      const position = Math.max(-1, ...lines.filter((l) => l.step === step).map((l) => l.position)) + 1
      change(id, (all) => [...all, { id, step, text, phone: null, position }], text !== '')
      if (text) later(id)
      return id
    }
    return {
      write(line: SafetyPlanLine) {
        change(line.id, (lines) => lines.map((l) => (l.id === line.id ? line : l)))
        later(line.id)
      },
      add,
      ensureLine(step: SafetyPlanStep) {
        if (userId && !readPlan(userId)?.lines.some((line) => line.step === step)) add(step)
      },
      remove(id: string) {
        if (!userId) return
        const plan = readPlan(userId)
        const line = plan?.lines.find((l) => l.id === id)
        // A blank line with nothing waiting was never on the server (emptying a saved one leaves its removal waiting).
        const onServer = !line || !isBlank(line) || plan!.unsent.includes(id)
        change(id, (lines) => lines.filter((l) => l.id !== id), onServer)
        if (onServer) void flush(queryClient, userId, id)
      },
      sendNow() {
        if (userId) sendAll(queryClient, userId)
      },
    }
  }, [queryClient, userId])
}
