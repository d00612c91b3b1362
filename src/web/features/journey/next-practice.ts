import { PRACTICE_LENGTH } from '~/core/exercises'
import type { Journey } from '~/web/data/journey'

type JourneyPath = NonNullable<Journey['path']>

/**
 * The practice a member's path goes on with, and where it begins: its threshold (SPEC §2 'Continue Your Path'). The
 * dashboard and the weekly home's Today card both start it from here. Null once the path is complete.
 */
export function nextPractice(path: JourneyPath) {
  if (path.complete) return null
  const step = path.steps.find((s) => s.number === path.next)
  return {
    to: `/threshold/${path.next}`,
    number: path.next,
    name: step?.name ?? null,
    description: step?.description ?? null,
    length: step ? PRACTICE_LENGTH[step.gameType] : null,
  }
}
