/*
 * The check-in's words and rules, free of zod: the check-in card loads them on the weekly home and the dashboard, whose
 * first load has no schema library (docs/decisions/0033). The request schemas are in ./check-in-request; the moods,
 * which Stats and the Calendar draw too, in ./moods.
 */
import { LATEST_ARRIVAL_DAYS, lateMomentProblem } from './late-arrivals'
import type { Mood } from './moods'

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
export const CHECK_IN_LATEST_DAYS = LATEST_ARRIVAL_DAYS

/** A check-in's moment is refused when it is later than now or older than CHECK_IN_LATEST_DAYS. */
export function checkInMomentProblem(at: Date, now: Date): string | null {
  return lateMomentProblem('A check-in', at, now)
}

/** The moods of a hard day: a check-in at one of them is remembered on the device for the kind word's rule below. */
export const LOW_MOODS: readonly Mood[] = ['awful', 'bad']

/**
 * What the crisis check reads of a check-in: its emotion words and its note, as one text, so "Hopeless" beside "I don't
 * want to be here anymore" is read together.
 */
export function checkInWords({ emotions, note }: { emotions: readonly string[]; note: string | null }): string {
  return [emotions.join(', '), note ?? ''].filter((part) => part !== '').join('. ')
}
