import { describe, expect, it } from 'vitest'
import { addDays, instantAt, isoWeekdayOf, wallClockOf } from './local-time'

const iso = (date: Date) => date.toISOString()

describe('instantAt', () => {
  it('names the instant a wall-clock time shows in each zone, on ordinary days', () => {
    expect(iso(instantAt('2026-01-15', '09:00', 'Europe/Berlin'))).toBe('2026-01-15T08:00:00.000Z')
    expect(iso(instantAt('2026-07-15', '09:00', 'Europe/Berlin'))).toBe('2026-07-15T07:00:00.000Z')
    expect(iso(instantAt('2026-01-15', '09:00', 'America/New_York'))).toBe('2026-01-15T14:00:00.000Z')
    expect(iso(instantAt('2026-01-15', '09:00', 'Australia/Sydney'))).toBe('2026-01-14T22:00:00.000Z')
    expect(iso(instantAt('2026-01-15', '09:00', 'Asia/Kolkata'))).toBe('2026-01-15T03:30:00.000Z')
    expect(iso(instantAt('2026-01-15', 0, 'UTC'))).toBe('2026-01-15T00:00:00.000Z')
  })

  it('moves a time the clock skips forward by the gap (spring forward), as Temporal’s "compatible" does', () => {
    // Berlin: 02:00 CET becomes 03:00 CEST on 29 March 2026.
    expect(iso(instantAt('2026-03-29', '02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z')
    expect(wallClockOf(instantAt('2026-03-29', '02:30', 'Europe/Berlin'), 'Europe/Berlin').minutes).toBe(3 * 60 + 30)
    // New York: 02:00 EST becomes 03:00 EDT on 8 March 2026.
    expect(iso(instantAt('2026-03-08', '02:15', 'America/New_York'))).toBe('2026-03-08T07:15:00.000Z')
    // Sydney: 02:00 AEST becomes 03:00 AEDT on 4 October 2026.
    expect(iso(instantAt('2026-10-04', '02:45', 'Australia/Sydney'))).toBe('2026-10-03T16:45:00.000Z')
  })

  it('takes the first showing of a time the clock shows twice (fall back)', () => {
    // Berlin: 03:00 CEST becomes 02:00 CET on 25 October 2026; 02:30 happens at 00:30Z and again at 01:30Z.
    expect(iso(instantAt('2026-10-25', '02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z')
    // New York: 02:00 EDT becomes 01:00 EST on 1 November 2026.
    expect(iso(instantAt('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
    // Sydney: 03:00 AEDT becomes 02:00 AEST on 5 April 2026.
    expect(iso(instantAt('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z')
  })

  it('round-trips through wallClockOf outside the changes', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Chatham']) {
      for (const date of ['2026-03-28', '2026-03-30', '2026-10-24', '2026-10-26', '2026-12-31']) {
        const at = instantAt(date, '07:45', zone)
        expect(wallClockOf(at, zone)).toEqual({ date, minutes: 7 * 60 + 45, weekday: isoWeekdayOf(date) })
      }
    }
  })
})

describe('calendar days', () => {
  it('adds days across months and years, and knows weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(isoWeekdayOf('2026-11-23')).toBe(1)
    expect(isoWeekdayOf('2026-11-29')).toBe(7)
  })
})
