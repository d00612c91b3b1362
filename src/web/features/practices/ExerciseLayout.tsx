import { useEffect, useEffectEvent, useId, useReducer, useRef, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatClock, type Tick } from '~/core/exercises'
import { BackHome } from '~/web/ui/BackLink'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { useCompletePractice } from '~/web/data/practice-completions'
import { usePracticeFromAddress } from './address'
import { returnState } from '~/web/data/practice-news'
import { PracticeFrame } from './PracticeFrame'
import { FREE_PRACTICE_NOTICE, PracticeWins } from './PracticeWins'
import { usePracticeChime } from './chime'
import './practices.css'
import { useTicker } from './useTicker'

const DASHBOARD = '/dashboard'

/**
 * The practice this screen belongs to (`?practice=` in its address), with its title and intention (none for one begun
 * offline, without Olo). A direct visit, a practice still loading or one that failed to load is a free practice: the
 * screen works with its own title.
 */
export function useExercisePractice(defaultTitle: string) {
  const { practiceId, begunOffline, practice } = usePracticeFromAddress()
  return { practiceId, title: practice.data?.title ?? begunOffline?.title ?? defaultTitle, intention: practice.data?.intention ?? null }
}

/**
 * A timed exercise (meditation, focus, movement, breathing): its practice, its clock driven by the ticker while it
 * runs, a chime at its start and end when audio is on, and its practice completed once it is done. A failed save there
 * is only logged, so the save runs in the background and is retried while the screen goes on
 * (docs/product.md#practices). A free practice records nothing.
 */
export function useTimedPractice<State extends { status: string }, Action>(
  defaultTitle: string,
  reducer: (state: State, action: Action | Tick) => State,
  initial: State,
) {
  const { practiceId, title, intention } = useExercisePractice(defaultTitle)
  const [state, dispatch] = useReducer(reducer, initial)
  const done = state.status === 'complete'
  useTicker(state.status === 'running', (elapsedMs) => dispatch({ type: 'tick', elapsedMs }))
  usePracticeChime(state.status)
  const complete = useCompletePractice({ background: true })
  const record = useEffectEvent(() => {
    if (practiceId) complete.mutate({ practiceId, log: {} })
  })
  useEffect(() => {
    if (done) record()
  }, [done])
  return { state, dispatch, done, title, intention }
}

/**
 * Goes back to the dashboard once `active` has held for `delayMs`, telling it which practice was just finished so it
 * can greet the return with its news.
 */
export function useRedirectWhen(active: boolean, delayMs: number) {
  const navigate = useNavigate()
  const { practiceId } = usePracticeFromAddress()
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => void navigate(DASHBOARD, { state: returnState(practiceId) }), delayMs)
    return () => clearTimeout(timer)
  }, [active, delayMs, practiceId, navigate])
}

/** Every exercise screen: the way back to the home it was begun from, the exercise's title and the intention set with Olo at the threshold. */
export function ExerciseLayout({ title, intention, children }: { title: string; intention: string | null; children: ReactNode }) {
  const { practiceId } = usePracticeFromAddress()
  return (
    <PracticeFrame back={<BackHome />} title={title}>
      {!practiceId && <p className="mt-4 max-w-prose rounded-full border border-white/10 bg-white/5 px-4 py-1.5 text-sm text-mist">{FREE_PRACTICE_NOTICE}</p>}
      {intention && (
        <div className="mt-4 max-w-prose rounded-2xl border border-white/10 bg-night-soft/70 px-5 py-3">
          <p className="text-xs font-medium tracking-widest text-glow uppercase">Your intention</p>
          <p className="mt-1 text-base break-words text-white">{intention}</p>
        </div>
      )}
      {children}
    </PracticeFrame>
  )
}

/** A countdown big enough to read from across the room. Screen readers read it when asked, not every second. */
export function Clock({ remainingMs, label, size = 'large' }: { remainingMs: number; label: string; size?: 'large' | 'medium' }) {
  return (
    <p
      role="timer"
      aria-label={label}
      className={`font-semibold tracking-tight text-white tabular-nums ${size === 'large' ? 'text-7xl sm:text-8xl' : 'text-4xl sm:text-5xl'}`}
    >
      {formatClock(remainingMs)}
    </p>
  )
}

/**
 * An exercise's happy ending, with what it earned under its heading (docs/product.md#exercises). It takes the keyboard
 * focus when it appears, because the button the user pressed to get here has gone, and a screen reader then reads the
 * heading.
 */
export function ExerciseFinish({ heading, children }: { heading: string; children?: ReactNode }) {
  const { practiceId } = usePracticeFromAddress()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section aria-labelledby={headingId} className="relative mt-10 w-full overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-6 sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow/15 blur-3xl" />
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className="relative text-2xl font-semibold text-white sm:text-3xl">
        {heading}
      </h2>
      <div className="relative mt-5 flex flex-col items-center gap-5">
        <PracticeWins practiceId={practiceId} />
        {children}
      </div>
    </section>
  )
}

export function ReturnToDashboard() {
  const { practiceId } = usePracticeFromAddress()
  return (
    <Link to={DASHBOARD} state={returnState(practiceId)} className={PRIMARY_BUTTON}>
      Return to Dashboard
    </Link>
  )
}
