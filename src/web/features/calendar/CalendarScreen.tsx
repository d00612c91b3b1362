import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { isCalendarMonth, isCalendarYear, monthOf } from '~/core/calendar'
import { MenuPage } from '~/web/ui/MenuPage'
import { MonthView } from './MonthView'
import { YearView } from './YearView'

/** Today on this device's calendar: the browser's zone is the one the calendar's days are in. */
function localToday() {
  const now = new Date()
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-')
}

const DATE = /^\d{4}-\d\d-\d\d$/

/**
 * /calendar, the side menu's Calendar (docs/product.md#calendar): a month of the member's days coloured by mood, or
 * the year in pixels. What is shown lives in the address (`?month=2026-03&day=2026-03-05`, `?view=year&year=2026`), so
 * a reload or a shared link opens the same page; moving about replaces it, so Back leaves the calendar.
 */
export default function CalendarScreen() {
  const [params, setParams] = useSearchParams()
  const [today] = useState(localToday)
  const view = params.get('view') === 'year' ? 'year' : 'month'
  const askedDay = params.get('day')
  const day = askedDay && DATE.test(askedDay) && isCalendarMonth(monthOf(askedDay)) ? askedDay : null
  const askedMonth = params.get('month') ?? ''
  const month = isCalendarMonth(askedMonth) ? askedMonth : day ? monthOf(day) : monthOf(today)
  const askedYear = Number(params.get('year'))
  const year = isCalendarYear(askedYear) ? askedYear : Number(month.slice(0, 4))

  const show = (next: Record<string, string>) => setParams(next, { replace: true })
  const showMonth = (nextMonth: string, nextDay: string | null = null) => show(nextDay ? { month: nextMonth, day: nextDay } : { month: nextMonth })

  return (
    <MenuPage offline="waits">
      <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Calendar</h1>
      <p className="mt-2 text-mist">Your days in colour, each by its average mood, with what you did on it.</p>

      <div role="group" aria-label="View" className="mt-6 inline-flex rounded-full border border-white/15 bg-night-soft/80 p-1">
        {(['month', 'year'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => (option === 'year' ? show({ view: 'year', year: String(year) }) : showMonth(month, day))}
            className="min-h-11 rounded-full px-5 font-medium text-mist transition-colors hover:text-white aria-pressed:bg-white/15 aria-pressed:text-white motion-reduce:transition-none"
          >
            {option === 'month' ? 'Month' : 'Year'}
          </button>
        ))}
      </div>

      {view === 'month' ? (
        <MonthView month={month} day={day} today={today} onMonth={showMonth} />
      ) : (
        <YearView year={year} today={today} onYear={(next) => show({ view: 'year', year: String(next) })} onDay={(date) => showMonth(monthOf(date), date)} />
      )}
    </MenuPage>
  )
}
