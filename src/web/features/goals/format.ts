/** How the goals screens write numbers and dates, in the reader's own locale. */

const amount = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })
const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

export function formatAmount(value: number): string {
  return amount.format(value)
}

/** A calendar day (YYYY-MM-DD) as the reader writes it; read as a local date, so it never shifts by a time zone. */
export function formatDay(isoDay: string): string {
  const [year, month, date] = isoDay.slice(0, 10).split('-').map(Number)
  return day.format(new Date(year!, month! - 1, date!))
}

/** A moment (ISO timestamp) as the reader's calendar day. */
export function formatMoment(iso: string): string {
  return day.format(new Date(iso))
}

/** The days from the day a goal was made to its target date (the suggested timeframe it was given). */
export function daysBetween(createdAt: string, targetDate: string): number {
  return Math.round((Date.parse(targetDate.slice(0, 10)) - Date.parse(createdAt.slice(0, 10))) / 86_400_000)
}
