/**
 * Wall-clock time in a member's IANA zone, both ways: the date, time and weekday an instant shows there, and the
 * instant a wall-clock time names. One rule for the times a clock skips or shows twice (docs/decisions/0043): like
 * Temporal's "compatible" disambiguation, a skipped time moves forward by the length of the gap (02:30 on a
 * spring-forward night in Berlin is 03:30), and a time shown twice is its first, earlier showing.
 */

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

// Building a formatter is far slower than using one, and there are only a few hundred zones to keep.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone)
  if (!format) {
    // Pinning calendar, digits and a 0–23 hour keeps the parts parseable whatever the host's locale data says.
    format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  return format
}

/** The wall clock of `timeZone` at `at`, read as if it were UTC: the zone's offset is the difference. */
function wallAsUtc(at: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const wall = new Date(0)
  // setUTCFullYear avoids Date.UTC's mapping of years 0–99 onto 1900–1999.
  wall.setUTCFullYear(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1)
  wall.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, 0)
  return wall.getTime()
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms, to the second. */
function offsetAt(at: number, timeZone: string): number {
  const whole = at - (((at % 1000) + 1000) % 1000)
  return wallAsUtc(whole, timeZone) - whole
}

/** Minutes since midnight of a "HH:MM" time. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** "HH:MM" of minutes since midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** The ISO date `days` after `date` (before, when negative): calendar arithmetic, which has no DST in UTC. */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  const moved = new Date(0)
  moved.setUTCFullYear(year, month - 1, day + days)
  return moved.toISOString().slice(0, 10)
}

/** ISO weekday of a date: 1 is Monday, 7 Sunday. */
export function isoWeekdayOf(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  const at = new Date(0)
  at.setUTCFullYear(year, month - 1, day)
  return ((at.getUTCDay() + 6) % 7) + 1
}

/** What the wall clock of `timeZone` shows at `at`: the ISO date, the minutes since midnight and the ISO weekday. */
export function wallClockOf(at: Date, timeZone: string): { date: string; minutes: number; weekday: number } {
  const wall = new Date(wallAsUtc(at.getTime(), timeZone))
  const date = wall.toISOString().slice(0, 10)
  return { date, minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(), weekday: isoWeekdayOf(date) }
}

/**
 * The instant the wall clock of `timeZone` shows `time` ("HH:MM", or minutes since midnight) on `date`. A time the
 * clock skips (spring forward) comes as late as the gap is long; a time it shows twice (fall back), its first showing.
 * Throws a RangeError for an unknown zone.
 */
export function instantAt(date: string, time: string | number, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  const wanted = new Date(0)
  wanted.setUTCFullYear(year, month - 1, day)
  const wall = wanted.getTime() + (typeof time === 'number' ? time : minutesOf(time)) * MINUTE_MS
  // No zone changes its offset twice within two days: the offsets a day either side are the only candidates.
  const before = offsetAt(wall - DAY_MS, timeZone)
  const after = offsetAt(wall + DAY_MS, timeZone)
  const shown = [wall - before, wall - after].filter((at) => wallAsUtc(at, timeZone) === wall)
  // Both show it: the earlier, first showing. Neither: the gap, taken at the offset before it, lands as late as it is long.
  return new Date(shown.length > 0 ? Math.min(...shown) : wall - before)
}
