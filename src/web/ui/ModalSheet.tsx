import { useRef, type ReactNode } from 'react'
import { useModal } from './useModal'

const PANEL =
  'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl border border-white/10 bg-night-soft px-5 pt-6 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl shadow-black/60 transition-transform duration-300 ease-out focus:outline-none motion-reduce:transition-none starting:translate-y-8 sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:px-8 sm:pb-6'

/** Its width on a wider screen: a question, or a form with more to say. */
const WIDTH = { question: 'sm:w-[min(30rem,92vw)]', form: 'sm:w-[min(34rem,92vw)]' }

/**
 * A modal sheet over a dimmed backdrop: it rises from the bottom of a phone and sits in the middle of a wider screen.
 * The keyboard stays in it (useModal); Escape and the backdrop dismiss it, except while `busy`.
 */
export function ModalSheet({
  role = 'dialog',
  labelledBy,
  describedBy,
  width = 'question',
  busy = false,
  onDismiss,
  children,
}: {
  role?: 'dialog' | 'alertdialog'
  labelledBy: string
  describedBy: string
  width?: keyof typeof WIDTH
  busy?: boolean
  onDismiss: () => void
  children: ReactNode
}) {
  const panelRef = useRef<HTMLDivElement>(null)
  useModal(panelRef, () => {
    if (!busy) onDismiss()
  })
  return (
    <>
      <div aria-hidden="true" onClick={busy ? undefined : onDismiss} className="fixed inset-0 z-40 bg-black/70 transition-opacity duration-300 motion-reduce:transition-none starting:opacity-0" />
      <div ref={panelRef} role={role} aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy} tabIndex={-1} className={`${PANEL} ${WIDTH[width]}`}>
        {children}
      </div>
    </>
  )
}
