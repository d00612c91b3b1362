import { useId } from 'react'
import { CALENDAR_YEARS, yearGrid } from '~/core/calendar'
import { useCalendarYear } from '~/web/data/calendar'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { reachable, Section, Stepper, useGridFocus } from './grid'
import { dayLabel, Legend, MoodGlyph } from './marks'

const monthInitial = new Intl.DateTimeFormat('en-GB', { month: 'narrow', timeZone: 'UTC' })
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' })
const DAY_NUMBERS = Array.from({ length: 31 }, (_, i) => i + 1)

/**
 * The year in pixels (docs/product.md#calendar): a column for each month, a row for each day of the month, every
 * square in its day's mood colour and pattern. Choosing a square opens its month with the day's list.
 */
export function YearView({ year, today, onYear, onDay }: { year: number; today: string; onYear: (year: number) => void; onDay: (date: string) => void }) {
  const headingId = useId()
  const query = useCalendarYear(year)
  const shown = query.data?.year === year ? query.data : undefined
  const byDate = new Map((shown?.days ?? []).map((d) => [d.date, d]))
  const months = yearGrid(year)
  const thisYear = Number(today.slice(0, 4))
  const initial = year === thisYear ? today : `${year}-01-01`
  const { focused, gridRef, onKeyDown, choose } = useGridFocus({ view: 'year', scope: String(year), initial, today, onLeave: (date) => onYear(Number(date.slice(0, 4))) })
  const withMood = shown?.days.filter((d) => d.mood !== null).length ?? 0

  return (
    <Section labelledBy={headingId}>
      <Stepper
        headingId={headingId}
        title={String(year)}
        previous="Previous year"
        next="Next year"
        canPrevious={year > CALENDAR_YEARS.first}
        canNext={year < thisYear}
        onPrevious={() => onYear(year - 1)}
        onNext={() => onYear(year + 1)}
      />
      {query.isError && !query.data ? (
        <LoadRetry what="your year" query={query} />
      ) : (
        <>
          <p role="status" className="mt-2 text-center text-sm text-mist">
            {!shown ? 'Loading your year...' : withMood === 0 ? `No check-ins in ${year} yet.` : `${withMood === 1 ? 'One day' : `${withMood} days`} with a check-in in ${year}.`}
          </p>
          <table
            ref={gridRef}
            role="grid"
            aria-labelledby={headingId}
            aria-busy={!shown}
            onKeyDown={onKeyDown}
            className={`mx-auto mt-4 w-full max-w-lg table-fixed border-separate border-spacing-[3px] transition-opacity motion-reduce:transition-none ${shown ? '' : 'opacity-60'}`}
          >
            <thead>
              <tr>
                <td className="w-5" />
                {months.map(({ month }) => {
                  const date = new Date(`${month}-15T12:00:00Z`)
                  return (
                    <th key={month} scope="col" abbr={monthName.format(date)} className="text-xs font-medium text-mist">
                      {monthInitial.format(date)}
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {DAY_NUMBERS.map((number) => (
                <tr key={number}>
                  <th scope="row" className="pr-1 text-right text-[10px] leading-none font-normal text-mist tabular-nums">
                    {number}
                  </th>
                  {months.map(({ month, dates }) => {
                    const date = dates[number - 1]
                    if (!date) return <td key={month} role="gridcell" />
                    const day = byDate.get(date)
                    const mood = day?.mood ?? null
                    const past = reachable(date, today)
                    return (
                      <td key={month} role="gridcell">
                        <button
                          type="button"
                          data-date={date}
                          tabIndex={date === focused ? 0 : -1}
                          aria-label={dayLabel(date, day, { today: date === today })}
                          aria-current={date === today ? 'date' : undefined}
                          disabled={!past}
                          onClick={() => {
                            choose(date)
                            onDay(date)
                          }}
                          style={mood ? { backgroundColor: `var(--color-mood-${mood})` } : undefined}
                          className={`grid aspect-square w-full place-items-center rounded-[4px] focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white disabled:cursor-default ${
                            mood ? '' : past ? 'bg-white/10' : 'bg-white/[0.03]'
                          } ${date === today ? 'ring-1 ring-white' : ''}`}
                        >
                          {mood && <MoodGlyph mood={mood} className="size-2.5 sm:size-3" />}
                        </button>
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <Legend marks={false} />
        </>
      )}
    </Section>
  )
}
