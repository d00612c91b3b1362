import { useEffect, useId, useRef } from 'react'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { useModal } from '~/web/ui/useModal'

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
  onCancel,
  onConfirm,
}: {
  title: string
  children: string
  cancel: string
  confirm: string
  busy?: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const headingId = useId()
  const describedId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  useModal(panelRef, () => {
    if (!busy) onCancel()
  })
  // After the modal has noted where focus came from, so that closing gives it back.
  useEffect(() => cancelRef.current?.focus(), [])

  return (
    <>
      <div aria-hidden="true" onClick={busy ? undefined : onCancel} className="fixed inset-0 z-40 bg-black/70 transition-opacity duration-300 motion-reduce:transition-none starting:opacity-0" />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={describedId}
        tabIndex={-1}
        className="fixed inset-x-0 bottom-0 z-50 rounded-t-3xl border border-white/10 bg-night-soft px-5 pt-6 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl shadow-black/60 transition-transform duration-300 ease-out focus:outline-none motion-reduce:transition-none starting:translate-y-8 sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(30rem,92vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:px-8 sm:pb-6"
      >
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
          <button
            type="button"
            disabled={busy}
            onClick={onConfirm}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-rose-300 px-5 text-base font-semibold text-night transition-colors hover:bg-rose-200 motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-50"
          >
            {confirm}
          </button>
        </div>
      </div>
    </>
  )
}
