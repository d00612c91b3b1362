import { describe, expect, it } from 'vitest'
import { dayLabel, sayMonth } from './marks'

const day = { date: '2026-11-23', mood: 'good' as const, average: 4, checkIns: 2, practices: 1, journal: 3, recap: true }

describe('a day as a screen reader hears it', () => {
  it('says the mood in words and everything that happened, so colour is not the only cue', () => {
    expect(dayLabel('2026-11-23', day)).toBe('Monday 23 November, Good (2 check-ins), 1 practice, 3 journal entries, weekly recap done')
    expect(dayLabel('2026-11-23', { ...day, checkIns: 1, practices: 0, journal: 1, recap: false }, { today: true })).toBe('Monday 23 November, today, Good (1 check-in), 1 journal entry')
  })

  it('says a day without a check-in by what happened, and an empty day as such', () => {
    expect(dayLabel('2026-11-23', { ...day, mood: null, average: null, checkIns: 0, journal: 0, recap: false })).toBe('Monday 23 November, 1 practice')
    expect(dayLabel('2026-11-23', undefined)).toBe('Monday 23 November, nothing recorded')
    expect(sayMonth('2026-03')).toBe('March 2026')
  })
})
