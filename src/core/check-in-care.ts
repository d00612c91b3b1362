import { addDays } from './local-time'
import type { Mood } from './moods'

/**
 * Whether a check-in is met with a kind word and a way on (docs/product.md#check-in): an Awful one always, a Bad one
 * on the third day running with a Bad or Awful check-in. `lowDates` are the member's local dates with one. The rule
 * runs in the app, so what is said back is the same offline (docs/decisions/0055).
 */
export function meetsWithCare(mood: Mood, date: string, lowDates: readonly string[]): boolean {
  if (mood === 'awful') return true
  return mood === 'bad' && [1, 2].every((days) => lowDates.includes(addDays(date, -days)))
}
