import { ArrowRight, Check } from 'lucide-react'
import { useEffect } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { FIRST_QUEST } from '~/core/paths'
import { QUEST_REDIRECT_MS } from '~/core/timings'
import { StepPage } from '~/web/ui/StepPage'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { ErrorPanel } from '~/web/ui/ErrorPanel'
import { FullScreenMessage } from '~/web/ui/FullScreenMessage'
import { ProgressBar } from '~/web/ui/ProgressBar'
import { useJourney, type Journey } from '~/web/data/journey'

type FirstQuest = NonNullable<Journey['firstQuest']>

/**
 * /first-quest (docs/product.md#first-quest): Lighthouse Focus, exercises 1 and 2 of the user's path, each begun at the
 * threshold; once both are done the app returns to the dashboard after 1.5 s.
 */
export default function FirstQuestScreen() {
  const journey = useJourney()

  if (journey.isPending) return <FullScreenMessage>Loading your quest...</FullScreenMessage>
  if (!journey.data) {
    return (
      <StepPage eyebrow="Your first quest" title={FIRST_QUEST.name}>
        <div className="mt-8">
          <ErrorPanel message="We couldn't load your quest just now." backTo="/dashboard" onRetry={() => void journey.refetch()} />
        </div>
      </StepPage>
    )
  }
  // The quest is made of the path's practices: without a path there is none yet, so the user chooses one first.
  const { path, firstQuest } = journey.data
  if (!path || !firstQuest) return <Navigate to="/explore" replace />

  return (
    <StepPage eyebrow="Your first quest" title={FIRST_QUEST.name}>
      <Quest quest={firstQuest} pathTitle={path.title} />
    </StepPage>
  )
}

function Quest({ quest, pathTitle }: { quest: FirstQuest; pathTitle: string }) {
  const navigate = useNavigate()

  useEffect(() => {
    if (!quest.complete) return
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), QUEST_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [quest.complete, navigate])

  return (
    <>
      <p className="mt-2 max-w-prose text-base">
        Two short practices on your {pathTitle} path to light the way. Each begins with a moment with Olo to set your
        intention.
      </p>

      <div className="mt-6">
        <p className="mb-2 flex justify-between gap-4 text-sm">
          <span>Quest progress</span>
          <span className="text-white tabular-nums">{quest.progress}%</span>
        </p>
        <ProgressBar label="Quest progress" value={quest.progress} max={100} valueText={`${quest.progress}% complete`} />
      </div>

      <h2 id="quest-practices-heading" className="mt-8 text-lg font-semibold text-white">
        Practices
      </h2>
      <ol aria-labelledby="quest-practices-heading" className="mt-3 space-y-3">
        {quest.practices.map((practice) => (
          <Practice key={practice.number} practice={practice} />
        ))}
      </ol>

      {/* Always in the page, so the news is announced when it arrives. */}
      <div role="status" className="mt-8">
        {quest.complete && (
          <div className="rounded-3xl border border-glow/40 bg-glow/10 p-5 text-center">
            <p className="text-lg font-semibold text-white">{quest.name} complete!</p>
            <p className="mt-1">Taking you back to your dashboard...</p>
            <Link to="/dashboard" replace className={`${SECONDARY_BUTTON} mt-4`}>
              Go to Dashboard
            </Link>
          </div>
        )}
      </div>
    </>
  )
}

/** A practice to do is one big link to its threshold (the name is the link; the whole row takes the tap). */
function Practice({ practice }: { practice: FirstQuest['practices'][number] }) {
  const { number, name, done } = practice
  return (
    <li
      className={`relative flex items-center gap-4 rounded-2xl border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-dawn ${
        done ? 'border-glow/30 bg-glow/5' : 'border-white/10 bg-night-soft/80 transition-colors hover:bg-white/10 motion-reduce:transition-none'
      }`}
    >
      <span
        aria-hidden="true"
        className={`grid size-10 shrink-0 place-items-center rounded-full font-semibold ${
          done ? 'bg-glow text-night' : 'border border-white/20 text-white'
        }`}
      >
        {done ? <Check className="size-5" /> : number}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs">Practice {number}</p>
        {done ? (
          <p className="font-medium text-white">{name}</p>
        ) : (
          <Link
            to={`/threshold/${number}`}
            className="font-medium text-white after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
          >
            {name}
          </Link>
        )}
      </div>
      <span
        className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${done ? 'bg-glow/15 text-glow' : 'bg-dawn/10 text-dawn'}`}
      >
        {done ? 'Done' : 'To do'}
      </span>
      {!done && <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-white" />}
    </li>
  )
}
