import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { deviceStorage } from '~/web/lib/device-storage'
import { api, call } from '~/web/api'
import { JOURNEY_KEY } from '~/web/app/query-client'
import { ONBOARDING_KEYS } from '~/web/data/onboarding-keys'

/** After the first sign-in, moves the locally kept onboarding and path to the profile (docs/product.md#onboarding). */
export function useOnboardingSync(userId: string | null) {
  const synced = useRef<string | null>(null)
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId || synced.current === userId) return
    synced.current = userId
    // Nothing kept is the usual case: then the validating reader (zod) isn't loaded at all.
    if (Object.values(ONBOARDING_KEYS).every((key) => deviceStorage.get(key) === null)) return
    // Loaded on demand: its validation (zod) has no place in the landing's first load.
    void import('~/web/data/onboarding')
      .then(async ({ localOnboarding }) => {
        const onboarding = localOnboarding.read()
        const path = localOnboarding.readPath()
        if (!onboarding && !path) return
        await call(api.profile.onboarding.$post({ json: { onboarding, path } }))
        localOnboarding.clear()
        // The path chosen before signing in is the member's now: a journey read before it arrived is out of date.
        void queryClient.invalidateQueries({ queryKey: JOURNEY_KEY })
      })
      // The choices stay on the device and are sent again on the next visit.
      .catch(() => (synced.current = null))
  }, [userId, queryClient])
}
