import { ArrowRight, Clock, Compass, LoaderCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { PATH_INFO, PATH_STEPS, PATHS, type PathName } from '~/core/paths'
import { nextPractice, useChoosePath, useJourney, type Journey } from '~/web/data/journey'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { LoadingShapes } from '~/web/ui/LoadingShapes'

type JourneyPath = NonNullable<Journey['path']>

const ARROW = <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />

/**
 * The weekly home's first card (docs/decisions/0018): the next practice of the member's path, one tap from its
 * threshold; without a path, the four paths to choose from; with the path walked, where to go next. It shows as soon as
 * the journey arrives, above the orbs and Olo's timed intro, so a newcomer's first breath is never below the fold.
 */
export function TodayCard() {
  const journey = useJourney()
  const choose = useChoosePath()

  if (journey.isPending) {
    return (
      <div className="mt-6">
        <LoadingShapes label="Loading your next practice...">
          {/* About the card's own height, at a phone's width and a wider screen's. */}
          <div className="h-80 rounded-3xl bg-white/5 sm:h-72" />
        </LoadingShapes>
      </div>
    )
  }
  if (!journey.data) return <LoadRetry what="your next practice" query={journey} />

  const { path, points } = journey.data
  return (
    <section aria-labelledby="today-heading" className="relative mt-5 overflow-hidden rounded-3xl border border-dawn/25 bg-night-soft/80 p-5 sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-dawn/10 blur-3xl" />
      <div className="relative">
        {!path ? (
          <ChoosePath choose={choose} />
        ) : (
          <PathPractice path={path} first={path.stepsDone === 0 && points === 0} because={journey.data.because} choose={choose} />
        )}
      </div>
    </section>
  )
}

function Eyebrow({ children }: { children: string }) {
  return (
    <h2 id="today-heading" className="text-sm font-medium tracking-widest text-dawn uppercase">
      {children}
    </h2>
  )
}

/**
 * A member who has earned nothing yet and is at the start of their path meets "Your first practice"
 * (docs/product.md#weekly-home).
 */
function PathPractice({ path, first, because, choose }: { path: JourneyPath; first: boolean; because: string | null; choose: ReturnType<typeof useChoosePath> }) {
  const next = nextPractice(path)
  const start = useRef<HTMLAnchorElement>(null)
  const focusStart = choose.isSuccess

  // A path chosen on this card replaces the button that chose it: the keyboard goes on to the practice it opened.
  useEffect(() => {
    if (focusStart) start.current?.focus()
  }, [focusStart])

  if (!next) {
    return (
      <>
        <Eyebrow>Today</Eyebrow>
        <p className="mt-2 text-2xl font-semibold text-white">Your {path.title} path is complete</p>
        <p className="mt-2 max-w-prose">You have finished all {PATH_STEPS} steps. Choose where to grow next, or walk a new path.</p>
        <Link to="/explore" className={`${PRIMARY_BUTTON} mt-6`}>
          <Compass aria-hidden="true" className="size-5" />
          Explore Other Paths
        </Link>
      </>
    )
  }

  const name = next.name ?? `Step ${next.number}`
  return (
    <>
      <Eyebrow>{first ? 'Your first practice' : 'Today'}</Eyebrow>
      {first && because ? <p className="mt-1 text-sm text-dawn/90">{because}</p> : null}
      <p className="mt-2 text-2xl font-semibold text-white">{name}</p>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {next.length && (
          <span className="inline-flex items-center gap-1.5 text-white">
            <Clock aria-hidden="true" className="size-4 text-dawn" />
            {next.length}
          </span>
        )}
        <span>
          Step {next.number} of {PATH_STEPS} · {path.title} path
        </span>
      </p>
      {/* One paragraph, so the check-in below the card still fits the first screen of a phone. */}
      <p className="mt-3 max-w-prose">
        {next.description} <span className="text-sm">Olo helps you set an intention first.</span>
      </p>
      <Link ref={start} to={next.to} className={`${PRIMARY_BUTTON} mt-5`}>
        Start {name}
        {ARROW}
      </Link>
      {first ? <OtherPaths current={path.key} choose={choose} /> : null}
    </>
  )
}

/**
 * Before the first practice nothing is lost by changing path: the other three, one tap each, as the card without a
 * path offers all four (docs/decisions/0056).
 */
function OtherPaths({ current, choose }: { current: PathName; choose: ReturnType<typeof useChoosePath> }) {
  const busy = choose.isPending
  return (
    <div className="mt-3">
      <ul aria-label="Or begin with another path" className="flex flex-wrap items-center gap-2">
        <li aria-hidden="true" className="text-sm">
          Or:
        </li>
        {PATHS.filter((key) => key !== current).map((key) => (
          <li key={key}>
            <button
              type="button"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) choose.mutate(key)
              }}
              className="min-h-11 rounded-full border border-white/15 px-3 text-sm font-medium text-white transition-colors hover:border-dawn/50 hover:bg-dawn/5 motion-reduce:transition-none aria-disabled:cursor-wait"
            >
              {busy && choose.variables === key ? `Starting ${PATH_INFO[key].title}...` : PATH_INFO[key].title}
            </button>
          </li>
        ))}
      </ul>
      <ChooseFailed choose={choose} className="mt-2" />
    </div>
  )
}

/** Said where a path was chosen, when starting it failed. */
function ChooseFailed({ choose, className }: { choose: ReturnType<typeof useChoosePath>; className: string }) {
  if (!choose.isError) return null
  return (
    <p role="alert" className={`${className} text-sm text-dawn`}>
      We couldn&apos;t start {PATH_INFO[choose.variables].title}. Please try again.
    </p>
  )
}

/** Without a path: the four paths, chosen here as on /explore, after which the card offers the path's first practice. */
function ChoosePath({ choose }: { choose: ReturnType<typeof useChoosePath> }) {
  const busy = choose.isPending

  return (
    <>
      <Eyebrow>Today</Eyebrow>
      <p className="mt-2 text-2xl font-semibold text-white">Choose your path</p>
      <p className="mt-2 max-w-prose">
        Each path is {PATH_STEPS} short practices, each opened with a moment with Olo. Pick one and your first practice is ready.
      </p>
      <ul aria-label="Paths" className="mt-5 grid gap-3 sm:grid-cols-2">
        {PATHS.map((key) => (
          <li key={key}>
            <PathChoice path={key} busy={busy} saving={busy && choose.variables === key} onChoose={() => choose.mutate(key)} />
          </li>
        ))}
      </ul>
      <ChooseFailed choose={choose} className="mt-3" />
      <Link to="/explore" className={`${SECONDARY_BUTTON} mt-5`}>
        <Compass aria-hidden="true" className="size-5" />
        See each path&apos;s practices
      </Link>
    </>
  )
}

function PathChoice({ path, busy, saving, onChoose }: { path: PathName; busy: boolean; saving: boolean; onChoose: () => void }) {
  const { title, tagline } = PATH_INFO[path]
  return (
    // Stays focusable while another choice is saving, so keyboard focus isn't lost; a second tap does nothing.
    <button
      type="button"
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onChoose()
      }}
      className={`group flex min-h-16 w-full items-center justify-between gap-3 rounded-2xl border border-white/15 bg-white/5 px-4 py-3 text-left transition-colors hover:border-dawn/50 hover:bg-dawn/5 motion-reduce:transition-none aria-disabled:cursor-wait ${
        busy && !saving ? 'opacity-60' : ''
      }`}
    >
      <span className="min-w-0">
        <span className="block font-semibold text-white">{saving ? `Starting ${title}...` : title}</span>
        <span className="block text-sm">{tagline}</span>
      </span>
      {saving ? (
        <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-dawn motion-reduce:animate-none" />
      ) : (
        <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-dawn transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
      )}
    </button>
  )
}
