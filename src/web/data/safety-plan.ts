import { useSyncExternalStore } from 'react'
import { useSession } from '~/web/app/session'
import { deviceStorage } from '~/web/lib/device-storage'

/** Where the member's safety plan is kept on the device, per member (docs/product.md#help-card). */
const SAFETY_PLAN_KEY = 'lumin.safetyPlan.'

/** Another tab that writes or removes a plan changes what the help card says here too. */
function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/** Whether this device holds the signed-in member's safety plan: the help card then says it is ready. */
export function useHasSafetyPlan(): boolean {
  const userId = useSession().data?.id
  return useSyncExternalStore(subscribe, () => userId !== undefined && deviceStorage.get(SAFETY_PLAN_KEY + userId) !== null)
}
