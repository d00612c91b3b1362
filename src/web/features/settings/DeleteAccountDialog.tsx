import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { confirmsDeletion } from '~/core/account'
import { ApiRequestError } from '~/web/api'
import { DESTRUCTIVE_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { ModalSheet } from '~/web/ui/ModalSheet'
import { useDeleteAccount } from './delete-account'

const FAILED = 'Failed to delete your account. Please try again.'

/**
 * The server's own words for a refusal it explains (a mistyped address, an ended session); otherwise a 'Failed to …
 * Please try again.' like the other screens' (docs/product.md#errors).
 */
function failureMessage(error: Error) {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : FAILED
}

/**
 * Says what goes (everything, for good) and asks for the account's email address before anything is deleted (decision
 * 0010). While the deletion runs it can't be dismissed; a failure keeps what was typed.
 */
export function DeleteAccountDialog({ userId, email, onClose }: { userId: string; email: string; onClose: () => void }) {
  const headingId = useId()
  const describedId = useId()
  const inputId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [typed, setTyped] = useState('')
  const deletion = useDeleteAccount(userId)
  const busy = deletion.isPending
  // After the modal has noted where focus came from, so that closing gives it back to the button that opened it.
  useEffect(() => inputRef.current?.focus(), [])

  const confirmed = confirmsDeletion(typed, email)
  function submit(event: FormEvent) {
    event.preventDefault()
    // Focus went with the disabled button; it comes back to the address, beside the message saying what failed.
    if (confirmed && !busy) deletion.mutate({ confirmEmail: typed }, { onError: () => inputRef.current?.focus() })
  }

  return (
    <ModalSheet labelledBy={headingId} describedBy={describedId} width="form" busy={busy} onDismiss={onClose}>
        <h2 id={headingId} className="text-2xl font-semibold text-white">
          Delete your account?
        </h2>
        <div id={describedId} className="mt-3 space-y-3">
          <p>
            This deletes your account and everything in it: your profile and path, your points, every conversation with Olo, your weekly
            recaps and tasks, your practices, goals, achievements and badges, your check-ins and your journal. You will be signed out on every device.
          </p>
          <p className="font-medium text-white">This cannot be undone.</p>
          <p className="text-sm">To keep a copy, download your data first.</p>
        </div>
        <form noValidate onSubmit={submit} className="mt-5">
          <label htmlFor={inputId} className="block text-sm text-white">
            Type your email address, <span className="font-semibold break-all">{email}</span>, to confirm
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={deletion.isError || undefined}
            aria-describedby={deletion.isError ? errorId : undefined}
            className="mt-2 w-full rounded-2xl border border-white/15 bg-night px-4 py-3 text-white placeholder:text-mist/60 focus:border-glow"
          />
          {deletion.isError && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-dawn">
              {failureMessage(deletion.error)}
            </p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" disabled={busy} onClick={onClose} className={SECONDARY_BUTTON}>
              Cancel
            </button>
            <button type="submit" disabled={!confirmed || busy} className={DESTRUCTIVE_BUTTON}>
              {busy ? 'Deleting your account...' : 'Delete my account forever'}
            </button>
          </div>
        </form>
    </ModalSheet>
  )
}
