/**
 * The 5-4-3-2-1 grounding exercise of docs/product.md#grounding: five things to see, four to touch, three to hear, two
 * to smell, one to taste, one sense at a time at the person's own pace. Nothing is timed, scored or recorded.
 */

export const GROUNDING_SENSES = [
  {
    sense: 'see',
    count: 5,
    heading: 'Five things you can see',
    prompt: 'Look around you, slowly. A colour, a shape, the way light falls on something. Let your eyes rest on each one.',
    noticed: 'I see one',
  },
  {
    sense: 'touch',
    count: 4,
    heading: 'Four things you can touch',
    prompt: 'Notice what you can feel: your feet on the floor, the fabric of your clothes, the air on your skin, something in your hands.',
    noticed: 'I feel one',
  },
  {
    sense: 'hear',
    count: 3,
    heading: 'Three things you can hear',
    prompt: 'Listen for sounds near and far. Even a quiet room has some: a hum, a breath, a car going by.',
    noticed: 'I hear one',
  },
  {
    sense: 'smell',
    count: 2,
    heading: 'Two things you can smell',
    prompt: 'Breathe in gently. If nothing comes, that is fine: think of two smells you like.',
    noticed: 'I smell one',
  },
  {
    sense: 'taste',
    count: 1,
    heading: 'One thing you can taste',
    prompt: 'Notice the taste in your mouth, or take a sip of water and notice that.',
    noticed: 'I taste one',
  },
] as const

export type GroundingState = { status: 'ready' } | { status: 'noticing'; sense: number; noticed: number } | { status: 'done' }

export type GroundingAction = { type: 'begin' } | { type: 'notice' } | { type: 'move on' } | { type: 'again' }

export const initialGrounding: GroundingState = { status: 'ready' }

/**
 * Each tap notices one more thing of the current sense; a sense whose count is full, or that the person moves on from,
 * gives way to the next, and the last one to the end. Nobody is held at a sense they can't find anything for.
 */
export function groundingReducer(state: GroundingState, action: GroundingAction): GroundingState {
  switch (action.type) {
    case 'begin':
    case 'again':
      return { status: 'noticing', sense: 0, noticed: 0 }
    case 'notice':
      if (state.status !== 'noticing') return state
      return state.noticed < GROUNDING_SENSES[state.sense]!.count ? { ...state, noticed: state.noticed + 1 } : state
    case 'move on':
      if (state.status !== 'noticing') return state
      return state.sense + 1 < GROUNDING_SENSES.length ? { status: 'noticing', sense: state.sense + 1, noticed: 0 } : { status: 'done' }
  }
}
