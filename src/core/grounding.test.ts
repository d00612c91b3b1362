import { describe, expect, it } from 'vitest'
import { GROUNDING_SENSES, groundingReducer, initialGrounding, type GroundingAction, type GroundingState } from './grounding'

const run = (actions: GroundingAction['type'][], from: GroundingState = initialGrounding) => actions.reduce((state, type) => groundingReducer(state, { type }), from)

describe('the 5-4-3-2-1 grounding exercise', () => {
  it('counts down the senses five, four, three, two, one', () => {
    expect(GROUNDING_SENSES.map(({ sense, count }) => [sense, count])).toEqual([
      ['see', 5],
      ['touch', 4],
      ['hear', 3],
      ['smell', 2],
      ['taste', 1],
    ])
  })

  it('notices up to a sense’s count and no further', () => {
    expect(run(['begin', 'notice', 'notice'])).toEqual({ status: 'noticing', sense: 0, noticed: 2 })
    expect(run(['begin', ...Array<'notice'>(7).fill('notice')])).toEqual({ status: 'noticing', sense: 0, noticed: 5 })
  })

  it('moves on to the next sense when asked, whether or not its count is full, and ends after the last', () => {
    expect(run(['begin', 'notice', 'move on'])).toEqual({ status: 'noticing', sense: 1, noticed: 0 })
    expect(run(['begin', 'move on', 'move on', 'move on', 'move on'])).toEqual({ status: 'noticing', sense: 4, noticed: 0 })
    expect(run(['begin', 'move on', 'move on', 'move on', 'move on', 'move on'])).toEqual({ status: 'done' })
  })

  it('begins again from the first sense, and ignores taps before it begins or after it ends', () => {
    expect(run(['notice', 'move on'])).toEqual(initialGrounding)
    const done = run(['begin', 'move on', 'move on', 'move on', 'move on', 'move on'])
    expect(run(['notice', 'move on'], done)).toEqual({ status: 'done' })
    expect(run(['again'], done)).toEqual({ status: 'noticing', sense: 0, noticed: 0 })
  })
})
