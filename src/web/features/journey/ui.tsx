import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'

/** The journey screens' call to action: the dawn-coloured pill of the weekly home and the landing. */
export const PRIMARY_BUTTON =
  'group inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-dawn px-6 text-base font-semibold text-night shadow-[0_0_32px_4px_#ffd9a040] transition-shadow hover:shadow-[0_0_44px_8px_#ffd9a066] disabled:cursor-wait disabled:opacity-70'

/** A quieter outlined pill beside it. */
export const SECONDARY_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/20 px-5 font-medium text-white transition-colors hover:bg-white/10 disabled:cursor-wait disabled:opacity-60'

/** A labelled bar whose value is also given as words, e.g. '1 of 3 steps complete'. */
export function ProgressBar({ label, value, max, valueText }: { label: string; value: number; max: number; valueText: string }) {
  const clamped = Math.min(max, Math.max(0, value))
  const percent = max > 0 ? (clamped / max) * 100 : 0
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-white/10"
    >
      <div
        className="h-full rounded-full bg-linear-to-r from-glow to-dawn transition-[width] duration-700 ease-out motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}

/** The way back from the assessment, the first quest and /explore. */
export function BackToDashboard() {
  return (
    <Link to="/dashboard" className="-ml-3 inline-flex h-11 items-center gap-2 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Dashboard
    </Link>
  )
}
