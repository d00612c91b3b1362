import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { isCalendarMonth, isStepKey, monthOf, stepDate } from '~/core/calendar'

/** The heading of a month or a year, with the steps to the one before and after. */
export function Stepper({
  headingId,
  title,
  previous,
  next,
  onPrevious,
  onNext,
  canPrevious,
  canNext,
}: {
  headingId: string
  title: string
  previous: string
  next: string
  onPrevious: () => void
  onNext: () => void
  canPrevious: boolean
  canNext: boolean
}) {
  const STEP = 'grid size-11 place-items-center rounded-full border border-white/15 text-white transition-colors hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40 motion-reduce:transition-none'
  return (
    <div className="flex items-center justify-between gap-3">
      <button type="button" onClick={onPrevious} disabled={!canPrevious} className={STEP}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        <span className="sr-only">{previous}</span>
      </button>
      <h2 id={headingId} aria-live="polite" className="text-xl font-semibold text-white">
        {title}
      </h2>
      <button type="button" onClick={onNext} disabled={!canNext} className={STEP}>
        <ChevronRight aria-hidden="true" className="size-5" />
        <span className="sr-only">{next}</span>
      </button>
    </div>
  )
}

/** Whether a date is in the calendar's years and not after today: later days have nothing to show yet. */
export const reachable = (date: string, today: string) => date <= today && isCalendarMonth(monthOf(date))

/**
 * A grid a keyboard moves through as the WAI-ARIA date picker does: one day takes the Tab stop, the arrows, Home, End,
 * Page Up and Page Down move it (into the next month or year when it leaves this one, through `onLeave`), Enter or
 * Space chooses it. `scope` is the month or year shown; when it changes from outside (its buttons), the Tab stop goes
 * to `initial`.
 */
export function useGridFocus({ view, scope, initial, today, onLeave }: { view: 'month' | 'year'; scope: string; initial: string; today: string; onLeave: (date: string) => void }) {
  const [moved, setMoved] = useState({ scope, to: initial })
  const focused = moved.scope === scope ? moved.to : initial
  const pending = useRef(false)
  const gridRef = useRef<HTMLTableElement>(null)

  // After a move, the day takes the focus once it is drawn (a move into another month draws it a moment later).
  useEffect(() => {
    if (!pending.current) return
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)
    if (!cell) return
    cell.focus()
    pending.current = false
  })

  const scopeOf = (date: string) => (view === 'month' ? monthOf(date) : date.slice(0, 4))
  function onKeyDown(event: KeyboardEvent) {
    if (!isStepKey(event.key)) return
    event.preventDefault()
    const next = stepDate(focused, event.key, view)
    if (!reachable(next, today)) return
    pending.current = true
    setMoved({ scope: scopeOf(next), to: next })
    if (scopeOf(next) !== scope) onLeave(next)
  }
  /** A day chosen by pointer keeps the Tab stop. */
  const choose = (date: string) => setMoved({ scope, to: date })
  return { focused, gridRef, onKeyDown, choose }
}

export function Section({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className="relative mt-6 overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-4 sm:p-6">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow/15 blur-3xl" />
      <div className="relative">{children}</div>
    </section>
  )
}
