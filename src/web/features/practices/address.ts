import { useSearchParams } from 'react-router'
import { PRACTICE_PARAM } from '~/core/journey'
import { usePractice } from '~/web/data/practices'

/** The practice an exercise screen belongs to, from `?practice=` in its address; none on a direct visit (a free practice). */
export function usePracticeFromAddress() {
  const [params] = useSearchParams()
  const practiceId = params.get(PRACTICE_PARAM)
  return { practiceId, practice: usePractice(practiceId) }
}
