import { useSyncExternalStore } from 'react'
import { isBlank, SAFETY_PLAN_STEPS, type SafetyPlanLine } from '~/core/safety-plan'
import { SAFETY_PLAN_KEY_PREFIX, useSession } from '~/web/app/session'
import { deviceStorage } from '~/web/lib/device-storage'

/*
 * The member's safety plan as this device keeps it (docs/product.md#safety-plan, docs/decisions/0053): every line, and
 * the ids of those the server doesn't have as shown yet. Small and free of the plan's sending, so that a help card can
 * ask whether there is a plan (`useHasSafetyPlan`) without loading more; ./safety-plan-sync reads and saves the plan.
 */

export interface PlanOnDevice {
  lines: readonly SafetyPlanLine[]
  /** Lines written, changed or removed on this device that the server doesn't have yet, oldest change first. */
  unsent: readonly string[]
}

const isText = (value: unknown): value is string => typeof value === 'string'

/** A line as this app keeps it: anything else on the device (an older version, a hand-edited value) is dropped. */
function isLine(value: unknown): value is SafetyPlanLine {
  if (!value || typeof value !== 'object') return false
  const field = new Map<string, unknown>(Object.entries(value))
  const phone = field.get('phone')
  return (
    isText(field.get('id')) &&
    SAFETY_PLAN_STEPS.some((step) => step === field.get('step')) &&
    isText(field.get('text')) &&
    (phone === null || isText(phone)) &&
    Number.isInteger(field.get('position'))
  )
}

function parse(raw: string): PlanOnDevice | null {
  try {
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object' || !('lines' in value) || !('unsent' in value)) return null
    const { lines, unsent } = value
    if (!Array.isArray(lines) || !Array.isArray(unsent)) return null
    return { lines: lines.filter(isLine), unsent: unsent.filter(isText) }
  } catch {
    return null
  }
}

const planKey = (userId: string) => SAFETY_PLAN_KEY_PREFIX + userId

/** The plan this device keeps for the member, or null when it keeps none (never loaded here since they signed in). */
export function readPlan(userId: string): PlanOnDevice | null {
  const raw = deviceStorage.get(planKey(userId))
  return raw === null ? null : parse(raw)
}

const listeners = new Set<() => void>()

/** Keeps the member's plan on the device, and tells whoever shows it. */
export function writePlan(userId: string, plan: PlanOnDevice) {
  deviceStorage.set(planKey(userId), JSON.stringify(plan))
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  const fromAnotherTab = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(SAFETY_PLAN_KEY_PREFIX)) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', fromAnotherTab)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', fromAnotherTab)
  }
}

/** The same object for as long as the stored text is the same, as useSyncExternalStore asks. */
let snapshot: { key: string; raw: string | null; plan: PlanOnDevice | null } = { key: '', raw: null, plan: null }

function planSnapshot(userId: string | undefined) {
  if (!userId) return null
  const key = planKey(userId)
  const raw = deviceStorage.get(key)
  if (snapshot.key !== key || snapshot.raw !== raw) snapshot = { key, raw, plan: raw === null ? null : parse(raw) }
  return snapshot.plan
}

/** The signed-in member's plan as this device keeps it, following every change; null when it keeps none. */
export function usePlanOnDevice() {
  const userId = useSession().data?.id
  return useSyncExternalStore(subscribe, () => planSnapshot(userId))
}

/**
 * Whether the member has written anything in their safety plan: the help cards say "Your safety plan is ready when you
 * need it" then, and "Make a safety plan" before. Read from the device, so it holds offline too.
 */
export function useHasSafetyPlan(): boolean {
  return usePlanOnDevice()?.lines.some((line) => !isBlank(line)) ?? false
}
