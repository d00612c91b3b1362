/*
 * Moods as numbers, for the averages and trends of the recap's week, Stats and the Calendar. Apart from ./moods, which
 * the check-in card loads and never averages (docs/decisions/0038).
 */
import { MOODS, type Mood } from './moods'

/** A mood as a number, 1 (awful) to 5 (great), for averages and trends. */
export function moodScore(mood: Mood): number {
  return MOODS.indexOf(mood) + 1
}

/** The mood nearest to an average score, for saying an average in words. */
export function moodNearest(score: number): Mood {
  const index = Math.min(MOODS.length - 1, Math.max(0, Math.round(score) - 1))
  return MOODS[index] ?? 'okay'
}
