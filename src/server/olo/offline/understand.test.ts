import { describe, expect, it } from 'vitest'
import { DIMENSIONS, type Dimension } from '~/core/dimensions'
import {
  extractGoal,
  findDimensions,
  findExplicitRating,
  isAffirmative,
  isUnusable,
  parseDimension,
  parseRating,
  wantsToStart,
  wordsToDigits,
} from './understand'

describe('answers Olo cannot use', () => {
  it.each(['', '   ', '?', '...', 'idk', "I don't know", 'dunno', 'nothing', 'whatever', 'no idea', 'hmmm', 'x', '🙂'])(
    '%j is unusable',
    (text) => expect(isUnusable(text)).toBe(true),
  )

  it.each(['ok', 'meh', 'fine', 'good', 'It was a long week', '7'])('%j is a real answer', (text) => {
    expect(isUnusable(text)).toBe(false)
  })

  it('hears agreement and a wish to begin', () => {
    expect(isAffirmative('Sounds good!')).toBe(true)
    expect(isAffirmative('yes')).toBe(true)
    expect(isAffirmative('no')).toBe(false)
    expect(wantsToStart('just start')).toBe(true)
    expect(wantsToStart("Let's go!")).toBe(true)
    expect(wantsToStart('skip')).toBe(true)
    expect(wantsToStart('I want to start my day calm')).toBe(false)
  })
})

describe('numbers in words', () => {
  it.each([
    ['a dozen books', '12 books'],
    ['twenty-five sessions', '25 sessions'],
    ['five thousand two hundred euros', '5200 euros'],
    ['one hundred and five', '105'],
    ['seven and a half', '7.5'],
    ['a solid eight', 'a solid 8'],
    ['one day I will', 'one day I will'],
  ])('%j → %j', (text, expected) => expect(wordsToDigits(text)).toBe(expected))
})

describe('ratings', () => {
  it.each([
    ['7', 7],
    ['7/10', 7],
    ['7 out of 10', 7],
    ['about a 6', 6],
    ['seven', 7],
    ['a solid eight', 8],
    ['6.5', 7],
    ['6,5', 7],
    ['6.4', 6],
    ['6-7', 7],
    ['between 5 and 6', 6],
    ['Ten!', 10],
    ['10/10', 10],
    ['one', 1],
    ['I had 3 bad days but overall a 6', 6],
    ['On a scale of 1 to 10 I would say 4', 4],
  ])('%j is %i', (text, rating) => expect(parseRating(text)).toBe(rating))

  it.each(['11', '0', '100', 'minus twenty'])('%j is off the scale', (text) => expect(parseRating(text)).toBe('out-of-range'))

  it.each(['pretty good', 'not sure', ''])('%j has no rating', (text) => expect(parseRating(text)).toBeUndefined())

  it('takes a rating from a description of the week only when it is plainly one', () => {
    expect(findExplicitRating('A 7/10 week, busy but good')).toBe(7)
    expect(findExplicitRating("Honestly I'd give it an 8")).toBe(8)
    expect(findExplicitRating('I had 3 meetings and 2 deadlines')).toBeUndefined()
  })
})

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

describe('dimensions', () => {
  it.each(DIMENSIONS)('knows %s by its name, in any case', (dimension) => {
    expect(parseDimension(dimension)).toBe(dimension)
    expect(parseDimension(`Definitely ${dimension.toUpperCase()}!`)).toBe(dimension)
  })

  const synonyms: Record<Dimension, readonly string[]> = {
    mind: ['focus', 'studying for exams', 'thinking clearly', 'clarity', 'reading'],
    body: ['exercise', 'a good workout', 'my morning run', 'the gym', 'sleep', 'my health', 'food', 'rest and resting', 'walking'],
    heart: ['my feelings', 'emotions', 'self-care', 'my mood', 'stress', 'self care'],
    connection: ['friends', 'my family', 'my partner', 'the kids', 'colleagues', 'my sister'],
    purpose: ['work', 'my career', 'meaning', 'my job', 'a mission', 'the project'],
    growth: ['learning a skill', 'courage', 'new habits', 'progress', 'a language course'],
    spirit: ['nature', 'meditation', 'faith', 'stillness', 'wonder', 'prayer', 'a walk in the forest'],
  }

  it.each(DIMENSIONS.flatMap((dimension) => synonyms[dimension].map((word) => [word, dimension] as const)))(
    '%j points to %s',
    (text, dimension) => expect(parseDimension(text)).toBe(dimension),
  )

  it('lists the dimensions in the order they are named, the longer word winning an overlap', () => {
    expect(findDimensions('Friends first, then work and meditation')).toEqual(['connection', 'purpose', 'spirit'])
    expect(findDimensions('I want to work out more')).toEqual(['body'])
  })

  it('reads "focus on" and "work on" as framing, not as Mind or Purpose', () => {
    expect(parseDimension('I want to focus on my health and sleep next week')).toBe('body')
    expect(parseDimension('working on my friendships')).toBe('connection')
    expect(parseDimension('I need more focus')).toBe('mind')
    expect(parseDimension('work was heavy')).toBe('purpose')
  })

  it('finds none in an answer without one', () => {
    expect(findDimensions('none of them really')).toEqual([])
    expect(findDimensions('the rest of the week was a blur')).toEqual([])
  })
})
