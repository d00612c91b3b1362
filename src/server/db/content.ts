import type { GameType, PathName } from '~/core/paths'
import type { GoalCategoryName } from '~/core/weekly'
import { unwrap } from '../prose'

export interface MinigameContent {
  key: string
  name: string
  description: string
  gameType: GameType
  scriptKey: string
}

export interface PathContent {
  key: PathName
  title: string
  description: string
  exercises: readonly { number: 1 | 2 | 3; minigameKey: string }[]
}

export interface GoalCategoryContent {
  /** Typed by the orb formula's list, so a renamed category cannot silently stop counting. */
  name: GoalCategoryName
  iconName: string
  description: string
}

// ── Paths and their exercises (docs/product.md#paths) ────────────────────────────────────────

const PATH_ORDER: readonly PathName[] = ['mind', 'energy', 'calm', 'connection']

export const PATHS: Record<PathName, { title: string; description: string }> = {
  mind: {
    title: 'Mind',
    description: 'Sharpen your attention and find clarity through short practices of focus, noticing and stillness.',
  },
  energy: {
    title: 'Energy',
    description: 'Wake up your body and lift your energy with walking, flowing movement and bright, full breathing.',
  },
  calm: {
    title: 'Calm',
    description: 'Slow down, soften tension and settle into the present with gentle breath, quiet sitting and your senses.',
  },
  connection: {
    title: 'Connection',
    description: 'Open your heart to the people around you through everyday kindness, warm breathing and reaching out.',
  },
}

interface Exercise {
  key: string
  name: string
  gameType: GameType
  path: PathName
  number: 1 | 2 | 3
  /** The minigame's description: what the user does. */
  description: string
}

/** Each exercise's threshold chat, under the same key, is in src/server/olo/scripts.ts. */
export const EXERCISES = [
  {
    key: 'focus-steps',
    name: 'Focus Steps',
    gameType: 'focus',
    path: 'mind',
    number: 1,
    description: `Rest your attention on one thing through four short timed rounds, gently coming back each time your mind
      wanders.`,
  },
  {
    key: 'sensory-safari-mind',
    name: 'Sensory Safari',
    gameType: 'sensory',
    path: 'mind',
    number: 2,
    description: 'Look around with fresh, curious eyes and describe one thing you can see in as much detail as you can.',
  },
  {
    key: 'still-mind',
    name: 'Still Mind',
    gameType: 'meditation',
    path: 'mind',
    number: 3,
    description: 'Sit for five quiet minutes and watch your thoughts come and go, returning to your breath whenever you drift.',
  },
  {
    key: 'step-quest',
    name: 'Step Quest',
    gameType: 'movement',
    path: 'energy',
    number: 1,
    description: 'Head out for a walk, however long feels good today, and log the steps you gather along the way.',
  },
  {
    key: 'flow',
    name: 'Flow',
    gameType: 'flow',
    path: 'energy',
    number: 2,
    description: 'Follow four timed phases of easy, free movement, letting your body stretch, sway and loosen at its own pace.',
  },
  {
    key: 'energising-breath',
    name: 'Energising Breath',
    gameType: 'breathing',
    path: 'energy',
    number: 3,
    description: 'Spend one bright minute breathing with the bubble, filling up fully on every inhale to wake body and mind.',
  },
  {
    key: 'breathing-bubble',
    name: 'Breathing Bubble',
    gameType: 'breathing',
    path: 'calm',
    number: 1,
    description: 'Follow a softly growing and shrinking bubble for one minute, breathing in as it swells and out as it settles.',
  },
  {
    key: 'quiet-sit',
    name: 'Quiet Sit',
    gameType: 'meditation',
    path: 'calm',
    number: 2,
    description: `Sit comfortably for five unhurried minutes with nothing to do and nothing to fix, simply letting your
      body settle.`,
  },
  {
    key: 'sensory-safari-calm',
    name: 'Sensory Safari',
    gameType: 'sensory',
    path: 'calm',
    number: 3,
    description: 'Ground yourself in the present by slowly taking in your surroundings and describing one thing you can see.',
  },
  {
    key: 'kindness-quest',
    name: 'Kindness Quest',
    gameType: 'kindness',
    path: 'connection',
    number: 1,
    description: 'Choose one small act of kindness for someone today, do it, and write down what you did.',
  },
  {
    key: 'warm-breath',
    name: 'Warm Breath',
    gameType: 'breathing',
    path: 'connection',
    number: 2,
    description: `Breathe with the bubble for one minute, drawing in warmth for yourself and sending it out to someone you
      care about.`,
  },
  {
    key: 'reach-out',
    name: 'Reach Out',
    gameType: 'kindness',
    path: 'connection',
    number: 3,
    description: `Reach out to someone you've been thinking of with a message, a call or a few kind words, and note how you
      connected.`,
  },
] as const satisfies readonly Exercise[]

export type ExerciseKey = (typeof EXERCISES)[number]['key']

/** The key of the script a minigame's threshold chat follows. */
export const thresholdScriptKey = (exerciseKey: string) => `threshold-${exerciseKey}`

// ── Exports ──────────────────────────────────────────────────────────────────────────────────

export const MINIGAMES: readonly MinigameContent[] = EXERCISES.map((exercise) => ({
  key: exercise.key,
  name: exercise.name,
  description: unwrap(exercise.description),
  gameType: exercise.gameType,
  scriptKey: thresholdScriptKey(exercise.key),
}))

export const PATH_CONTENT: readonly PathContent[] = PATH_ORDER.map((key) => ({
  key,
  title: PATHS[key].title,
  description: PATHS[key].description,
  exercises: EXERCISES.filter((exercise) => exercise.path === key).map((exercise) => ({
    number: exercise.number,
    minigameKey: exercise.key,
  })),
}))

export const GOAL_CATEGORIES: readonly GoalCategoryContent[] = [
  { name: 'Health & Fitness', iconName: 'Heart', description: 'Move more, sleep better and build strength you can feel.' },
  { name: 'Mind & Learning', iconName: 'Brain', description: 'Read, study and pick up skills that keep your mind curious.' },
  { name: 'Money', iconName: 'DollarSign', description: 'Save, pay down and plan so money supports the life you want.' },
  { name: 'Relationships', iconName: 'Users', description: 'Give time and care to the people who matter most to you.' },
  { name: 'Creativity', iconName: 'Palette', description: 'Write, draw, play or build, and share what you make.' },
  { name: 'Purpose & Career', iconName: 'Compass', description: 'Grow in your work and move towards what feels meaningful.' },
  { name: 'Adventure & Travel', iconName: 'MapPin', description: 'Explore new places, try new things and collect memories.' },
  { name: 'Home & Family', iconName: 'Home', description: 'Make home a warm place and share time with the family you love.' },
]
