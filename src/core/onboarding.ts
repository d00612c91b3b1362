import { DIMENSIONS, isDimension, type Dimension, type FocusOption } from './dimensions'
import { isPathName, PATH_FOR_DIMENSION, pathForChoices, type PathName } from './paths'

export const ONBOARDING_STEPS = ['Welcome', 'Rank Priorities', 'Choose Focus', 'Get Started'] as const
export const LAST_ONBOARDING_STEP = ONBOARDING_STEPS.length - 1
export const MIN_RANKED = 3
export const MAX_RANKED = DIMENSIONS.length

/** Tapping a ranked dimension removes it; otherwise it joins the end of the order, up to seven. */
export function toggleRanked(ranked: readonly Dimension[], dimension: Dimension): Dimension[] {
  if (ranked.includes(dimension)) return ranked.filter((d) => d !== dimension)
  if (ranked.length >= MAX_RANKED) return [...ranked]
  return [...ranked, dimension]
}

export function canContinue(step: number, ranked: readonly Dimension[], focus: FocusOption | null): boolean {
  switch (step) {
    case 1:
      return ranked.length >= MIN_RANKED
    case 2:
      return focus !== null
    default:
      return step >= 0 && step <= LAST_ONBOARDING_STEP
  }
}

/**
 * Where the last onboarding step leads: the sign-in screen named after the top-ranked dimension, with the path the
 * focus gives as `initialPath` when it is not the one that name implies (docs/product.md#onboarding).
 */
export function authRouteFor(ranked: readonly Dimension[], focus: FocusOption | null): string {
  const top = ranked[0] ?? 'mind'
  const path = pathForChoices(ranked, focus)
  return path === PATH_FOR_DIMENSION[top] ? `/auth/${top}` : `/auth/${top}?initialPath=${path}`
}

/** The path implied by the name in /auth/{pathName} (a dimension or a path); null for 'login' and anything else. */
export function pathFromAuthName(name: string | null | undefined): PathName | null {
  if (!name) return null
  const lower = name.toLowerCase()
  if (isDimension(lower)) return PATH_FOR_DIMENSION[lower]
  if (isPathName(lower)) return lower
  return null
}
