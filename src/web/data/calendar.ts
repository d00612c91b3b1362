import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, call, userTimeZone } from '~/web/api'

type CalendarMonth = InferResponseType<typeof api.calendar.$get, 200>
export type CalendarDay = CalendarMonth['days'][number]
export type CalendarItems = CalendarMonth['items']

/**
 * A month of the member's local days with everything on them, in the browser's zone (docs/decisions/0042): choosing a
 * day asks nothing more.
 */
const calendarMonthQuery = (month: string) =>
  queryOptions({
    queryKey: ['calendar', 'month', month],
    queryFn: () => call(api.calendar.$get({ query: { month, timeZone: userTimeZone() } })),
  })

/** A year of the member's days, for the year in pixels. */
const calendarYearQuery = (year: number) =>
  queryOptions({
    queryKey: ['calendar', 'year', year],
    queryFn: () => call(api.calendar.year.$get({ query: { year: String(year), timeZone: userTimeZone() } })),
  })

// While the next month or year is asked for, the one shown stays, so the grid doesn't jump.
export function useCalendarMonth(month: string) {
  return useQuery({ ...calendarMonthQuery(month), placeholderData: keepPreviousData })
}

export function useCalendarYear(year: number) {
  return useQuery({ ...calendarYearQuery(year), placeholderData: keepPreviousData })
}
