import { ArrowRight, Check, CloudOff, Compass, Sparkles, X } from 'lucide-react'
import { useCallback, useEffect, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Assessment } from '~/core/journey'
import { PATH_STEPS } from '~/core/paths'
import { WIN_TOAST_MS } from '~/core/timings'
import { nextPractice, useJourney, type Journey } from '~/web/data/journey'
import { usePracticesWaiting } from '~/web/data/practice-completions'
import { finishedPracticeOf, usePracticeNews, type PracticeNews } from '~/web/data/practice-news'
import { useOnline } from '~/web/lib/online'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { GlowCard } from '~/web/ui/GlowCard'
import { LoadingShapes } from '~/web/ui/LoadingShapes'
import { MenuPage } from '~/web/ui/MenuPage'
import { ProgressBar } from '~/web/ui/ProgressBar'

/**
 * A failed load of the member's journey goes to / (docs/product.md#errors). The message and 'Return Home' stay up this
 * long first, so the move home is explained rather than sudden; 'Return Home' goes at once.
 */
const LOAD_FAILURE_REDIRECT_MS = 3000

type JourneyPath = NonNullable<Journey['path']>
type FirstQuest = NonNullable<Journey['firstQuest']>

/**
 * The main dashboard (docs/product.md#progress): the user's path, its three steps and their progress, points and level,
 * and what's next; with the daily check-in the routes hand it (docs/decisions/0033) above the path.
 */
export default function DashboardScreen({ checkIn }: { checkIn?: ReactNode }) {
  return (
    <MenuPage offline="kept">
      <p className="text-sm font-medium tracking-widest text-glow uppercase">Main dashboard</p>
      <DashboardBody checkIn={checkIn} />
    </MenuPage>
  )
}

function DashboardBody({ checkIn }: { checkIn: ReactNode }) {
  const journey = useJourney()
  const { news, dismiss } = useReturnNews()

  if (journey.isPending) return <DashboardPlaceholder />
  // A failed refresh keeps showing what was loaded; only a load with nothing to show sends the user home.
  if (!journey.data) return <LoadFailure />

  const { path, points, level, assessment, firstQuest } = journey.data
  if (!path) {
    return (
      <>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Choose Your Path</h1>
        <Stats points={points} level={level} />
        <p className="mt-6 max-w-prose text-base">
          Pick the path you want to walk: Mind, Energy, Calm or Connection. Each has three short practices, and Olo
          helps you set an intention before each one.
        </p>
        <Link to="/explore" className={`${PRIMARY_BUTTON} mt-8`}>
          <Compass aria-hidden="true" className="size-5" />
          Explore Paths
        </Link>
        {/* Choosing a path comes first here; the check-in follows it. */}
        <div className="mt-4">{checkIn}</div>
      </>
    )
  }

  return (
    <>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Your Journey</h1>
      <Stats points={points} level={level} />
      <PracticesWaitingNote />
      {/* The assessment is offered once, before the first practice (docs/product.md#assessment); the first quest
          follows it. */}
      {!assessment ? (
        points === 0 && path.stepsDone === 0 && <AssessmentInvitation />
      ) : firstQuest && !firstQuest.complete ? (
        <FirstQuestCard quest={firstQuest} pathTitle={path.title} />
      ) : null}
      {checkIn}
      <PathCard path={path} assessment={assessment} justLit={news && news.points > 0 ? news.step : null} />
      {news && <WinToast news={news} pathTitle={path.title} onDismiss={dismiss} />}
    </>
  )
}

function Stats({ points, level }: { points: number; level: number }) {
  return (
    <dl className="mt-4 flex flex-wrap gap-3">
      <Stat term="Lumin Points" value={points} />
      <Stat term="Level" value={level} />
    </dl>
  )
}

function Stat({ term, value }: { term: string; value: number }) {
  return (
    <div className="flex items-baseline gap-2 rounded-full border border-white/10 bg-white/5 px-4 py-2">
      <dt className="text-sm">{term}</dt>
      <dd className="text-base font-semibold text-white tabular-nums">{value}</dd>
    </div>
  )
}

/**
 * Offline, the practices done on this device since the connection went: their steps are lit already, and their points
 * come with them (docs/decisions/0046). Online they are on their way, so it says nothing.
 */
function PracticesWaitingNote() {
  const online = useOnline()
  const { count } = usePracticesWaiting()
  if (online || count === 0) return null
  return (
    <p className="mt-4 flex max-w-prose items-start gap-2 text-sm text-white">
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-dawn" />
      {count === 1
        ? 'A practice you did offline is kept on this device. It is sent when you are back online, and its points arrive with it.'
        : `${count} practices you did offline are kept on this device. They are sent when you are back online, and their points arrive with them.`}
    </p>
  )
}

/** A user with a path and no assessment is invited to it (docs/product.md#assessment). */
function AssessmentInvitation() {
  return (
    <GlowCard labelledBy="assessment-invitation-heading">
      <div className="relative">
        <p className="text-sm font-medium text-glow">Before your first practice</p>
        <h2 id="assessment-invitation-heading" className="mt-1 text-2xl font-semibold text-white">
          How are you feeling?
        </h2>
        <p className="mt-2 max-w-prose">Three quick sliders about your focus, energy and calm, so your journey starts where you are.</p>
        <Link to="/assessment" className={`${PRIMARY_BUTTON} mt-6`}>
          Take the Assessment
          <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
        </Link>
      </div>
    </GlowCard>
  )
}

function FirstQuestCard({ quest, pathTitle }: { quest: FirstQuest; pathTitle: string }) {
  return (
    <GlowCard labelledBy="first-quest-heading">
      <div className="relative">
        <p className="text-sm font-medium text-glow">Your first quest</p>
        <h2 id="first-quest-heading" className="mt-1 text-2xl font-semibold text-white">
          {quest.name}
        </h2>
        <p className="mt-2 max-w-prose">Two short practices on your {pathTitle} path to light the way.</p>
        <div className="mt-5">
          <p className="mb-2 text-sm text-white tabular-nums">{quest.progress}% complete</p>
          <ProgressBar label={`${quest.name} progress`} value={quest.progress} max={100} valueText={`${quest.progress}% complete`} />
        </div>
        {/* The card's whole width on a phone, so 'Continue Lighthouse Focus' stays on one line at 390 px. */}
        <Link to="/first-quest" className={`${PRIMARY_BUTTON} mt-6 w-full whitespace-nowrap max-sm:px-4 sm:w-auto`}>
          {quest.progress > 0 ? 'Continue' : 'Start'} {quest.name}
          <ArrowRight aria-hidden="true" className="size-5 shrink-0 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
        </Link>
      </div>
    </GlowCard>
  )
}

function PathCard({ path, assessment, justLit }: { path: JourneyPath; assessment: Assessment | null; justLit: number | null }) {
  const next = nextPractice(path)
  return (
    <GlowCard labelledBy="path-card-heading">
      <div className="relative">
        <p className="text-sm font-medium text-glow">Your path</p>
        <h2 id="path-card-heading" className="mt-1 text-2xl font-semibold text-white">
          {path.title}
        </h2>
        <p className="mt-2 max-w-prose">{path.description}</p>
        {assessment && (
          <p className="mt-3 max-w-prose text-sm text-white">
            You started at focus {assessment.focused}, energy {assessment.energised}, calm {assessment.calm}
          </p>
        )}

        <div className="mt-6">
          <p className="mb-2 flex justify-between gap-4 text-sm">
            <span>Path progress</span>
            <span className="text-white tabular-nums">
              {path.stepsDone} of {PATH_STEPS} steps
            </span>
          </p>
          <ProgressBar
            label="Path progress"
            value={path.stepsDone}
            max={PATH_STEPS}
            valueText={`${path.stepsDone} of ${PATH_STEPS} steps complete`}
          />
        </div>

        <h3 id="journey-steps-heading" className="mt-8 text-base font-semibold text-white">
          Journey steps
        </h3>
        <ol aria-labelledby="journey-steps-heading" className="mt-3 space-y-3">
          {path.steps.map((step) => (
            <JourneyStep key={step.number} step={step} upNext={!path.complete && step.number === path.next} justLit={step.number === justLit} />
          ))}
        </ol>

        {!next ? (
          <div className="mt-8">
            <p className="text-base text-white">
              Path complete! You have finished every step of the {path.title} path. Choose where to grow next.
            </p>
            <Link to="/explore" className={`${PRIMARY_BUTTON} mt-4`}>
              <Compass aria-hidden="true" className="size-5" />
              Explore Other Paths
            </Link>
          </div>
        ) : (
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to={next.to} className={PRIMARY_BUTTON}>
              Continue Your Path
              <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
            </Link>
            <Link to="/explore" className={SECONDARY_BUTTON}>
              Explore Other Paths
            </Link>
          </div>
        )}
      </div>
    </GlowCard>
  )
}

/**
 * One step of the path. Its number, name and status share the top line, and the description has the card's whole
 * width below them, so a phone doesn't squeeze it into a narrow column; the status still reads last, after the
 * description. The step a practice has just lit glows on.
 */
function JourneyStep({ step, upNext, justLit }: { step: JourneyPath['steps'][number]; upNext: boolean; justLit: boolean }) {
  const status = step.complete ? 'Complete' : upNext ? 'Up next' : 'Not started'
  return (
    <li
      className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 rounded-2xl border p-4 ${
        upNext ? 'border-dawn/40 bg-dawn/5' : 'border-white/10 bg-white/5'
      }`}
    >
      <span
        aria-hidden="true"
        data-lit={step.complete && justLit ? 'just now' : undefined}
        className={`grid size-9 place-items-center rounded-full text-sm font-semibold ${
          step.complete ? 'bg-glow text-night' : 'border border-white/20 text-white'
        } ${step.complete && justLit ? 'animate-step-lit' : ''}`}
      >
        {step.complete ? <Check className="size-5" /> : step.number}
      </span>
      <p className="font-medium text-white">
        <span className="sr-only">Step {step.number}: </span>
        {step.name}
      </p>
      {step.description && <p className="col-span-3 row-start-2 mt-2 text-sm">{step.description}</p>}
      <span
        className={`col-start-3 row-start-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${
          step.complete ? 'bg-glow/15 text-glow' : upNext ? 'bg-dawn/10 text-dawn' : 'text-mist'
        }`}
      >
        {status}
      </span>
    </li>
  )
}

/**
 * The news of the practice the user has just finished, when they arrive from its completion screen (decision 0019).
 * The navigation names the practice and the query cache holds its news; dismissing clears the navigation's note, so
 * going back and forth never shows it twice, and a reload (an empty cache) never shows it at all.
 */
function useReturnNews() {
  const location = useLocation()
  const navigate = useNavigate()
  const news = usePracticeNews(finishedPracticeOf(location.state))
  const dismiss = useCallback(() => void navigate(location.pathname, { replace: true, state: null }), [navigate, location.pathname])
  return { news, dismiss }
}

/** A short toast with the practice's news: it hides itself after a few seconds, or at once with its close button. */
function WinToast({ news, pathTitle, onDismiss }: { news: PracticeNews; pathTitle: string; onDismiss: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, WIN_TOAST_MS)
    return () => clearTimeout(timer)
  }, [onDismiss])
  const lit = news.points > 0 && news.step !== null
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-40 flex justify-center px-4 pb-[env(safe-area-inset-bottom)]">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-md animate-toast-in items-center gap-3 rounded-2xl border border-dawn/30 bg-dusk/95 py-3 pr-2 pl-4 shadow-[0_8px_40px_#0008] backdrop-blur"
      >
        <Sparkles aria-hidden="true" className="size-5 shrink-0 text-dawn" />
        <p className="min-w-0 flex-1 text-sm text-white">
          {news.points > 0 ? <strong className="font-semibold text-dawn">+{news.points} points</strong> : 'Practice complete'}
          {lit ? ` · Step ${news.step} of ${PATH_STEPS} lit on your ${pathTitle} path` : news.points > 0 ? '' : ': this one was just for you'}
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="grid size-11 shrink-0 place-items-center rounded-full text-mist hover:bg-white/10 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  )
}

/** A failed profile load shows 'Return Home' and redirects to / (docs/product.md#errors). */
function LoadFailure() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), LOAD_FAILURE_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate])

  return (
    <div role="alert" className="mt-6 rounded-3xl border border-white/10 bg-night-soft/80 p-6 text-center">
      <h1 className="text-2xl font-semibold text-white">We couldn&apos;t load your profile</h1>
      <p className="mt-2">Something went wrong. Taking you home in a moment...</p>
      <Link to="/" replace className={`${SECONDARY_BUTTON} mt-5`}>
        Return Home
      </Link>
    </div>
  )
}

/** Quiet shapes where the cards will be, so nothing jumps when the journey arrives. */
function DashboardPlaceholder() {
  return (
    <div className="mt-2">
      <h1 className="sr-only">Your Journey</h1>
      <LoadingShapes label="Loading your journey...">
        <div className="h-9 w-56 rounded-full bg-white/10" />
        <div className="mt-4 flex gap-3">
          <div className="h-10 w-36 rounded-full bg-white/10" />
          <div className="h-10 w-24 rounded-full bg-white/10" />
        </div>
        <div className="mt-10 h-96 rounded-3xl bg-white/5" />
      </LoadingShapes>
    </div>
  )
}
