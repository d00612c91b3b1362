import { useSyncExternalStore } from 'react'
import { UPDATE_CHECK_MS } from '~/core/timings'

/*
 * The page's side of the service worker (docs/decisions/0045): it is registered once the page has loaded, so it never
 * competes with the first paint, and a new version that has installed waits for the next launch, unless the member
 * chooses to update now.
 */

let waiting: ServiceWorker | null = null
const listeners = new Set<() => void>()

function announce(worker: ServiceWorker) {
  waiting = worker
  for (const listener of listeners) listener()
}

function watch(registration: ServiceWorkerRegistration) {
  // A first install has nothing to replace: only a version waiting behind a running one is an update.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const next = registration.installing
    next?.addEventListener('statechange', () => {
      if (next.state === 'installed' && navigator.serviceWorker.controller) announce(next)
    })
  })
  setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS)
}

/** Registers the service worker of a built app; the development server has none. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watch)
      // Without it the app still works online, as it did before it was installable.
      .catch((error: unknown) => console.warn('Lumin could not be made available offline.', error))
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** Whether a new version of the app has installed and waits to take over. */
export function useUpdateReady() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => waiting !== null,
  )
}

/** Lets the waiting version take over now, and reloads into it once it has. */
export function updateNow() {
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage('update-now')
}
