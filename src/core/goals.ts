/**
 * Life goals and their achievements (docs/product.md#goals, docs/product.md#badges): progress, status, the tiers a
 * progress has earned, the percentile, and the shapes of the requests that move them.
 */
import { z } from 'zod'

export const TIERS = ['Bronze', 'Silver', 'Gold', 'Diamond'] as const
export type Tier = (typeof TIERS)[number]

/** The progress, in percent, at which each tier is earned. */
export const TIER_THRESHOLDS: Record<Tier, number> = { Bronze: 25, Silver: 50, Gold: 75, Diamond: 100 }

/** The rounded percent of current to target, capped at 100 (docs/product.md#goals). */
export function goalProgress(current: number, target: number): number {
  if (!(target > 0) || !(current > 0)) return 0
  return Math.min(100, Math.round((current / target) * 100))
}

export const GOAL_STATUSES = ['in-progress', 'completed'] as const
export type GoalStatus = (typeof GOAL_STATUSES)[number]

/** Completed at 100 or more, otherwise in progress (docs/product.md#goals). */
export function goalStatus(progress: number): GoalStatus {
  return progress >= 100 ? 'completed' : 'in-progress'
}

/** The tiers a progress has reached, lowest first. */
export function tiersReached(progress: number): Tier[] {
  return TIERS.filter((tier) => progress >= TIER_THRESHOLDS[tier])
}

/** The tier and those above it: a Gold earner has also passed Bronze and Silver. */
export function tierAndAbove(tier: Tier): Tier[] {
  return TIERS.slice(TIERS.indexOf(tier))
}

/**
 * The percentile (docs/product.md#badges): the share, in %, of users with a goal in the category who have earned
 * this tier or higher, to one decimal. The earner is among both counts, so it is never 0. It reads 100 only when
 * every one of them has earned it: 1999 of 2000 is 99.9, not a rounded 100 (decision 0019).
 */
export function percentile(earners: number, usersWithGoal: number): number {
  if (usersWithGoal <= 0) return 100
  const share = Math.max(1, earners) / usersWithGoal
  if (share >= 1) return 100
  return Math.min(99.9, Math.round(share * 1000) / 10)
}

/** Below this many members with a goal in the category (at earn time), a percentile says little and may say too much. */
const PERCENTILE_COHORT_MIN = 20

/**
 * How an achievement's percentile reads, kindly and truthfully (decision 0019): 'Top 12.5%' once at least 20 members
 * had a goal in its category when it was earned; before that, 'One of the first to earn it'. When every one of them had
 * earned it, 'Top 100.0%' would be no news: it says so in words.
 */
export function percentileWording(value: number, cohort: number): string {
  if (cohort < PERCENTILE_COHORT_MIN) return 'One of the first to earn it'
  if (value >= 100) return `Earned by all ${cohort} members with a goal in this category`
  return `Top ${value.toFixed(1)}%`
}

/** The progress input's value, a non-number counting as 0, kept between 0 and the target (docs/product.md#goals). */
export function progressInputValue(text: string, target: number): number {
  const value = Number(text.trim())
  if (text.trim() === '' || !Number.isFinite(value)) return 0
  return Math.min(target, Math.max(0, value))
}

/** The goal's target date: the suggested timeframe counted from the day it was made, as YYYY-MM-DD. */
export function targetDateFrom(created: Date, timeframeDays: number): string {
  return new Date(created.getTime() + timeframeDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

export const startGoalChatSchema = z.object({
  // A category id is a Postgres integer: anything larger is no category, not a database error.
  categoryId: z.number('Choose a goal category.').int('Choose a goal category.').positive('Choose a goal category.').max(2 ** 31 - 1, 'Choose a goal category.'),
})

export const progressUpdateSchema = z.object({
  currentValue: z.number('Progress is a number.').finite('Progress is a number.').min(0, 'Progress is at least 0.').max(1e12, 'That number is too large.'),
})

export const tierSchema = z.enum(TIERS, 'The tier is one of Bronze, Silver, Gold or Diamond.')
