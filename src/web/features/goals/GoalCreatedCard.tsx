import { PartyPopper } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import type { Goal } from '~/web/data/goals'
import { CategoryIcon } from './categoryIcons'
import { formatAmount, formatDay } from './format'

/**
 * 'Goal Created!' with the title, category, description, measurable target and unit, and timeframe in days
 * (docs/product.md#goal-chat).
 */
export function GoalCreatedCard({ goal, timeframeDays }: { goal: Goal; timeframeDays: number }) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The chat's input has gone; the news takes its place, for the eye and for the keyboard.
  useEffect(() => headingRef.current?.focus(), [])

  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden rounded-3xl border border-dawn/30 bg-night-soft/90 p-6">
      <div aria-hidden="true" className="pointer-events-none absolute -top-20 -right-20 size-56 rounded-full bg-dawn/15 blur-3xl" />
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className="relative flex items-center gap-2 text-2xl font-semibold text-dawn focus:outline-none">
        <PartyPopper aria-hidden="true" className="size-6" />
        Goal Created!
      </h2>
      <div className="relative">
        <h3 className="mt-4 text-xl font-semibold break-words text-white">{goal.title}</h3>
        <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-glow">
          <CategoryIcon name={goal.category.iconName} className="size-4" />
          {goal.category.name}
        </p>
        {goal.description && <p className="mt-3 break-words">{goal.description}</p>}
        <dl className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-white/5 px-4 py-3">
            <dt className="text-sm">Target</dt>
            <dd className="mt-0.5 text-lg font-semibold text-white tabular-nums">
              {formatAmount(goal.targetValue)} {goal.unit}
            </dd>
          </div>
          <div className="rounded-2xl bg-white/5 px-4 py-3">
            <dt className="text-sm">Target date</dt>
            <dd className="mt-0.5 text-lg font-semibold text-white">
              <time dateTime={goal.targetDate}>{formatDay(goal.targetDate)}</time>
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-white">Suggested timeframe: {timeframeDays} days</p>
      </div>
    </section>
  )
}
