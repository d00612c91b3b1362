/*
 * The rules of Stats and its Insights (docs/product.md#stats, docs/decisions/0041): the ranges, the series each chart
 * draws from the server's per-day and per-week sums, the forgiving streak, the insights with their minimum of days, and
 * the one-sentence text alternative of each chart. Free of zod: the /stats screen loads the chart sentences.
 */
import type { Emotion } from './check-ins'
import { addDays } from './local-time'
import { checkInWord, MOODS, type Mood } from './moods'
import { moodNearest } from './mood-scores'
import { DIMENSION_INFO, DIMENSIONS, type Dimension } from './dimensions'
import type { GameType, PathName } from './paths'
import { PATHS } from './paths'
import { BREATHING_SECONDS, FOCUS_STEP_SECONDS, MEDITATION_SECONDS, MOVEMENT_PHASE_SECONDS } from './timings'

const DAY_MS = 86_400_000

// ── Ranges ───────────────────────────────────────────────────────────────────────────────────────

export const STATS_RANGES = ['30d', '90d', 'year'] as const
export type StatsRange = (typeof STATS_RANGES)[number]

/** Each range's switch label and how many local days it covers, today included. */
export const RANGE_INFO: Record<StatsRange, { label: string; days: number; phrase: string }> = {
  '30d': { label: '30 days', days: 30, phrase: 'the last 30 days' },
  '90d': { label: '90 days', days: 90, phrase: 'the last 90 days' },
  year: { label: 'Year', days: 365, phrase: 'the last year' },
}

/** A YYYY-MM-DD date as a whole number of days since 1970-01-01 (UTC dates have no daylight-saving gaps). */
function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
}

/** The Monday starting the week of a YYYY-MM-DD date. */
export function mondayOf(date: string): string {
  const weekday = (new Date(dayNumber(date) * DAY_MS).getUTCDay() + 6) % 7
  return addDays(date, -weekday)
}

/** The first and last local day of a range that ends today, both included. */
export function rangeDates(range: StatsRange, today: string): { from: string; to: string } {
  return { from: addDays(today, -(RANGE_INFO[range].days - 1)), to: today }
}

/** Every date from `from` to `to`, both included. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let day = dayNumber(from); day <= dayNumber(to); day++) dates.push(new Date(day * DAY_MS).toISOString().slice(0, 10))
  return dates
}

/** The Mondays of the weeks a range touches, the first one's week perhaps only partly inside it. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = []
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) weeks.push(monday)
  return weeks
}

// ── Mood ─────────────────────────────────────────────────────────────────────────────────────────

/** A local day's check-ins as the server sums them: their average mood score (1 awful to 5 great) and how many. */
export interface MoodDay {
  date: string
  average: number
  checkIns: number
}

/** One point of the mood line: null on a day without a check-in, a gap in the line rather than a zero. */
export interface MoodPoint {
  date: string
  average: number | null
}

/** The daily average mood over every day of the range, days without a check-in left as null. */
export function moodSeries(days: readonly MoodDay[], from: string, to: string): MoodPoint[] {
  const byDate = new Map(days.map((day) => [day.date, day.average]))
  return datesBetween(from, to).map((date) => ({ date, average: byDate.get(date) ?? null }))
}

/** A mood score said in words: the mood nearest to it. */
export function moodWord(score: number): string {
  return checkInWord(moodNearest(score))
}

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/**
 * Two averages a mood word apart in words, or closer than MOOD_CHANGE: the trend and the mood chart's sentence call a
 * change only past it, so a wobble of a tenth is not a rise.
 */
const MOOD_CHANGE = 0.3

/** The mood line's text alternative: where the range began and ended, compared by its first and second halves. */
export function moodSentence(days: readonly MoodDay[], range: StatsRange, today: string): string {
  const phrase = RANGE_INFO[range].phrase
  if (days.length === 0) return `No check-ins in ${phrase}.`
  const halves = splitHalves(days, range, today)
  if (halves.first.length === 0 || halves.second.length === 0) {
    return `Your mood averaged ${moodWord(average(days.map((d) => d.average)))} over ${phrase}, on ${plural(days.length, 'day')} with a check-in.`
  }
  const before = average(halves.first.map((d) => d.average))
  const after = average(halves.second.map((d) => d.average))
  if (Math.abs(after - before) < MOOD_CHANGE) return `Your mood held steady around ${moodWord(average(days.map((d) => d.average)))} over ${phrase}.`
  const verb = after > before ? 'rose' : 'fell'
  const [was, became] = [moodWord(before), moodWord(after)]
  if (was === became) return `Your mood ${verb} a little over ${phrase}, staying around ${became}.`
  return `Your mood ${verb} from ${was} to ${became} over ${phrase}.`
}

/** The days of a range's first half and of its second half. */
function splitHalves(days: readonly MoodDay[], range: StatsRange, today: string) {
  const { from } = rangeDates(range, today)
  const middle = dayNumber(from) + RANGE_INFO[range].days / 2
  return { first: days.filter((d) => dayNumber(d.date) < middle), second: days.filter((d) => dayNumber(d.date) >= middle) }
}

/** How many check-ins carried each mood over the range. */
export type MoodSpread = Record<Mood, number>

/** The spread chart's text alternative: the mood said most, or the moods said most alike (docs/decisions/0057). */
export function spreadSentence(spread: MoodSpread): string {
  const total = MOODS.reduce((sum, mood) => sum + spread[mood], 0)
  if (total === 0) return 'No check-ins yet, so no moods to count.'
  const said = MOODS.filter((mood) => spread[mood] > 0)
  const top = leaders(said, (mood) => spread[mood])
  const count = spread[top[0]!]
  const words = listOf(top.map(checkInWord))
  if (said.length === 1) return total === 1 ? `Your 1 check-in said ${words}.` : `Of your ${plural(total, 'check-in')}, all ${total} said ${words}.`
  if (top.length === said.length) return `Of your ${plural(total, 'check-in')}: ${words}, ${times(count)} each.`
  if (top.length > 1) return `Of your ${plural(total, 'check-in')}, ${words} came up most, ${times(count)} each.`
  return `Of your ${plural(total, 'check-in')}, ${count} said ${words}, more than any other mood.`
}

/** The items with the highest count, in their given order: one when it leads alone, more when they tie. */
function leaders<T>(items: readonly T[], count: (item: T) => number): T[] {
  const most = Math.max(...items.map(count))
  return items.filter((item) => count(item) === most)
}

/** 'Okay', 'Okay and Good', 'Bad, Okay and Good'. */
function listOf(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`)

// ── Practices ────────────────────────────────────────────────────────────────────────────────────

/**
 * How long each kind of exercise lasts, in seconds (docs/product.md#exercises), for 'minutes practised'. The logs
 * (Step Quest, Sensory Safari, Kindness Quest) have no timer: they count as practices but add no minutes, as nobody
 * knows how long a walk or a kind act took (docs/decisions/0041).
 */
const EXERCISE_SECONDS: Record<GameType, number | null> = {
  breathing: BREATHING_SECONDS,
  meditation: MEDITATION_SECONDS,
  focus: FOCUS_STEP_SECONDS.reduce((sum, s) => sum + s, 0),
  flow: MOVEMENT_PHASE_SECONDS.reduce((sum, s) => sum + s, 0),
  movement: null,
  sensory: null,
  kindness: null,
}

/** Practices completed in one week on one path with one kind of exercise, as the server counts them. */
export interface PracticeCount {
  weekStart: string
  path: PathName
  gameType: GameType
  done: number
}

export interface PracticeWeek {
  weekStart: string
  byPath: Record<PathName, number>
  minutes: number
}

/** Each week of the range with its practices per path and the minutes they took, weeks without any included. */
export function practiceWeeks(counts: readonly PracticeCount[], from: string, to: string): PracticeWeek[] {
  const weeks = new Map(weeksBetween(from, to).map((weekStart) => [weekStart, { weekStart, byPath: { mind: 0, energy: 0, calm: 0, connection: 0 }, seconds: 0 }]))
  for (const count of counts) {
    const week = weeks.get(count.weekStart)
    if (!week) continue
    week.byPath[count.path] += count.done
    week.seconds += (EXERCISE_SECONDS[count.gameType] ?? 0) * count.done
  }
  return [...weeks.values()].map(({ weekStart, byPath, seconds }) => ({ weekStart, byPath, minutes: Math.round(seconds / 60) }))
}

export const weekTotal = (week: PracticeWeek) => PATHS.reduce((sum, path) => sum + week.byPath[path], 0)

/** The practices chart's text alternative. */
export function practicesSentence(weeks: readonly PracticeWeek[], range: StatsRange): string {
  const total = weeks.reduce((sum, week) => sum + weekTotal(week), 0)
  const phrase = RANGE_INFO[range].phrase
  if (total === 0) return `No practices in ${phrase}.`
  const minutes = weeks.reduce((sum, week) => sum + week.minutes, 0)
  const done = (path: PathName) => weeks.reduce((sum, week) => sum + week.byPath[path], 0)
  const walked = PATHS.filter((path) => done(path) > 0)
  const top = leaders(walked, done)
  const paths = listOf(top.map((path) => PATH_LABELS[path]))
  // "Most" only for more than half; a tie is said as one (docs/decisions/0057).
  const where =
    walked.length === 1
      ? `${total === 1 ? 'it was' : 'all were'} on the ${paths} path`
      : top.length > 1
        ? `${done(top[0]!)} each on the ${paths} paths${top.length < walked.length ? ', more than on any other' : ''}`
        : done(top[0]!) * 2 > total
          ? `most were on the ${paths} path`
          : `more were on the ${paths} path than on any other`
  return `You completed ${plural(total, 'practice')} in ${phrase}, ${plural(minutes, 'minute')} of timed practice; ${where}.`
}

const PATH_LABELS: Record<PathName, string> = { mind: 'Mind', energy: 'Energy', calm: 'Calm', connection: 'Connection' }

// ── Streak ───────────────────────────────────────────────────────────────────────────────────────

/** The streak's rule as the screen writes it under the number (docs/decisions/0041). */
export const STREAK_RULE = 'Days in a row with a check-in or a practice. One rest day in any seven doesn’t break a streak.'

/** Two rest days closer than this break a streak: at most one rest day in any seven days in a row. */
const STREAK_REST_EVERY = 7

/**
 * The current and longest streak, in days, from the local dates with a check-in or a practice (docs/decisions/0041).
 *
 * A streak is a run of days that starts and ends on an active day, in which any seven days in a row hold at most one
 * rest day (a day with neither). Its length counts every day of the run, its forgiven rest days included. Today is
 * not over, so a today without anything yet is not a rest day: the current streak is the run still alive at the end
 * of yesterday or today, else 0.
 */
export function streaks(activeDates: readonly string[], today: string): { current: number; longest: number } {
  const active = new Set(activeDates.map(dayNumber))
  const last = dayNumber(today)
  const first = Math.min(...active)
  if (active.size === 0 || first > last) return { current: 0, longest: 0 }
  let start: number | null = null
  let lastActive = first
  let lastRest: number | null = null
  let firstActiveAfterRest: number | null = null
  let longest = 0
  for (let day = first; day <= last; day++) {
    if (active.has(day)) {
      if (start === null) {
        start = day
        lastRest = null
      } else if (lastRest !== null && firstActiveAfterRest === null) firstActiveAfterRest = day
      lastActive = day
      longest = Math.max(longest, day - start + 1)
    } else if (start !== null && day !== last) {
      if (lastRest !== null && day - lastRest < STREAK_REST_EVERY) {
        // A second rest day within seven: the run can now only begin after the first one.
        start = firstActiveAfterRest
        lastRest = start === null ? null : day
      } else lastRest = day
      firstActiveAfterRest = null
    }
  }
  return { current: start === null ? 0 : lastActive - start + 1, longest }
}

// ── Insights ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The fewest days each insight rests on before it is said (docs/decisions/0041). Mood by practice needs that many
 * check-in days on each side; each time of day compared, that many days; a trend, that many check-in days in each half
 * of the range; an emotion insight, that many days a dimension was tagged.
 */
export const INSIGHT_MIN_DAYS = { practiceMood: 5, timeOfDay: 5, trend: 7, emotions: 5 } as const

/** Parts of a local day, by the hour a check-in was made. */
export type TimeOfDay = 'morning' | 'afternoon' | 'evening' | 'night'

/** The local hour each part of the day starts at: morning 5–11, afternoon 12–16, evening 17–21, night 22–4. */
export const TIME_OF_DAY_STARTS: Record<TimeOfDay, number> = { morning: 5, afternoon: 12, evening: 17, night: 22 }

/** The part of the day of a local hour; the server's SQL sorts check-ins by the same TIME_OF_DAY_STARTS. */
export function timeOfDay(hour: number): TimeOfDay {
  const starts = TIME_OF_DAY_STARTS
  if (hour >= starts.night || hour < starts.morning) return 'night'
  if (hour >= starts.evening) return 'evening'
  if (hour >= starts.afternoon) return 'afternoon'
  return 'morning'
}

/** What the insights are computed from: sums the server makes in SQL over the range. */
export interface InsightInputs {
  /** Each day with a check-in, and whether a practice was completed that day. */
  days: readonly { date: string; average: number; practised: boolean }[]
  /** Check-ins by time of day: their average mood and on how many days. */
  timesOfDay: readonly { timeOfDay: TimeOfDay; average: number; days: number }[]
  /** For each dimension tagged on check-ins: on how many days, and how often each emotion word came with it. */
  tags: readonly { dimension: Dimension; days: number; emotions: readonly { emotion: Emotion; count: number }[] }[]
}

type InsightKind = 'practice-mood' | 'emotions' | 'time-of-day' | 'trend'

export interface Insight {
  kind: InsightKind
  sentence: string
  /** How many days the insight rests on; the sentence says it too. */
  days: number
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Mood on days with a practice against days without: said with INSIGHT_MIN_DAYS.practiceMood days on each side. */
export function practiceMoodInsight(days: InsightInputs['days']): Insight | null {
  const practised = days.filter((d) => d.practised)
  const other = days.filter((d) => !d.practised)
  const min = INSIGHT_MIN_DAYS.practiceMood
  if (practised.length < min || other.length < min) return null
  const [on, off] = [moodWord(average(practised.map((d) => d.average))), moodWord(average(other.map((d) => d.average)))]
  const offText = on === off ? `also ${off}` : off
  return { kind: 'practice-mood', sentence: `On days you practise, your mood averages ${on}; on other days, ${offText} — over ${days.length} days.`, days: days.length }
}

/** The emotion words that come most often with the most-tagged dimension that has enough days. */
export function emotionsInsight(tags: InsightInputs['tags']): Insight | null {
  const candidates = tags.filter((t) => t.days >= INSIGHT_MIN_DAYS.emotions && t.emotions.some((e) => e.count >= 2))
  const tag = [...candidates].sort((a, b) => b.days - a.days || DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension))[0]
  if (!tag) return null
  const words = [...tag.emotions]
    .filter((e) => e.count >= 2)
    .sort((a, b) => b.count - a.count || a.emotion.localeCompare(b.emotion))
    .slice(0, 2)
    .map((e) => e.emotion)
  const said = words.length === 2 ? `${words[0]} and ${words[1]}` : words[0]
  return {
    kind: 'emotions',
    sentence: `When you check in about ${DIMENSION_INFO[tag.dimension].label}, the words that come most often are ${said} — over ${tag.days} days.`,
    days: tag.days,
  }
}

/**
 * The time of day whose check-ins average brightest, said when at least two times of day have
 * INSIGHT_MIN_DAYS.timeOfDay days each and the brightest is clearly above the next (by MOOD_CHANGE).
 */
export function timeOfDayInsight(times: InsightInputs['timesOfDay']): Insight | null {
  const enough = times.filter((t) => t.days >= INSIGHT_MIN_DAYS.timeOfDay).sort((a, b) => b.average - a.average)
  const [brightest, next] = enough
  if (!brightest || !next || brightest.average - next.average < MOOD_CHANGE) return null
  const days = enough.reduce((sum, t) => sum + t.days, 0)
  const when = brightest.timeOfDay === 'night' ? 'at night' : `in the ${brightest.timeOfDay}`
  return { kind: 'time-of-day', sentence: `Your check-ins are brightest ${when}, averaging ${moodWord(brightest.average)} — over ${days} days.`, days }
}

/** The trend over the range, from its first half to its second: said with INSIGHT_MIN_DAYS.trend check-in days in each. */
export function trendInsight(days: InsightInputs['days'], range: StatsRange, today: string): Insight | null {
  const halves = splitHalves(
    days.map((d) => ({ date: d.date, average: d.average, checkIns: 1 })),
    range,
    today,
  )
  if (halves.first.length < INSIGHT_MIN_DAYS.trend || halves.second.length < INSIGHT_MIN_DAYS.trend) return null
  const before = average(halves.first.map((d) => d.average))
  const after = average(halves.second.map((d) => d.average))
  const phrase = RANGE_INFO[range].phrase
  const change = after - before
  const sentence =
    Math.abs(change) < MOOD_CHANGE
      ? `Your mood has held steady around ${moodWord(after)} over ${phrase} — over ${days.length} days.`
      : `Your mood has been ${change > 0 ? 'rising' : 'falling'} over ${phrase}, from around ${moodWord(before)} to around ${moodWord(after)} — over ${days.length} days.`
  return { kind: 'trend', sentence, days: days.length }
}

/** Every insight the data is enough to say, in a fixed order; none claims a cause. */
export function insights(inputs: InsightInputs, range: StatsRange, today: string): Insight[] {
  return [practiceMoodInsight(inputs.days), trendInsight(inputs.days, range, today), timeOfDayInsight(inputs.timesOfDay), emotionsInsight(inputs.tags)].filter(
    (insight): insight is Insight => insight !== null,
  )
}

// ── Dimensions and goals ─────────────────────────────────────────────────────────────────────────

/**
 * The Dimensions chart's text alternative: each dimension's first and last week, the biggest change named. A change or
 * a score two dimensions share is said of both, and a week where every score is 0 names no strongest (docs/decisions/0057).
 */
export function dimensionsSentence(weeks: readonly { weekStart: string; scores: Record<Dimension, number> }[]): string {
  const first = weeks[0]
  const last = weeks.at(-1)
  if (!first || !last) return 'No weeks to show yet.'
  const strongest = leaders(DIMENSIONS, (d) => last.scores[d])
  const labels = (dimensions: readonly Dimension[]) => listOf(dimensions.map((d) => DIMENSION_INFO[d].label))
  const score = last.scores[strongest[0]!]
  const strongestText = (now: string) =>
    score === 0
      ? 'none of your dimensions has a score yet'
      : strongest.length === 1
        ? `your strongest dimension${now} is ${labels(strongest)}, at ${score}`
        : `your strongest dimensions${now} are ${labels(strongest)}, at ${score} each`
  if (weeks.length === 1) return `This week ${strongestText('')}.`
  const change = (d: Dimension) => Math.abs(last.scores[d] - first.scores[d])
  const moved = leaders(DIMENSIONS, change)
  const movedText =
    change(moved[0]!) === 0
      ? 'none of them moved'
      : moved.length === 1
        ? `${labels(moved)} moved most, from ${first.scores[moved[0]!]} to ${last.scores[moved[0]!]}`
        : `${labels(moved)} moved most, ${change(moved[0]!)} points each`
  return `Over ${plural(weeks.length, 'week')}, ${movedText}; ${strongestText(' now')}.`
}

const dayMonthFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
/** A YYYY-MM-DD date as '3 Mar'. */
export const dayMonth = (date: string) => dayMonthFormat.format(new Date(`${date}T00:00:00Z`))

/**
 * A goal chart's text alternative: where the goal stood at its first point in the range, and where it stands now. "No
 * change" only when every point stands where the goal does; a goal that moved on one day says so, with that day
 * (docs/decisions/0057).
 */
export function goalSentence(goal: { title: string; progress: number; points: readonly { date: string; progress: number }[] }): string {
  const first = goal.points[0]
  if (!first || goal.points.every((point) => point.progress === goal.progress)) return `${goal.title}: ${goal.progress}% of the way, with no change in this range.`
  if (first.progress === goal.progress) return `${goal.title}: progress moved in this range and is back at ${goal.progress}% now.`
  const verb = goal.progress > first.progress ? 'rose' : 'fell'
  if (goal.points.every((point) => point.date === first.date)) return `${goal.title}: progress ${verb} from ${first.progress}% to ${goal.progress}% on ${dayMonth(first.date)}.`
  return `${goal.title}: progress ${verb} from ${first.progress}% on ${dayMonth(first.date)} to ${goal.progress}% now.`
}
