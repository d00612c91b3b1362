import { describe, expect, it } from 'vitest'
import { LATEST_ARRIVAL_DAYS, lateMomentProblem } from './late-arrivals'

const NOW = new Date('2026-11-24T12:00:00Z')
const MINUTE = 60_000
const DAY = 86_400_000
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

describe('a moment a device kept while offline', () => {
  it('is kept from 30 days ago up to a device clock 5 minutes ahead', () => {
    expect(lateMomentProblem('A practice', NOW, NOW)).toBeNull()
    expect(lateMomentProblem('A practice', at(5 * MINUTE), NOW)).toBeNull()
    expect(lateMomentProblem('A practice', at(-LATEST_ARRIVAL_DAYS * DAY), NOW)).toBeNull()
  })

  it('is refused in the future or older than 30 days, in the words of what it dates', () => {
    expect(lateMomentProblem('A practice', at(5 * MINUTE + 1), NOW)).toBe("A practice can't be in the future.")
    expect(lateMomentProblem('A practice', at(-LATEST_ARRIVAL_DAYS * DAY - 1), NOW)).toBe("A practice older than 30 days can't be added.")
  })
})
