/*
 * The calendar's days (docs/product.md#calendar): months and years as grids of the member's local dates, weeks starting
 * Monday as everywhere in Lumin. Dates are ISO strings (YYYY-MM-DD) and all arithmetic is on UTC midnights, where a
 * day is always 24 hours: a change of clocks in the member's zone moves no date. Free of zod, so the screen's code
 * stays small; the request's checks are the server's.
 */
import { addDays } from './local-time'
import type { Mood } from './moods'
import { moodNearest } from './mood-scores'

/** The years the calendar shows: none of Lumin's data is older, and a year past the last is nobody's yet. */
export const CALENDAR_YEARS = { first: 2020, last: 2100 } as const

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/

function utcDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, day)
  return date
}

const iso = (date: Date) => date.toISOString().slice(0, 10)

function parseMonth(month: string): { year: number; monthIndex: number } {
  const match = MONTH_PATTERN.exec(month)
  if (!match) throw new RangeError(`Not a month: ${month}`)
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 }
}

/** Whether a year is one the calendar shows. */
export function isCalendarYear(year: number): boolean {
  return Number.isInteger(year) && year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last
}

/** Whether `month` is YYYY-MM in a year the calendar shows. */
export function isCalendarMonth(month: string): boolean {
  return MONTH_PATTERN.test(month) && isCalendarYear(parseMonth(month).year)
}

/** The month (YYYY-MM) a date (YYYY-MM-DD) falls in. */
export const monthOf = (date: string) => date.slice(0, 7)

/** The month `delta` months after `month` (before, when negative), across years. */
export function shiftMonth(month: string, delta: number): string {
  const { year, monthIndex } = parseMonth(month)
  return iso(utcDate(year, monthIndex + delta, 1)).slice(0, 7)
}

/** Every date of `month`, in order. */
export function datesOfMonth(month: string): string[] {
  const { year, monthIndex } = parseMonth(month)
  const length = utcDate(year, monthIndex + 1, 0).getUTCDate()
  return Array.from({ length }, (_, i) => iso(utcDate(year, monthIndex, i + 1)))
}

/** The dates from `from` up to, not including, `to`: the half-open range a query asks about. */
export function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: `${shiftMonth(month, 1)}-01` }
}

export function yearRange(year: number): { from: string; to: string } {
  return { from: iso(utcDate(year, 0, 1)), to: iso(utcDate(year + 1, 0, 1)) }
}

/**
 * The month as the calendar draws it: whole weeks, Monday first, each of seven cells holding a date of the month or
 * null where the week runs into the month before or after.
 */
export function monthGrid(month: string): (string | null)[][] {
  const dates = datesOfMonth(month)
  const first = new Date(`${dates[0]}T00:00:00Z`)
  const cells: (string | null)[] = [...Array.from({ length: (first.getUTCDay() + 6) % 7 }, () => null), ...dates]
  while (cells.length % 7 !== 0) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

/** The year in pixels: its twelve months (YYYY-MM), each with its dates. */
export function yearGrid(year: number): { month: string; dates: string[] }[] {
  return Array.from({ length: 12 }, (_, monthIndex) => {
    const month = iso(utcDate(year, monthIndex, 1)).slice(0, 7)
    return { month, dates: datesOfMonth(month) }
  })
}

/**
 * The instants that may fall on the local dates from `from` to before `to` in any zone: a day early and a day late
 * on UTC's clock covers every offset there is (UTC−12 to UTC+14). The queries narrow their index scans on the time a
 * row was made with it, then keep the rows whose local date is in the range.
 */
export function instantWindow({ from, to }: { from: string; to: string }): { after: Date; before: Date } {
  return { after: new Date(`${addDays(from, -1)}T00:00:00Z`), before: new Date(`${addDays(to, 1)}T00:00:00Z`) }
}

/** A day's mood from the average of its check-ins (1 awful to 5 great), or none on a day without one. */
export function dayMood(average: number | null): Mood | null {
  return average === null ? null : moodNearest(average)
}

/** The same day of the month `delta` months away, or that month's last day when it is shorter (31 March → 30 April). */
function sameDayInMonth(date: string, delta: number): string {
  const dates = datesOfMonth(shiftMonth(monthOf(date), delta))
  return dates[Math.min(Number(date.slice(8, 10)), dates.length) - 1] ?? dates[0]!
}

const STEP_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'] as const
export type StepKey = (typeof STEP_KEYS)[number]
export const isStepKey = (key: string): key is StepKey => STEP_KEYS.some((step) => step === key)

/**
 * Where a key moves the focus in a calendar grid, as the WAI-ARIA date picker does. In the month (weeks in rows): a
 * day left or right, a week up or down, the week's Monday or Sunday, the month before or after. In the year in pixels
 * (days in rows, months in columns): a day up or down, a month left or right, the month's first or last day, the year
 * before or after. The date may leave the shown month or year; the screen then shows the one it is in.
 */
export function stepDate(date: string, key: StepKey, view: 'month' | 'year'): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
  if (view === 'month') {
    switch (key) {
      case 'ArrowLeft':
        return addDays(date, -1)
      case 'ArrowRight':
        return addDays(date, 1)
      case 'ArrowUp':
        return addDays(date, -7)
      case 'ArrowDown':
        return addDays(date, 7)
      case 'Home':
        return addDays(date, -weekday)
      case 'End':
        return addDays(date, 6 - weekday)
      case 'PageUp':
        return sameDayInMonth(date, -1)
      case 'PageDown':
        return sameDayInMonth(date, 1)
    }
  }
  switch (key) {
    case 'ArrowUp':
      return addDays(date, -1)
    case 'ArrowDown':
      return addDays(date, 1)
    case 'ArrowLeft':
      return sameDayInMonth(date, -1)
    case 'ArrowRight':
      return sameDayInMonth(date, 1)
    case 'Home':
      return `${monthOf(date)}-01`
    case 'End':
      return datesOfMonth(monthOf(date)).at(-1)!
    case 'PageUp':
      return sameDayInMonth(date, -12)
    case 'PageDown':
      return sameDayInMonth(date, 12)
  }
}
