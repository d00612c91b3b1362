import { describe, expect, it } from 'vitest'
import { extractGoal } from './quantities'

describe('timeframes', () => {
  it.each([
    ['in 3 months', 90],
    ['by 60 days', 60],
    ['six weeks', 42],
    ['a year', 365],
    ['2 years', 730],
    ['within a fortnight', 14],
    ['over the next 3 months', 90],
    ['half a year', 183],
    ['a year and a half', 548],
    ['a couple of weeks', 14],
    ['next month', 30],
    ['in 40 years', 3650],
  ])('%j is %i days', (text, days) => expect(extractGoal(text).days).toBe(days))

  it('does not take how often for how long', () => {
    expect(extractGoal('3 times a week').days).toBeUndefined()
    expect(extractGoal('10 minutes a day for 30 days').days).toBe(30)
  })
})

describe('goals', () => {
  it('reads a whole goal from one sentence', () => {
    expect(extractGoal('I want to run 100 km in 3 months')).toEqual({
      wish: 'run 100 km',
      verb: 'run',
      target: { value: 100, unit: 'km', phrase: 'km' },
      days: 90,
    })
  })

  it.each([
    ['Read 12 books', 12, 'books'],
    ['read twelve books this year', 12, 'books'],
    ['a dozen books', 12, 'books'],
    ['save 5,000 euros', 5000, 'euros'],
    ['save 5 000 euros', 5000, 'euros'],
    ['1,250.5 km', 1250.5, 'km'],
    ['€5000', 5000, 'euros'],
    ['5000€ for a new bike', 5000, 'euros'],
    ['put aside $300', 300, 'dollars'],
    ['£250', 250, 'pounds'],
    ['10k steps', 10000, 'steps'],
    ['20 sessions of yoga', 20, 'sessions'],
    ['12 kilometres', 12, 'km'],
    ['1 book', 1, 'book'],
    ['lose 5 kilos', 5, 'kg'],
    ['run a 10k', 10, 'km'],
    ['run a half marathon', 21.1, 'km'],
    ['50%', 50, 'percent'],
  ])('%j → %d %s', (text, value, unit) => {
    expect(extractGoal(text).target).toMatchObject({ value, unit })
  })

  it('keeps the words of the unit for the title', () => {
    expect(extractGoal('write 50 short stories by 60 days')).toMatchObject({
      verb: 'write',
      target: { value: 50, unit: 'stories', phrase: 'short stories' },
      days: 60,
    })
  })

  it('reads a rate and its timeframe apart', () => {
    expect(extractGoal('walk 10,000 steps a day for a month')).toMatchObject({ target: { value: 10000, unit: 'steps', per: 1 }, days: 30 })
    expect(extractGoal('3 times a week for six weeks')).toMatchObject({ target: { value: 3, unit: 'times', per: 7 }, days: 42 })
  })

  it('keeps what the goal is for', () => {
    expect(extractGoal('I would like to save €5000 within a year for a trip to Japan')).toMatchObject({
      target: { value: 5000, unit: 'euros' },
      days: 365,
      reason: 'for a trip to Japan',
    })
    expect(extractGoal('save for a trip to Japan')).toMatchObject({ verb: 'save', reason: 'for a trip to Japan' })
  })

  it('finds a countable thing named without a number', () => {
    expect(extractGoal("I'd love to read more books")).toMatchObject({ wish: 'read more books', verb: 'read', noun: 'books' })
    expect(extractGoal('save money')).toMatchObject({ verb: 'save', noun: 'euros' })
    expect(extractGoal('be calmer')).toEqual({ wish: 'be calmer', verb: 'be' })
  })

  it('finds only a timeframe, or nothing, where that is all there is', () => {
    expect(extractGoal('in 3 months')).toEqual({ days: 90 })
    expect(extractGoal('?')).toEqual({})
  })
})
