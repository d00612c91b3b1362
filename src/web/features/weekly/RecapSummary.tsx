import { useQuery } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { DIMENSION_INFO, isDimension } from '~/core/dimensions'
import { Orb } from '~/web/ui/DimensionOrbs'
import { GlowCard } from '~/web/ui/GlowCard'
import { useTaskToggle, weeklyQuery, type Recap, type Weekly } from '~/web/data/weekly'

const selectRecap = (weekly: Weekly) => weekly.recap

/**
 * A finished weekly recap: Olo's summary, the user's rating, the top priority and the tasks to tick off. Shown on the
 * weekly home and on the recap screen when a finished recap is opened again.
 */
export function RecapSummary({ recap, takeFocus = false }: { recap: Recap; takeFocus?: boolean }) {
  // Ticks land in the weekly cache, so the card follows it wherever it is shown. An older copy there (cached while the
  // recap was still open) must not hide the finished one it was handed.
  const { data: cached } = useQuery({ ...weeklyQuery, select: selectRecap })
  const { summary, rating, priority, tasks } = cached?.id === recap.id && cached.status === 'done' ? cached : recap
  const toggle = useTaskToggle()
  const headingId = useId()
  const tasksHeadingId = useId()
  const priorityInfo = priority && isDimension(priority.dimension) ? DIMENSION_INFO[priority.dimension] : null
  const doneCount = tasks.filter((task) => task.status === 'done').length
  const headingRef = useRef<HTMLHeadingElement>(null)
  // At the end of the recap chat the message box, which had the keyboard, has gone: the summary takes its place.
  useEffect(() => {
    if (takeFocus && document.activeElement === document.body) headingRef.current?.focus()
  }, [takeFocus])

  return (
    <GlowCard labelledBy={headingId}>
      <div className="relative">
        <p className="text-sm font-medium tracking-widest text-glow uppercase">Weekly recap</p>
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="mt-1 text-xl font-semibold text-white focus:outline-none sm:text-2xl">
          Your week in review
        </h2>
        {summary && <p className="mt-3 max-w-prose text-base text-mist">{summary}</p>}
        {rating !== null && <p className="mt-4 text-base font-medium text-white">You rated your week {rating}/10</p>}

        {priority && (
          <div className="mt-6 rounded-2xl bg-dusk/70 p-4">
            <h3 className="text-sm font-medium text-mist">Top priority this week</h3>
            <p className="mt-2 flex items-center gap-2.5 text-lg font-semibold text-white">
              <Orb color={priorityInfo?.color ?? '#c9a2ff'} className="size-6 shrink-0" still />
              {priorityInfo?.label ?? priority.dimension}
            </p>
            <p className="mt-2 text-base text-mist">{priority.reasoning}</p>
          </div>
        )}

        {tasks.length > 0 && (
          <div className="mt-6">
            <div className="flex items-baseline justify-between gap-4">
              <h3 id={tasksHeadingId} className="text-base font-semibold text-white">
                Your steps for the week
              </h3>
              <p className="text-sm text-mist tabular-nums">
                {doneCount} of {tasks.length} done
              </p>
            </div>
            <ul aria-labelledby={tasksHeadingId} className="mt-3 space-y-2">
              {tasks.map((task) => {
                const done = task.status === 'done'
                return (
                  <li key={task.id}>
                    <label className="flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-white/10 px-4 py-3 transition-colors hover:bg-white/5">
                      <span className="relative mt-0.5 grid size-5 shrink-0 place-items-center">
                        <input
                          type="checkbox"
                          checked={done}
                          onChange={() => toggle.mutate({ id: task.id, done: !done })}
                          className="size-5 cursor-pointer appearance-none rounded-md border border-mist/70 transition-colors checked:border-glow checked:bg-glow"
                        />
                        {done && (
                          <Check
                            aria-hidden="true"
                            className="pointer-events-none absolute size-3.5 text-night"
                            strokeWidth={3}
                          />
                        )}
                      </span>
                      <span className={done ? 'text-mist line-through decoration-mist/70' : 'text-white'}>
                        {task.description}
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
            {toggle.isError && (
              <p role="alert" className="mt-3 text-sm text-dawn">
                That didn&apos;t save. Please try again.
              </p>
            )}
          </div>
        )}
      </div>
    </GlowCard>
  )
}
