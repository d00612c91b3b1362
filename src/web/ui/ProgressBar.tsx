/**
 * A labelled bar from 0 to `max`, e.g. a quest's percent, a path's steps or a timer's share of time gone.
 * `valueText` gives the value as words ('1 of 3 steps complete'). Screen readers get the value as a whole number;
 * the bar itself moves smoothly, with a short linear transition that keeps up with a timer's ticks.
 */
export function ProgressBar({ label, value, max, valueText }: { label: string; value: number; max: number; valueText?: string }) {
  const clamped = Math.min(max, Math.max(0, value))
  const percent = max > 0 ? (clamped / max) * 100 : 0
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-white/10"
    >
      <div
        className="h-full rounded-full bg-linear-to-r from-glow to-dawn transition-[width] duration-300 ease-linear motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
