import { lazy, type ComponentType } from 'react'

/**
 * A component whose code is loaded once, on first render or before it through `preload`. Once the code has arrived
 * the component renders at once instead of suspending: React holds back what replaces a Suspense fallback for a
 * moment after the fallback shows, which a screen whose code is already here must not wait for (docs/decisions/0049).
 * A failed load is tried again on the next use.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazy(preload)
  function Preloaded(props: P) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  return { Component: Preloaded, preload }
}
