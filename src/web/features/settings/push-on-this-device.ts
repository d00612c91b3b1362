import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { ApiRequestError } from '~/web/api'
import { deletePushSubscription, fetchPushKey, remindersQuery, sendPushSubscription } from '~/web/data/reminders'
import { deviceStorage } from '~/web/lib/device-storage'

/*
 * Push on this device (docs/product.md#reminders, docs/decisions/0047): the browser's side of a push subscription. The
 * browser asks for permission only when the member turns it on, never on its own.
 */

/** What went wrong, in one sentence that says what to do. */
const PUSH_PROBLEMS = {
  homeScreen: 'On iPhone and iPad, push works only in Lumin opened from your home screen. Add Lumin there first, as described above.',
  unsupported: 'This browser cannot show notifications from Lumin. Choose Email, or open Lumin in another browser.',
  notReady: 'Lumin is not ready for notifications in this browser yet. Reload the page, then try again.',
  blocked: 'Notifications are blocked for Lumin in this browser. Allow them in the site settings (the icon beside the address, or your device’s Settings), then try again.',
  dismissed: 'Lumin was not allowed to show notifications. Turn Push on again to be asked once more.',
  noKey: 'This Lumin server does not send push reminders. Choose Email instead.',
  failed: 'This browser could not set up push just now. Try again in a moment, or choose Email.',
  offline: 'Lumin could not reach the server. Check your connection, then try again.',
} as const

class PushProblem extends Error {
  constructor(problem: keyof typeof PUSH_PROBLEMS) {
    super(PUSH_PROBLEMS[problem])
  }
}

/** The facts about the browser that decide whether push needs Lumin on the home screen. */
export interface Browser {
  userAgent: string
  maxTouchPoints: number
  /** Running as an app from the home screen (`display-mode: standalone`, or Safari's `navigator.standalone`). */
  standalone: boolean
}

/**
 * iOS and iPadOS allow Web Push only to a web app opened from the home screen. Every browser there is Safari's engine;
 * an iPad asks for desktop sites by default and then says it is a Mac, which has no touch screen.
 */
export function needsHomeScreen({ userAgent, maxTouchPoints, standalone }: Browser): boolean {
  const apple = /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  return apple && !standalone
}

export function thisBrowser(): Browser {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: matchMedia('(display-mode: standalone)').matches || ('standalone' in navigator && navigator.standalone === true),
  }
}

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** The member's subscription on this device, kept by member: the endpoint and the id the server gave it. */
const DEVICE_KEY = 'lumin-push-device:'

export function keptDevice(stored: string | null): { endpoint: string; id: string } | null {
  try {
    const value: unknown = JSON.parse(stored ?? 'null')
    if (value && typeof value === 'object' && 'endpoint' in value && 'id' in value && typeof value.endpoint === 'string' && typeof value.id === 'string') {
      return { endpoint: value.endpoint, id: value.id }
    }
  } catch {
    // Not this app's: nothing kept.
  }
  return null
}

async function browserSubscription() {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** A deleted account's device: the server forgot it with the account; the browser unsubscribes what was the member's. */
export async function forgetPushDevice(userId: string) {
  const kept = keptDevice(deviceStorage.get(DEVICE_KEY + userId))
  deviceStorage.remove(DEVICE_KEY + userId)
  const subscription = await browserSubscription().catch(() => null)
  if (kept && subscription?.endpoint === kept.endpoint) await subscription.unsubscribe().catch(() => false)
}

async function subscribe(): Promise<PushSubscription> {
  if (needsHomeScreen(thisBrowser())) throw new PushProblem('homeScreen')
  if (!pushSupported()) throw new PushProblem('unsupported')
  // First, while the tap still counts: browsers ask only in answer to the member's own gesture.
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission()
  if (permission === 'denied') throw new PushProblem('blocked')
  if (permission !== 'granted') throw new PushProblem('dismissed')
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) throw new PushProblem('notReady')
  const publicKey = await fetchPushKey()
  if (!publicKey) throw new PushProblem('noKey')
  const options = { userVisibleOnly: true, applicationServerKey: publicKey }
  try {
    return await registration.pushManager.subscribe(options)
  } catch {
    // A subscription made with another key (the server's keys changed) must go before a new one can be made.
    const old = await registration.pushManager.getSubscription().catch(() => null)
    if (!old || !(await old.unsubscribe().catch(() => false))) throw new PushProblem('failed')
    return registration.pushManager.subscribe(options).catch(() => Promise.reject(new PushProblem('failed')))
  }
}

/** A failure's sentence: the server's own words, or that it could not be reached. */
const sentence = (error: unknown) => (error instanceof PushProblem || error instanceof ApiRequestError ? error.message : PUSH_PROBLEMS.offline)

/**
 * Whether this device gets the member's reminders by push (null while the browser is asked), and turning that on or
 * off. Each resolves to how many devices push then reaches, or rejects with one sentence saying what to do.
 */
export function usePushOnThisDevice(userId: string) {
  const queryClient = useQueryClient()
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const key = DEVICE_KEY + userId

  useEffect(() => {
    let current = true
    browserSubscription()
      .then((subscription) => current && setSubscribed(!!subscription && subscription.endpoint === keptDevice(deviceStorage.get(key))?.endpoint))
      .catch(() => current && setSubscribed(false))
    return () => {
      current = false
    }
  }, [key])

  const devices = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: remindersQuery.queryKey })
    return queryClient.getQueryData(remindersQuery.queryKey)?.pushDevices ?? 0
  }, [queryClient])

  const run = useCallback(
    async (change: () => Promise<void>) => {
      setBusy(true)
      try {
        await change()
        return await devices()
      } catch (error) {
        throw new Error(sentence(error), { cause: error })
      } finally {
        setBusy(false)
      }
    },
    [devices],
  )

  const turnOn = () =>
    run(async () => {
      const subscription = await subscribe()
      const { id } = await sendPushSubscription(subscription.toJSON())
      deviceStorage.set(key, JSON.stringify({ endpoint: subscription.endpoint, id }))
      setSubscribed(true)
    })

  // The server forgets this device first: if it cannot be reached, nothing has changed and the member can try again.
  // A subscription whose id was not kept here is forgotten by the server at its next send, which the push service refuses.
  const turnOff = () =>
    run(async () => {
      const kept = keptDevice(deviceStorage.get(key))
      if (kept) await deletePushSubscription(kept.id)
      await (await browserSubscription())?.unsubscribe()
      deviceStorage.remove(key)
      setSubscribed(false)
    })

  return { subscribed, busy, turnOn, turnOff }
}
