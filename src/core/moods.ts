/*
 * The five moods of a check-in and how they are shown and counted: the check-in card, Stats, the Calendar and the
 * recap's week share them. Apart from the check-in's own words (./check-ins), so a screen that draws moods loads no
 * more than this (docs/decisions/0038).
 */

/** The five moods of a check-in, worst to best (docs/product.md#check-in). */
export const MOODS = ['awful', 'bad', 'okay', 'good', 'great'] as const
export type Mood = (typeof MOODS)[number]

/**
 * A mood or an emotion word as the screens and Olo write it, capitalised: 'good' is 'Good' (a mood's button's
 * accessible name), 'calm' is 'Calm'. The words are their own labels, so no table of them is sent twice.
 */
export function checkInWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
