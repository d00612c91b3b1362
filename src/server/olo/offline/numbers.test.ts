import { describe, expect, it } from 'vitest'
import { findExplicitRating, parseRating, wordsToDigits } from './numbers'

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
