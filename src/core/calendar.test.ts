import { describe, expect, it } from 'vitest'
import { addDays } from './local-time'
import {
  CALENDAR_YEARS,
  datesOfMonth,
  dayMood,
  instantWindow,
  isCalendarMonth,
  isCalendarYear,
  isStepKey,
  monthGrid,
  monthOf,
  monthRange,
  shiftMonth,
  stepDate,
  yearGrid,
  yearRange,
} from './calendar'
import { localDateOf } from './weekly'

describe('a month', () => {
  it('is drawn in whole weeks starting Monday, the days around it left empty', () => {
    // 1 November 2026 is a Sunday: six days of October's last week come first.
    const grid = monthGrid('2026-11')
    expect(grid).toHaveLength(6)
    expect(grid[0]).toEqual([null, null, null, null, null, null, '2026-11-01'])
    expect(grid[1]?.[0]).toBe('2026-11-02')
    expect(grid.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null])
    for (const week of grid) expect(week).toHaveLength(7)
    expect(grid.flat().filter((date) => date !== null)).toEqual(datesOfMonth('2026-11'))
  })

  it('takes exactly four weeks when it is a February of 28 days starting on a Monday', () => {
    expect(monthGrid('2027-02')).toHaveLength(4)
    expect(monthGrid('2027-02')[0]?.[0]).toBe('2027-02-01')
  })

  it('knows leap years and the length of every month', () => {
    expect(datesOfMonth('2028-02').at(-1)).toBe('2028-02-29')
    expect(datesOfMonth('2100-02').at(-1)).toBe('2100-02-28')
    expect(datesOfMonth('2000-02').at(-1)).toBe('2000-02-29')
    expect(yearGrid(2026).map((m) => m.dates.length)).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
  })

  it('has every date once across a change of clocks: 29 March and 25 October 2026 in Europe', () => {
    for (const month of ['2026-03', '2026-10']) {
      const dates = monthGrid(month).flat().filter((date) => date !== null)
      expect(dates).toHaveLength(31)
      expect(new Set(dates).size).toBe(31)
    }
  })

  it('steps to the month before and after across the turn of a year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
    expect(shiftMonth('2026-03', -14)).toBe('2025-01')
    expect(monthOf('2026-11-24')).toBe('2026-11')
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' })
    expect(yearRange(2026)).toEqual({ from: '2026-01-01', to: '2027-01-01' })
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
  })

  it('is a year in the calendar’s range, written YYYY-MM', () => {
    expect(isCalendarMonth('2026-11')).toBe(true)
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', `${CALENDAR_YEARS.first - 1}-12`, `${CALENDAR_YEARS.last + 1}-01`, '']) {
      expect(isCalendarMonth(bad), bad).toBe(false)
    }
    expect(isCalendarYear(CALENDAR_YEARS.first)).toBe(true)
    expect(isCalendarYear(CALENDAR_YEARS.last)).toBe(true)
    expect(isCalendarYear(1969)).toBe(false)
    expect(isCalendarYear(2026.5)).toBe(false)
  })
})

describe('the year in pixels', () => {
  it('is twelve months of the year, January first', () => {
    const year = yearGrid(2028)
    expect(year.map((m) => m.month)).toEqual(['2028-01', '2028-02', '2028-03', '2028-04', '2028-05', '2028-06', '2028-07', '2028-08', '2028-09', '2028-10', '2028-11', '2028-12'])
    expect(year.flatMap((m) => m.dates)).toHaveLength(366)
  })
})

describe('the local days a query reads', () => {
  const HOUR = 60 * 60_000

  it('take in every instant of the range’s local dates in the farthest zones, across a change of clocks', () => {
    const range = monthRange('2026-03')
    const { after, before } = instantWindow(range)
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe']) {
      // Every hour inside the window's edges that is on a date of the month in this zone lies inside the window.
      for (let at = after.getTime() - 2 * 24 * HOUR; at < before.getTime() + 2 * 24 * HOUR; at += HOUR) {
        const date = localDateOf(new Date(at), timeZone)
        if (date >= range.from && date < range.to) {
          expect(at, `${timeZone} ${new Date(at).toISOString()}`).toBeGreaterThanOrEqual(after.getTime())
          expect(at).toBeLessThan(before.getTime())
        }
      }
    }
  })

  it('put a check-in late in the evening on its own zone’s date, not UTC’s', () => {
    // 23:30 on 31 December in Los Angeles is already 1 January in UTC: the day is the member's.
    expect(localDateOf(new Date('2027-01-01T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-12-31')
    expect(instantWindow(yearRange(2026)).before.getTime()).toBeGreaterThan(new Date('2027-01-01T07:30:00Z').getTime())
  })
})

describe('a day’s mood', () => {
  it('is the mood nearest its check-ins’ average, and none without a check-in', () => {
    expect(dayMood(null)).toBeNull()
    expect(dayMood(1)).toBe('awful')
    expect(dayMood(3.5)).toBe('good')
    expect(dayMood(4.49)).toBe('good')
    expect(dayMood(5)).toBe('great')
  })
})

describe('moving through a grid by keyboard', () => {
  it('in a month goes by days and weeks, to the week’s ends, and into the months around it', () => {
    expect(stepDate('2026-11-30', 'ArrowRight', 'month')).toBe('2026-12-01')
    expect(stepDate('2026-11-01', 'ArrowLeft', 'month')).toBe('2026-10-31')
    expect(stepDate('2026-11-03', 'ArrowUp', 'month')).toBe('2026-10-27')
    expect(stepDate('2026-12-28', 'ArrowDown', 'month')).toBe('2027-01-04')
    // Wednesday 25 November: its week runs Monday 23 to Sunday 29.
    expect(stepDate('2026-11-25', 'Home', 'month')).toBe('2026-11-23')
    expect(stepDate('2026-11-25', 'End', 'month')).toBe('2026-11-29')
    expect(stepDate('2026-03-31', 'PageDown', 'month')).toBe('2026-04-30')
    expect(stepDate('2026-03-31', 'PageUp', 'month')).toBe('2026-02-28')
  })

  it('in the year goes down the days, across the months, and into the years around it', () => {
    expect(stepDate('2026-01-31', 'ArrowDown', 'year')).toBe('2026-02-01')
    expect(stepDate('2026-01-01', 'ArrowUp', 'year')).toBe('2025-12-31')
    expect(stepDate('2026-01-31', 'ArrowRight', 'year')).toBe('2026-02-28')
    expect(stepDate('2026-12-15', 'ArrowRight', 'year')).toBe('2027-01-15')
    expect(stepDate('2026-05-15', 'Home', 'year')).toBe('2026-05-01')
    expect(stepDate('2026-02-15', 'End', 'year')).toBe('2026-02-28')
    expect(stepDate('2028-02-29', 'PageDown', 'year')).toBe('2029-02-28')
    expect(isStepKey('ArrowUp')).toBe(true)
    expect(isStepKey('Enter')).toBe(false)
  })
})
