import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import { hitRateLimit, settleRateLimit } from '../rate-limit'
import { DAY_MS } from './daily-budget'
import { createModerator, NoOpinion } from './moderation'
import { isCrisisConversation, isCrisisMessage } from './safety'

/**
 * Whether what a member wrote sounds like a crisis, read by the deterministic check first and always, then, where a
 * model provider is configured, by its moderation classifier (docs/decisions/0051-a-second-reader.md). Built once by
 * the app and handed to every feature that reads a member's words for a crisis: the chats, the journal, the check-ins.
 * Each answer is the deterministic check's when the classifier is off, spent, slow or failing: it never blocks the
 * member and never lets through what the deterministic check heard.
 */
export interface CrisisReader {
  /** One text the member wrote, whole: a journal entry (its title and text together), a check-in's note. */
  message(userId: string, text: string): Promise<boolean>
  /**
   * A chat's latest user messages, oldest first, the newest last: whether the newest sounds like a crisis, alone or
   * read on from the ones before it (src/server/olo/safety.ts, isCrisisConversation).
   */
  conversation(userId: string, recentUserMessages: readonly string[]): Promise<boolean>
}

const memberBudgetKey = (userId: string) => `olo-moderation:${userId}`
const INSTANCE_BUDGET_KEY = 'olo-moderation:instance'
/** As many messages as the deterministic check reads together. */
const MESSAGES_READ_TOGETHER = 3

export function createCrisisReader({ db, config, logger }: { db: Db; config: Config; logger: Logger }): CrisisReader {
  const moderation = config.olo.moderation
  if (moderation.provider === 'off') {
    return {
      message: async (_userId, text) => isCrisisMessage(text),
      conversation: async (_userId, recent) => isCrisisConversation(recent),
    }
  }
  const moderator = createModerator(moderation)
  const { provider, timeoutMs, dailyCharBudget } = moderation

  /**
   * Holds the text's characters against the member's and the instance's daily budgets, atomically, so parallel
   * requests can't pass either; a refused hold is given back, so a member past theirs spends nothing of the instance's.
   */
  async function withinBudget(userId: string, chars: number) {
    const now = Date.now()
    const [member, instance] = await Promise.all([
      hitRateLimit(db, memberBudgetKey(userId), LIMITS.moderationCharsPerDay, DAY_MS, now, chars),
      hitRateLimit(db, INSTANCE_BUDGET_KEY, dailyCharBudget, DAY_MS, now, chars),
    ])
    if (member.allowed && instance.allowed) return true
    await Promise.all([settleRateLimit(db, memberBudgetKey(userId), -chars), settleRateLimit(db, INSTANCE_BUDGET_KEY, -chars)])
    if (!instance.allowed) logger.warn({ provider, budget: dailyCharBudget }, "the second reader's daily budget is spent: the deterministic check reads alone")
    return false
  }

  /** The classifier's opinion, or false (the deterministic check's) when it has none in time. */
  async function moderate(userId: string, text: string) {
    if (text.trim() === '') return false
    const started = Date.now()
    try {
      if (!(await withinBudget(userId, text.length))) return false
      return await moderator(text, AbortSignal.timeout(timeoutMs))
    } catch (err) {
      const reason = err instanceof NoOpinion ? err.message : err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'it could not be asked'
      logger.warn({ provider, ms: Date.now() - started }, `the second reader gave no opinion (${reason}): the deterministic check read alone`)
      return false
    }
  }

  return {
    message: async (userId, text) => isCrisisMessage(text) || moderate(userId, text),
    async conversation(userId, recent) {
      if (isCrisisConversation(recent)) return true
      // Read together as the deterministic check reads them; an older message it flags alone is never sent anywhere.
      const together = recent.slice(-MESSAGES_READ_TOGETHER).filter((text, i, all) => i === all.length - 1 || !isCrisisMessage(text))
      return moderate(userId, together.join('\n'))
    },
  }
}
