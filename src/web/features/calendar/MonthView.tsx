import { CalendarHeart } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { CALENDAR_YEARS, monthGrid, monthOf, shiftMonth } from '~/core/calendar'
import { useCalendarMonth, type CalendarDay } from '~/web/data/calendar'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { DayDetails } from './DayDetails'
import { reachable, Section, Stepper, useGridFocus } from './grid'
import { dayLabel, Legend, MARKS, MoodGlyph, sayMonth } from './marks'

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const

/** A month of days, Monday first, each coloured by its mood and marked with what happened; the chosen day's list below. */
export function MonthView({ month, day, today, onMonth }: { month: string; day: string | null; today: string; onMonth: (month: string, day?: string | null) => void }) {
  const headingId = useId()
  const query = useCalendarMonth(month)
  const shown = query.data?.month === month ? query.data : undefined
  const byDate = new Map((shown?.days ?? []).map((d) => [d.date, d]))
  const inMonth = (date: string | null) => date !== null && monthOf(date) === month
  const initial = day !== null && inMonth(day) ? day : monthOf(today) === month ? today : `${month}-01`
  const { focused, gridRef, onKeyDown, choose } = useGridFocus({ view: 'month', scope: month, initial, today, onLeave: (date) => onMonth(monthOf(date)) })

  return (
    <>
      <Section labelledBy={headingId}>
        <Stepper
          headingId={headingId}
          title={sayMonth(month)}
          previous="Previous month"
          next="Next month"
          canPrevious={month > `${CALENDAR_YEARS.first}-01`}
          canNext={month < monthOf(today)}
          onPrevious={() => onMonth(shiftMonth(month, -1))}
          onNext={() => onMonth(shiftMonth(month, 1))}
        />
        {query.isError && !query.data ? (
          <LoadRetry what="your calendar" query={query} />
        ) : (
          <>
            <p role="status" className="sr-only">
              {shown ? '' : 'Loading your days...'}
            </p>
            <table
              ref={gridRef}
              role="grid"
              aria-labelledby={headingId}
              aria-busy={!shown}
              onKeyDown={onKeyDown}
              className={`mt-4 w-full table-fixed border-separate border-spacing-1 transition-opacity motion-reduce:transition-none sm:border-spacing-1.5 ${shown ? '' : 'opacity-60'}`}
            >
              <thead>
                <tr>
                  {WEEKDAYS.map(([short, full]) => (
                    <th key={short} scope="col" abbr={full} className="pb-1 text-xs font-medium text-mist">
                      {short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthGrid(month).map((week) => (
                  <tr key={week.find((date) => date !== null)}>
                    {week.map((date, i) =>
                      date === null ? (
                        <td key={`empty-${i}`} role="gridcell" />
                      ) : (
                        <td key={date} role="gridcell" aria-selected={date === day}>
                          <DayButton
                            date={date}
                            day={byDate.get(date)}
                            today={date === today}
                            selected={date === day}
                            disabled={!reachable(date, today)}
                            tabbable={date === focused}
                            onChoose={() => {
                              choose(date)
                              onMonth(month, date)
                            }}
                          />
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            <Legend />
          </>
        )}
      </Section>

      {shown && shown.days.length === 0 && <EmptyMonth month={month} current={month === monthOf(today)} />}
      {shown && day && inMonth(day) ? (
        <DayDetails date={day} day={byDate.get(day)} items={shown.items} today={day === today} />
      ) : (
        shown && shown.days.length > 0 && <p className="mt-6 text-center text-mist">Choose a day to see what happened on it.</p>
      )}
    </>
  )
}

function DayButton({
  date,
  day,
  today,
  selected,
  disabled,
  tabbable,
  onChoose,
}: {
  date: string
  day: CalendarDay | undefined
  today: boolean
  selected: boolean
  disabled: boolean
  tabbable: boolean
  onChoose: () => void
}) {
  const mood = day?.mood ?? null
  return (
    <button
      type="button"
      data-date={date}
      tabIndex={tabbable ? 0 : -1}
      aria-label={dayLabel(date, day, { today })}
      aria-current={today ? 'date' : undefined}
      disabled={disabled}
      onClick={onChoose}
      style={mood ? { backgroundColor: `var(--color-mood-${mood})` } : undefined}
      className={`relative flex aspect-square w-full flex-col items-center justify-between rounded-xl p-1 text-sm font-semibold transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-default disabled:opacity-40 disabled:hover:scale-100 motion-reduce:transition-none motion-reduce:hover:scale-100 sm:rounded-2xl sm:p-1.5 ${
        mood ? 'text-night' : 'bg-white/5 text-white'
      } ${selected ? 'ring-2 ring-dawn ring-offset-2 ring-offset-night-soft' : today ? 'ring-1 ring-white/60' : ''}`}
    >
      <span aria-hidden="true" className="leading-none">
        {Number(date.slice(8))}
      </span>
      {mood ? <MoodGlyph mood={mood} className="size-3 sm:size-4" /> : <span aria-hidden="true" className="size-3 sm:size-4" />}
      <span aria-hidden="true" className="flex h-2.5 items-center gap-0.5 sm:h-3">
        {MARKS.filter(({ key }) => (key === 'recap' ? day?.recap : (day?.[key] ?? 0) > 0)).map(({ key, icon: Icon }) => (
          <Icon key={key} className={`size-2.5 sm:size-3 ${mood ? 'text-night' : 'text-dawn'}`} />
        ))}
      </span>
    </button>
  )
}

/** A month with nothing in it: this month invites a check-in; a past one says so plainly. */
function EmptyMonth({ month, current }: { month: string; current: boolean }) {
  if (!current) return <p className="mt-6 text-center text-mist">Nothing was recorded in {sayMonth(month)}.</p>
  return (
    <div className="mt-6 rounded-3xl border border-dashed border-white/15 px-6 py-8 text-center">
      <CalendarHeart aria-hidden="true" className="mx-auto size-8 text-dawn" />
      <h2 className="mt-3 text-xl font-semibold text-white">Your calendar fills with colour as you check in</h2>
      <p className="mx-auto mt-2 max-w-md">How are you feeling today? One tap is a check-in; this day takes its colour.</p>
      <Link to="/weekly-dashboard" className={`${PRIMARY_BUTTON} mt-5`}>
        Check in now
      </Link>
    </div>
  )
}
