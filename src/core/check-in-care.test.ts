import { describe, expect, it } from 'vitest'
import { meetsWithCare } from './check-in-care'

describe('the kind word', () => {
  const today = '2026-03-01'
  it('meets every Awful check-in, whatever came before', () => {
    expect(meetsWithCare('awful', today, [])).toBe(true)
  })

  it('meets a Bad check-in on the third day running of Bad or Awful days, across a month’s end', () => {
    expect(meetsWithCare('bad', today, ['2026-02-28', '2026-02-27'])).toBe(true)
    expect(meetsWithCare('bad', today, ['2026-02-28'])).toBe(false)
    // A good day in between breaks the run.
    expect(meetsWithCare('bad', today, ['2026-02-28', '2026-02-26'])).toBe(false)
    expect(meetsWithCare('bad', today, [])).toBe(false)
  })

  it('never meets an Okay, Good or Great check-in', () => {
    for (const mood of ['okay', 'good', 'great'] as const) expect(meetsWithCare(mood, today, ['2026-02-28', '2026-02-27'])).toBe(false)
  })
})
