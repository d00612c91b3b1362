import { useEffect, useId, useRef } from 'react'
import { DESTRUCTIVE_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { ModalSheet } from '~/web/ui/ModalSheet'

/**
 * A question before something that can't be taken back (deleting an entry, leaving unsaved words): what happens, a
 * way back that takes the focus first, and the action. Escape and the backdrop choose the way back.
 */
export function ConfirmDialog({
  title,
  children,
  cancel,
  confirm,
  busy = false,
  ready = true,
  onCancel,
  onConfirm,
}: {
  title: string
  children: string
  cancel: string
  confirm: string
  busy?: boolean
  /** Whether the action can be done now; the way back always can. */
  ready?: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const headingId = useId()
  const describedId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  // After the modal has noted where focus came from, so that closing gives it back.
  useEffect(() => cancelRef.current?.focus(), [])

  return (
    <ModalSheet role="alertdialog" labelledBy={headingId} describedBy={describedId} busy={busy} onDismiss={onCancel}>
        <h2 id={headingId} className="text-2xl font-semibold text-white">
          {title}
        </h2>
        <p id={describedId} className="mt-3">
          {children}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" disabled={busy} onClick={onCancel} className={SECONDARY_BUTTON}>
            {cancel}
          </button>
          <button type="button" disabled={busy || !ready} onClick={onConfirm} className={DESTRUCTIVE_BUTTON}>
            {confirm}
          </button>
        </div>
    </ModalSheet>
  )
}
