import { CalendarDays, Check } from 'lucide-react'
import { useId, useState, type KeyboardEvent } from 'react'
import { progressInputValue, type Tier } from '~/core/goals'
import { ApiRequestError } from '~/web/api'
import { ProgressBar } from '~/web/ui/ProgressBar'
import { useUpdateProgress, type Achievement, type Goal } from '~/web/data/goals'
import { BadgeMoment } from './BadgeMoment'
import { CategoryIcon } from './categoryIcons'
import { formatAmount, formatDay } from './format'

/**
 * A goal card (docs/product.md#goals): title, category, status badge, description, percent and bar,
 * `current / target unit`, target date, and on an unfinished goal the progress input, saved when the field is left.
 */
export function GoalCard({ goal, onShowAchievements }: { goal: Goal; onShowAchievements: () => void }) {
  const titleId = useId()
  // Kept here rather than in the input, which goes once the goal is complete: what that completion earned still shows.
  const update = useUpdateProgress()
  const [earned, setEarned] = useState<Tier[]>([])
  const [moment, setMoment] = useState<Achievement[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const complete = goal.status === 'completed'
  const amounts = `${formatAmount(goal.currentValue)} / ${formatAmount(goal.targetValue)} ${goal.unit}`

  function save(currentValue: number) {
    if (currentValue === goal.currentValue) return
    setError(null)
    update.mutate(
      { id: goal.id, currentValue },
      {
        onSuccess: (saved) => {
          if (saved.earned.length > 0) setEarned(saved.earned)
          if (saved.achievements.length > 0) setMoment(saved.achievements)
        },
        onError: (err) => {
          setError(err instanceof ApiRequestError && err.status >= 400 && err.status < 500 ? err.message : "We couldn't save your progress. Please try again.")
        },
      },
    )
  }

  return (
    <article aria-labelledby={titleId} className="rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm font-medium text-glow">
            <CategoryIcon name={goal.category.iconName} className="size-4" />
            {goal.category.name}
          </p>
          <h2 id={titleId} className="mt-1 text-xl font-semibold break-words text-white">
            {goal.title}
          </h2>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-xs font-semibold ${complete ? 'bg-glow/20 text-glow' : 'bg-dawn/15 text-dawn'}`}
        >
          {complete && <Check aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />}
          {complete ? 'Complete' : 'In Progress'}
        </span>
      </div>
      {goal.description && <p className="mt-3 break-words">{goal.description}</p>}

      <div className="mt-5">
        <p className="mb-2 flex items-baseline justify-between gap-4 text-sm">
          <span className="text-white tabular-nums">{amounts}</span>
          <span className="text-base font-semibold text-white tabular-nums">{goal.progress}%</span>
        </p>
        <ProgressBar label={`${goal.title} progress`} value={goal.progress} max={100} valueText={`${goal.progress}%, ${amounts}`} />
      </div>

      <p className="mt-4 flex items-center gap-2 text-sm">
        <CalendarDays aria-hidden="true" className="size-4" />
        Target date: <time dateTime={goal.targetDate}>{formatDay(goal.targetDate)}</time>
      </p>

      {!complete && <ProgressInput goal={goal} onSave={save} invalid={Boolean(error)} />}
      {error && (
        <p role="alert" className="mt-2 text-sm text-dawn">
          {error}
        </p>
      )}

      {moment && (
        <BadgeMoment
          earned={moment}
          onClose={() => setMoment(null)}
          onShowAchievements={() => {
            setMoment(null)
            onShowAchievements()
          }}
        />
      )}
      <div role="status">
        {earned.length > 0 && (
          <p className="mt-4 rounded-2xl border border-dawn/30 bg-dawn/10 px-4 py-3 text-white">
            You earned {listOf(earned)}!{' '}
            <button type="button" onClick={onShowAchievements} className="min-h-11 font-semibold text-dawn underline underline-offset-4">
              See your achievements
            </button>
          </p>
        )}
      </div>
    </article>
  )
}

/**
 * Between 0 and the target, a non-number counting as 0; saved on blur (and on Enter, which leaves the field;
 * docs/product.md#goals).
 */
function ProgressInput({ goal, onSave, invalid }: { goal: Goal; onSave: (currentValue: number) => void; invalid: boolean }) {
  const inputId = useId()
  const hintId = useId()
  const [text, setText] = useState(String(goal.currentValue))
  // A value saved (or put back after a failed save) shows in the field.
  const [shown, setShown] = useState(goal.currentValue)
  if (shown !== goal.currentValue) {
    setShown(goal.currentValue)
    setText(String(goal.currentValue))
  }

  function save() {
    const value = progressInputValue(text, goal.targetValue)
    setText(String(value))
    onSave(value)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') event.currentTarget.blur()
  }

  return (
    <div className="mt-5">
      <label htmlFor={inputId} className="block text-sm font-medium text-white">
        Update progress ({goal.unit})<span className="sr-only"> for {goal.title}</span>
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={0}
          max={goal.targetValue}
          step="any"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={save}
          onKeyDown={onKeyDown}
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          className="h-11 w-36 rounded-full border border-white/20 bg-night px-4 text-base text-white tabular-nums focus:border-glow/70"
        />
        <span id={hintId} className="text-sm">
          of {formatAmount(goal.targetValue)} {goal.unit}, saved when you leave the field
        </span>
      </div>
    </div>
  )
}

function listOf(tiers: readonly Tier[]) {
  if (tiers.length === 1) return tiers[0]
  return `${tiers.slice(0, -1).join(', ')} and ${tiers.at(-1)}`
}
