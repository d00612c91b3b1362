import { useSyncExternalStore } from 'react'

const REDUCE = '(prefers-reduced-motion: reduce)'

// Without matchMedia (test DOMs) there is no preference to follow.
const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCE) : null)

/** Whether the person has asked their system for less motion, as of now. */
export function prefersReducedMotion() {
  return query()?.matches ?? false
}

function subscribe(onChange: () => void) {
  const list = query()
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

/** The reduced-motion preference, followed as it changes, so motion stops the moment it is asked for. */
export function useReducedMotion() {
  return useSyncExternalStore(subscribe, prefersReducedMotion)
}
