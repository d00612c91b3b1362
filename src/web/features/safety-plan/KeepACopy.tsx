import { ClipboardCopy, Printer, Share2 } from 'lucide-react'
import { useId, useState } from 'react'
import type { SafetyPlanLine } from '~/core/safety-plan'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { planAsText } from './plan-text'

const COPIED = 'Copied. You can paste your plan into a note or a message.'
const NOT_COPIED = 'This browser would not let Lumin copy it. You can print your plan instead.'

/**
 * A copy of the plan to keep outside Lumin (docs/product.md#safety-plan): on paper (the print stylesheet makes the
 * overview one page), or as plain text through the phone's share sheet, or copied where there is none.
 */
export function KeepACopy({ lines }: { lines: readonly SafetyPlanLine[] }) {
  const headingId = useId()
  const [said, setSaid] = useState('')
  const canShare = typeof navigator.share === 'function'

  async function share() {
    const text = planAsText(lines)
    setSaid('')
    if (canShare) {
      try {
        await navigator.share({ title: 'My safety plan', text })
        return
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to the clipboard.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(text)
      setSaid(COPIED)
    } catch {
      setSaid(NOT_COPIED)
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-3xl border border-white/10 bg-night-soft/80 p-5 print:hidden">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        Keep a copy
      </h2>
      <p className="mt-1 text-sm">On paper by your bed, or in a message to yourself or someone you trust.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={() => window.print()} className={SECONDARY_BUTTON}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </button>
        <button type="button" onClick={() => void share()} className={SECONDARY_BUTTON}>
          {canShare ? <Share2 aria-hidden="true" className="size-4" /> : <ClipboardCopy aria-hidden="true" className="size-4" />}
          {canShare ? 'Share' : 'Copy as text'}
        </button>
      </div>
      <p role="status" className="mt-3 text-sm text-white empty:hidden">
        {said}
      </p>
    </section>
  )
}
