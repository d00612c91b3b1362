/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { forgetOfflineAnswers, offlineAnswerKey } from '../lib/offline-answers'
import { answerWithOfflineCopy } from './offline-answers'
import { openReminder, showReminder, stopReminders } from './push'

declare let self: ServiceWorkerGlobalScope

/*
 * Lumin's service worker (docs/decisions/0045): the app's shell and every screen's scripts and styles, precached from
 * the build's list, so the app opens without a connection; the three kept API answers; and nothing else.
 */

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// Every address of the app is the one page; the server's own addresses are left to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/reminders\//, /^\/dev\//] }))

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname === '/api/auth/sign-out') return event.respondWith(signOut(event.request))
  const key = offlineAnswerKey(url, event.request.method)
  if (key) event.respondWith(answerWithOfflineCopy(event.request, key))
})

/** Sign-out leaves nothing of the member in this browser's worker, whatever the server answers. */
async function signOut(request: Request) {
  await Promise.all([forgetOfflineAnswers(), stopReminders()])
  return fetch(request)
}

// The first visit's page is served from here at once, so what it loads next is kept for offline.
clientsClaim()

self.addEventListener('push', showReminder)
self.addEventListener('notificationclick', openReminder)

/** A new version waits until every tab of the old one has closed, unless the member chose Update now. */
self.addEventListener('message', (event) => {
  if (event.data === 'update-now') void self.skipWaiting()
})
