import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { goalProgress, goalStatus, percentile, percentileWording, progressInputValue, targetDateFrom, tierAndAbove, tiersReached } from './goals'

describe('goal progress', () => {
  it('is the rounded percent of current to target, capped at 100', () => {
    expect(goalProgress(0, 100)).toBe(0)
    expect(goalProgress(60, 100)).toBe(60)
    expect(goalProgress(1, 3)).toBe(33)
    expect(goalProgress(2, 3)).toBe(67)
    expect(goalProgress(0.5, 200)).toBe(0)
    expect(goalProgress(99.6, 100)).toBe(100)
    expect(goalProgress(150, 100)).toBe(100)
  })

  it('stays between 0 and 100 for any values', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 1e-6, max: 1e9, noNaN: true }), (current, target) => {
      const progress = goalProgress(current, target)
      return Number.isInteger(progress) && progress >= 0 && progress <= 100
    }))
  })

  it('completes a goal at 100 and reopens it below', () => {
    expect(goalStatus(100)).toBe('completed')
    expect(goalStatus(99)).toBe('in-progress')
  })
})

describe('tiers', () => {
  it('are reached at 25, 50, 75 and 100 %', () => {
    expect(tiersReached(24)).toEqual([])
    expect(tiersReached(25)).toEqual(['Bronze'])
    expect(tiersReached(60)).toEqual(['Bronze', 'Silver'])
    expect(tiersReached(75)).toEqual(['Bronze', 'Silver', 'Gold'])
    expect(tiersReached(100)).toEqual(['Bronze', 'Silver', 'Gold', 'Diamond'])
    expect(tierAndAbove('Silver')).toEqual(['Silver', 'Gold', 'Diamond'])
  })

  it('have a percentile: the share of users with a goal in the category who earned the tier or higher, to one decimal', () => {
    expect(percentile(1, 1)).toBe(100)
    expect(percentile(1, 8)).toBe(12.5)
    expect(percentile(1, 3)).toBe(33.3)
    expect(percentile(2, 3)).toBe(66.7)
    expect(percentile(0, 4)).toBe(25)
    // Only everyone is 100: one short of everyone reads 99.9, never a rounded 100.
    expect(percentile(1999, 2000)).toBe(99.9)
    expect(percentile(2000, 2000)).toBe(100)
  })

  it('read their percentile kindly and truthfully, as one of the first below 20 members and never as Top 100.0%', () => {
    expect(percentileWording(100, 1)).toBe('One of the first to earn it')
    expect(percentileWording(33.3, 19)).toBe('One of the first to earn it')
    expect(percentileWording(5, 20)).toBe('Top 5.0%')
    expect(percentileWording(12.5, 40)).toBe('Top 12.5%')
    expect(percentileWording(99.9, 2000)).toBe('Top 99.9%')
    expect(percentileWording(100, 24)).toBe('Earned by all 24 members with a goal in this category')
    for (const [value, cohort] of [[100, 20], [100, 1], [100, 500]] as const) expect(percentileWording(value, cohort)).not.toContain('100.0')
  })
})

describe('the progress input', () => {
  it('counts a non-number as 0 and keeps the value between 0 and the target', () => {
    expect(progressInputValue('60', 100)).toBe(60)
    expect(progressInputValue('', 100)).toBe(0)
    expect(progressInputValue('lots', 100)).toBe(0)
    expect(progressInputValue('-4', 100)).toBe(0)
    expect(progressInputValue('250', 100)).toBe(100)
    expect(progressInputValue(' 2.5 ', 10)).toBe(2.5)
  })

  it('dates a goal by its suggested timeframe', () => {
    expect(targetDateFrom(new Date('2026-11-22T10:00:00Z'), 90)).toBe('2027-02-20')
    expect(targetDateFrom(new Date('2026-11-22T10:00:00Z'), 42)).toBe('2027-01-03')
  })
})
