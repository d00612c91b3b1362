import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { ApiError } from '../http'
import type { Logger } from '../logger'
import { hitRateLimit, settleRateLimit } from '../rate-limit'
import type { Guide, GuideRequest } from './guide'
import { mostTokensOfATurn } from './model-guide'
import type { ScriptOf } from './script-reader'

export const DAY_MS = 24 * 60 * 60 * 1000
export const TALKED_ENOUGH_TODAY = 'Olo has talked a lot with you today. Please come back tomorrow.'
export const talkedEnough = (retryAfter: number) => new ApiError('RATE_LIMITED', TALKED_ENOUGH_TODAY, { 'Retry-After': String(retryAfter) })
const tokenBudgetKey = (userId: string) => `olo-tokens:${userId}`
/** What every member together may spend on the model in a day (OLO_DAILY_TOKEN_BUDGET). */
const INSTANCE_TOKEN_BUDGET_KEY = 'olo-tokens:instance'

export interface BudgetDeps {
  db: Db
  config: Config
  logger: Logger
  /** The configured guide, and the offline one that answers once the instance's daily tokens are spent. */
  guide: Guide
  offlineGuide: Guide
  scriptOf: ScriptOf
}

/**
 * Holds the most this turn may cost against the member's daily budget and the instance's, atomically, so parallel
 * turns can't pass either. Over the member's: refused. Over the instance's: the offline guide answers this turn, which
 * costs nothing. The offline provider costs nothing, so it holds nothing.
 */
export async function reserveTokens(
  { db, config, logger, guide, offlineGuide, scriptOf }: BudgetDeps,
  userId: string,
  conversation: { scriptId: number },
  request: Pick<GuideRequest, 'kind' | 'history' | 'reflection' | 'recap' | 'distressed'>,
) {
  if (config.olo.provider === 'offline') return { answerer: guide, reserved: 0 }
  const script = (await scriptOf(conversation.scriptId))!
  // A reflection's entry and a recap's week go into the instructions, so they are counted like the rest of the prompt.
  const reserved = mostTokensOfATurn({ ...request, masterPrompt: script.masterPrompt })
  const now = Date.now()
  const [member, instance] = await Promise.all([
    hitRateLimit(db, tokenBudgetKey(userId), LIMITS.modelTokensPerDay, DAY_MS, now, reserved),
    hitRateLimit(db, INSTANCE_TOKEN_BUDGET_KEY, config.olo.dailyTokenBudget, DAY_MS, now, reserved),
  ])
  if (member.allowed && instance.allowed) return { answerer: guide, reserved }
  await giveBack(db, userId, reserved)
  if (!member.allowed) throw talkedEnough(member.retryAfter)
  logger.warn({ budget: config.olo.dailyTokenBudget }, "the instance's daily token budget is spent: the offline guide answers")
  return { answerer: offlineGuide, reserved: 0 }
}

/** Settles a reservation: what the turn really spent replaces what was held. */
export async function settleTokens(db: Db, userId: string, reserved: number, spent: number) {
  await Promise.all([settleRateLimit(db, tokenBudgetKey(userId), spent - reserved), settleRateLimit(db, INSTANCE_TOKEN_BUDGET_KEY, spent - reserved)])
}

export const giveBack = (db: Db, userId: string, reserved: number) => settleTokens(db, userId, reserved, 0)
