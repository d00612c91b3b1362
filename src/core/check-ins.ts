/*
 * The check-in's words and rules, free of zod: the check-in card loads them on the weekly home and the dashboard, whose
 * first load has no schema library (docs/decisions/0033). The request schemas are in ./check-in-request.
 */

/** The five moods of a check-in, worst to best (docs/product.md#check-in). */
export const MOODS = ['awful', 'bad', 'okay', 'good', 'great'] as const
export type Mood = (typeof MOODS)[number]

/**
 * Each mood's colour. Its face is drawn by the check-in card in that colour, so it looks the same on every device,
 * whatever emoji the device has.
 */
export const MOOD_COLORS: Record<Mood, string> = { awful: '#8f7cf0', bad: '#6fa8ff', okay: '#7fdcec', good: '#7fe0b0', great: '#ffc27a' }

/**
 * A mood or an emotion word as the screens and Olo write it, capitalised: 'good' is 'Good' (a mood's button's
 * accessible name), 'calm' is 'Calm'. The words are their own labels, so no table of them is sent twice.
 */
export function checkInWord(word: Mood | Emotion): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** A mood as a number, 1 (awful) to 5 (great), for averages and trends. */
export function moodScore(mood: Mood): number {
  return MOODS.indexOf(mood) + 1
}

/** The mood nearest to an average score, for saying an average in words. */
export function moodNearest(score: number): Mood {
  const index = Math.min(MOODS.length - 1, Math.max(0, Math.round(score) - 1))
  return MOODS[index] ?? 'okay'
}

/** The emotion words offered for each mood: a short list a person can tap through in seconds. */
export const EMOTIONS_BY_MOOD: Record<Mood, readonly Emotion[]> = {
  awful: ['overwhelmed', 'anxious', 'hopeless', 'lonely', 'exhausted', 'angry', 'ashamed', 'sad'],
  bad: ['anxious', 'tired', 'frustrated', 'sad', 'lonely', 'stressed', 'irritable', 'bored'],
  okay: ['calm', 'tired', 'restless', 'content', 'distracted', 'unsure', 'bored', 'hopeful'],
  good: ['calm', 'grateful', 'hopeful', 'focused', 'relaxed', 'proud', 'connected', 'content'],
  great: ['joyful', 'proud', 'grateful', 'energised', 'loved', 'inspired', 'peaceful', 'connected'],
}

/** Every emotion word a check-in may carry, whatever its mood. */
export const EMOTIONS = [
  'angry',
  'anxious',
  'ashamed',
  'bored',
  'calm',
  'connected',
  'content',
  'distracted',
  'energised',
  'exhausted',
  'focused',
  'frustrated',
  'grateful',
  'hopeful',
  'hopeless',
  'inspired',
  'irritable',
  'joyful',
  'lonely',
  'loved',
  'overwhelmed',
  'peaceful',
  'proud',
  'relaxed',
  'restless',
  'sad',
  'stressed',
  'tired',
  'unsure',
] as const
export type Emotion = (typeof EMOTIONS)[number]

export const CHECK_IN_NOTE_CHARS = 500
/** A check-in kept on a device while offline may arrive late; one older than this is refused rather than misdated. */
export const CHECK_IN_LATEST_DAYS = 30
/** How far ahead of the server's clock a device's clock may run. */
const CLOCK_SKEW_MS = 5 * 60_000

/** A check-in's moment is refused when it is later than now or older than CHECK_IN_LATEST_DAYS. */
export function checkInMomentProblem(at: Date, now: Date): string | null {
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return "A check-in can't be in the future."
  if (at.getTime() < now.getTime() - CHECK_IN_LATEST_DAYS * 86_400_000) return `A check-in older than ${CHECK_IN_LATEST_DAYS} days can't be added.`
  return null
}
