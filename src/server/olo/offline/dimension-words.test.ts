import { describe, expect, it } from 'vitest'
import { DIMENSIONS, type Dimension } from '~/core/dimensions'
import { findDimensions, parseDimension } from './dimension-words'

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
