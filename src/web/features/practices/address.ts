import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PRACTICE_PARAM } from '~/core/journey'
import { useSession } from '~/web/app/session'
import { practiceBegunOffline } from '~/web/data/practice-completions'
import { usePractice } from '~/web/data/practices'

/**
 * The practice an exercise screen belongs to, from `?practice=` in its address; none on a direct visit (a free
 * practice). One begun offline is read from the device until the server has it (docs/decisions/0046).
 */
export function usePracticeFromAddress() {
  const [params] = useSearchParams()
  const practiceId = params.get(PRACTICE_PARAM)
  const userId = useSession().data?.id
  // Read once per practice, not on each of a timed exercise's ticks: what the device kept doesn't change meanwhile.
  const begunOffline = useMemo(() => practiceBegunOffline(userId, practiceId), [userId, practiceId])
  return { practiceId, begunOffline, practice: usePractice(begunOffline ? null : practiceId) }
}
