import { useState } from 'react'
import { updateNow, useUpdateReady } from '~/web/app/service-worker'
import { SECONDARY_BUTTON } from './buttons'

/**
 * The quiet word that a new version of Lumin is ready (docs/decisions/0045). It starts by itself the next time Lumin
 * opens; Update now starts it at once. The shell doesn't show it during a practice.
 */
export function UpdateReady() {
  const ready = useUpdateReady()
  const [dismissed, setDismissed] = useState(false)
  if (!ready || dismissed) return null
  return (
    <aside
      aria-label="Update ready"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-3xl border border-white/15 bg-night-soft/95 p-4 text-sm text-mist shadow-lg backdrop-blur sm:bottom-5"
    >
      <p role="status" className="min-w-0 flex-1 basis-56">
        <span className="font-semibold text-white">Update ready.</span> The new version of Lumin starts the next time you open it.
      </p>
      <div className="flex gap-2">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setDismissed(true)}>
          Later
        </button>
        <button type="button" className={`${SECONDARY_BUTTON} border-glow/60 text-white`} onClick={updateNow}>
          Update now
        </button>
      </div>
    </aside>
  )
}
