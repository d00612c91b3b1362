import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { DeleteAccountRequest } from '~/core/account'
import { api, call } from '~/web/api'
import { forgetSession } from '~/web/app/session'
import { journalDrafts } from '~/web/data/journal'
import { localOnboarding } from '~/web/data/onboarding'
import { PENDING_CHECK_INS_KEY } from '~/web/data/check-in-keys'
import { forgetPendingCompletions } from '~/web/data/practice-completions'
import { deviceStorage } from '~/web/lib/device-storage'
import { forgetPushDevice } from './push-on-this-device'

/**
 * What this device kept for the person: the onboarding choices, the practices and check-ins still waiting to be sent,
 * the journal's draft, and the push subscription that was theirs. The audio choice and the intro flag belong to the
 * device, not to an account, and stay.
 */
function forgetOnThisDevice(userId: string) {
  localOnboarding.clear()
  forgetPendingCompletions(userId)
  deviceStorage.remove(PENDING_CHECK_INS_KEY + userId)
  journalDrafts.forget(userId)
  void forgetPushDevice(userId)
}

/**
 * DELETE /api/account. Once the server has deleted the account (and ended its sessions), nothing of it stays in the
 * browser either, and the person lands on / signed out. A failure changes nothing, here or on the server.
 */
export function useDeleteAccount(userId: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (request: DeleteAccountRequest) => call(api.account.$delete({ json: request })),
    onSuccess: () => {
      forgetOnThisDevice(userId)
      forgetSession(queryClient)
      void navigate('/', { replace: true })
    },
  })
}
