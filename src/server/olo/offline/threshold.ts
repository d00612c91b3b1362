/**
 * The threshold before a practice: one question, what the user wants from it, turned into a short first-person
 * intention. It is a doorway, not a conversation, so Olo asks again at most once and otherwise offers a kind default.
 */
import type { ThresholdResult } from '~/core/olo'
import type { Answers, Turn } from './turn'
import { intentionFrom } from './intention'
import { wantsToStart } from './yes-no'

interface Practice {
  /** Three feelings to offer when the first answer can't become an intention; each answers "feel …?". */
  options: string
  /** A kind intention for this practice, for when the user would rather just begin. */
  fallback: string
}

const PRACTICES: Record<string, Practice> = {
  'focus steps': { options: 'more focused, clearer or calmer', fallback: 'I come back gently to one thing each time my mind wanders.' },
  'sensory safari': { options: 'more curious, more present or calmer', fallback: 'I look closely and let what I see surprise me.' },
  'still mind': { options: 'quieter, more patient or lighter', fallback: 'I let my thoughts drift by and rest with my breath.' },
  'step quest': { options: 'more energised, lighter or more awake', fallback: 'I walk at an easy pace and feel my energy grow.' },
  flow: { options: 'looser, lighter or more energised', fallback: 'I move with ease and follow what feels good.' },
  'energising breath': { options: 'more awake, more energised or clearer', fallback: 'I breathe in fresh energy, one full breath at a time.' },
  'breathing bubble': { options: 'calmer, softer or more rested', fallback: 'I slow down and give myself this calm minute.' },
  'quiet sit': { options: 'rested, calmer or lighter', fallback: 'I let myself rest here, with nothing to fix.' },
  'kindness quest': { options: 'warmer, more open or more connected', fallback: 'I offer one small kindness with an open heart.' },
  'warm breath': { options: 'warmer, kinder or more connected', fallback: 'I breathe in warmth and send it to someone I care about.' },
  'reach out': { options: 'more connected, braver or warmer', fallback: 'I reach out simply, and let that be enough.' },
}

const ANY_PRACTICE: Practice = {
  options: 'calmer, more focused or more energised',
  fallback: 'I give this practice my gentle, full attention.',
}

// ── The conversation ────────────────────────────────────────────────────────────────────────────

export function thresholdTurn({ texts, wrapUp }: Answers, exerciseName?: string): Turn<ThresholdResult> {
  const name = exerciseName ?? 'this practice'
  const practice = PRACTICES[name.toLowerCase()] ?? ANY_PRACTICE
  const begin = (intention: string, close: string): Turn<ThresholdResult> => ({ close, result: { intention } })
  const named = exerciseName === undefined ? 'your practice' : exerciseName
  let misses = 0
  for (const text of texts) {
    if (wantsToStart(text)) return begin(practice.fallback, `Of course, let's begin; I've set a gentle intention for ${named}.`)
    const intention = intentionFrom(text, exerciseName)
    if (intention !== undefined) return begin(intention, `Thank you, that's a lovely intention to carry into ${named}.`)
    misses += 1
  }
  if (misses > 1 || wrapUp) {
    return begin(practice.fallback, `That's alright, let's simply begin; I've set a gentle intention for ${named}.`)
  }
  if (misses === 0) return { ask: `What would you like ${named} to give you today?` }
  return { ask: `That's alright, there's no wrong answer. As you begin ${named}, would you like to feel ${practice.options}?` }
}
