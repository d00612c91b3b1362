import { LIMITS } from '~/core/limits'
import type { Db } from '../../db/client'
import { ApiError } from '../../http'
import { hitRateLimit, settleRateLimit } from '../../rate-limit'

const DAY_MS = 24 * 60 * 60_000

/** Ends with the member's id, so that deleting the account deletes it (src/server/features/settings/queries.ts). */
export const memberBudgetKey = (userId: string) => `speech-chars:${userId}`
export const INSTANCE_BUDGET_KEY = 'speech-chars'

export const MEMBER_BUDGET_SPENT = "You have used today's share of Olo's voice. It will be back within a day."
export const INSTANCE_BUDGET_SPENT = "Olo's voice has read all this server allows for today. It will be back within a day."

/**
 * Takes `chars` from the member's and the whole instance's daily budgets of characters for the voice provider, before
 * it is asked, or refuses with 429 and Retry-After. Each reservation is one atomic upsert on the shared counters
 * (src/server/rate-limit.ts), so parallel requests on any number of instances can't pass a budget together. A refused
 * reservation is given back at once, since nothing was read for it; a request racing it may then be refused too, never
 * let through. An accepted one stays spent whatever the provider answers: the characters were sent.
 */
export async function reserveSpeech(db: Db, { userId, chars, instanceBudget }: { userId: string; chars: number; instanceBudget: number }) {
  const now = Date.now()
  const member = await hitRateLimit(db, memberBudgetKey(userId), LIMITS.speechCharsPerDay, DAY_MS, now, chars)
  if (!member.allowed) {
    await settleRateLimit(db, memberBudgetKey(userId), -chars)
    throw spent(MEMBER_BUDGET_SPENT, member.retryAfter)
  }
  const instance = await hitRateLimit(db, INSTANCE_BUDGET_KEY, instanceBudget, DAY_MS, now, chars)
  if (!instance.allowed) {
    await Promise.all([settleRateLimit(db, INSTANCE_BUDGET_KEY, -chars), settleRateLimit(db, memberBudgetKey(userId), -chars)])
    throw spent(INSTANCE_BUDGET_SPENT, instance.retryAfter)
  }
}

function spent(message: string, retryAfter: number) {
  return new ApiError('RATE_LIMITED', message, { 'Retry-After': String(retryAfter) })
}
