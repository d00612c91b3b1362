import { useEffect, useRef } from 'react'
import { api, call } from '~/web/api'

/** After the first sign-in, moves the locally kept onboarding and path to the profile (DESIGN §7). */
export function useOnboardingSync(userId: string | null) {
  const synced = useRef<string | null>(null)
  useEffect(() => {
    if (!userId || synced.current === userId) return
    synced.current = userId
    // Loaded on demand: its validation (zod) has no place in the landing's first load.
    void import('./storage')
      .then(async ({ localOnboarding }) => {
        const onboarding = localOnboarding.read()
        const path = localOnboarding.readPath()
        if (!onboarding && !path) return
        await call(api.profile.onboarding.$post({ json: { onboarding, path } }))
        localOnboarding.clear()
      })
      // The choices stay on the device and are sent again on the next visit.
      .catch(() => (synced.current = null))
  }, [userId])
}
