import { isOneOf } from './lists'

/** The seven life dimensions, in the order the product shows them. */
export const DIMENSIONS = ['mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit'] as const
export type Dimension = (typeof DIMENSIONS)[number]

export const DIMENSION_INFO: Record<Dimension, { label: string; description: string; color: string }> = {
  mind: { label: 'Mind', description: 'Clarity of thought, attention and learning.', color: '#8ab4ff' },
  body: { label: 'Body', description: 'Movement, rest and the energy you live with.', color: '#7fe0b0' },
  heart: { label: 'Heart', description: 'Feelings, self-kindness and emotional balance.', color: '#ff9fb5' },
  connection: { label: 'Connection', description: 'The people you love and the bonds you build.', color: '#ffc27a' },
  purpose: { label: 'Purpose', description: 'Meaningful work and the direction of your days.', color: '#c9a2ff' },
  growth: { label: 'Growth', description: 'New skills, courage and becoming who you want to be.', color: '#9be870' },
  spirit: { label: 'Spirit', description: 'Stillness, wonder and what feels bigger than you.', color: '#7fdcec' },
}

export function isDimension(value: string): value is Dimension {
  return isOneOf(DIMENSIONS, value)
}

export const FOCUS_OPTIONS = ['clarity', 'energy', 'peace', 'connection', 'purpose', 'growth'] as const
export type FocusOption = (typeof FOCUS_OPTIONS)[number]

export const FOCUS_INFO: Record<FocusOption, { label: string; description: string }> = {
  clarity: { label: 'Clarity', description: 'Think clearly and decide with calm.' },
  energy: { label: 'Energy', description: 'Feel awake, strong and ready.' },
  peace: { label: 'Peace', description: 'Quiet the noise and rest in the moment.' },
  connection: { label: 'Connection', description: 'Grow closer to the people around you.' },
  purpose: { label: 'Purpose', description: 'Spend your days on what matters to you.' },
  growth: { label: 'Growth', description: 'Learn, stretch and become more yourself.' },
}
