import type { SafetyPlanStep } from '~/core/safety-plan'

interface StepWords {
  title: string
  /** What the step asks, in a sentence. */
  prompt: string
  /** Lines to start from: a tap adds one, to change into the member's own words. */
  examples: readonly string[]
  /** The field's name for a line of this step. */
  lineLabel: string
}

/** Each step's words (docs/product.md#safety-plan): warm, short, and in the member's voice. */
export const STEP_WORDS: Record<SafetyPlanStep, StepWords> = {
  'warning-signs': {
    title: 'Warning signs',
    prompt: 'Thoughts, moods or situations that tell me a hard time may be coming.',
    examples: ['I stop answering messages and stay in bed', 'My thoughts race when I try to sleep', 'I feel hopeless after an argument'],
    lineLabel: 'Warning sign',
  },
  'on-my-own': {
    title: 'Things I can do on my own',
    prompt: 'What I can do by myself to take my mind off it for a while.',
    examples: ['Go for a walk around the block', 'Take a hot shower', 'Listen to my calm playlist'],
    lineLabel: 'Something I can do',
  },
  'people-and-places': {
    title: 'People and places that take my mind off it',
    prompt: 'Where I can go, and who I can be with, to think of something else.',
    examples: ['Sit in a busy café for a while', 'Call a friend just to chat', 'Go to the library or the park'],
    lineLabel: 'A person or a place',
  },
  'people-to-ask': {
    title: 'People I can ask for help',
    prompt: 'People I trust to talk to when things get hard. Add a number, and you can call or text them in one tap.',
    examples: ['A friend I trust', 'Someone in my family', 'A neighbour'],
    lineLabel: 'Name',
  },
  professionals: {
    title: 'Professionals and services',
    prompt: 'My doctor, my therapist, or a service I can call.',
    examples: ['My doctor', 'My therapist or counsellor', 'The out-of-hours line of my practice'],
    lineLabel: 'Name',
  },
  'safer-surroundings': {
    title: 'Making my surroundings safer',
    prompt: 'What I can do to make where I am safer for now.',
    examples: ['Ask someone I trust to keep my medicines', 'Keep anything I could hurt myself with out of the house', 'Go where other people are'],
    lineLabel: 'Something that makes it safer',
  },
  'reasons-for-living': {
    title: 'My reasons for living',
    prompt: 'What matters most to me, and what I want to be here for.',
    examples: ['The people I love', 'My pet, who needs me', 'Things I still want to see and do'],
    lineLabel: 'A reason',
  },
}
