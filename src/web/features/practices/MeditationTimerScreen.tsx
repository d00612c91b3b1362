import { Pause, Play, RotateCcw } from 'lucide-react'
import { type ReactNode, useRef } from 'react'
import { flushSync } from 'react-dom'
import { initialMeditation, MEDITATION_MS, meditationReducer, type MeditationStatus, progressFraction } from '~/core/exercises'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import {
  Clock,
  ExerciseFinish,
  ExerciseLayout,
  ReturnToDashboard,
  useTimedPractice,
} from './ExerciseLayout'

const PLAY_LABEL: Record<Exclude<MeditationStatus, 'complete'>, string> = { idle: 'Start', running: 'Pause', paused: 'Resume' }
const STATUS_TEXT: Record<MeditationStatus, string> = {
  idle: 'Five quiet minutes, whenever you are ready.',
  running: 'Let your breath set its own pace.',
  paused: 'Paused. Resume when you are ready.',
  complete: 'Your five minutes are complete.',
}

/**
 * The meditation's progress bar, drawn as a ring around the time, with a soft halo inside it that breathes slowly
 * while the timer runs (and holds still when it doesn't, or when the person asks for less motion).
 */
function BreathingRing({ percent, running, children }: { percent: number; running: boolean; children: ReactNode }) {
  return (
    <div className="relative grid size-72 place-items-center sm:size-96">
      <div
        aria-hidden="true"
        className={`absolute inset-[12%] rounded-full bg-radial from-accent/35 via-glow/10 to-transparent ${
          running ? 'motion-safe:animate-[practice-breathe_10s_ease-in-out_infinite]' : 'opacity-70'
        }`}
      />
      <div
        role="progressbar"
        aria-label="Meditation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="absolute inset-0"
      >
        <svg aria-hidden="true" viewBox="0 0 100 100" className="size-full -rotate-90">
          <defs>
            <linearGradient id="meditation-ring" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0%" style={{ stopColor: 'var(--color-glow)' }} />
              <stop offset="100%" style={{ stopColor: 'var(--color-dawn)' }} />
            </linearGradient>
          </defs>
          <circle cx="50" cy="50" r="47" fill="none" stroke="white" strokeOpacity="0.12" strokeWidth="2" />
          <circle
            cx="50"
            cy="50"
            r="47"
            fill="none"
            stroke="url(#meditation-ring)"
            strokeWidth="2.5"
            strokeLinecap="round"
            pathLength={100}
            strokeDasharray="100"
            strokeDashoffset={100 - percent}
            className={`transition-[stroke-dashoffset] duration-300 ease-linear motion-reduce:transition-none ${percent === 0 ? 'opacity-0' : ''}`}
          />
        </svg>
      </div>
      <div className="relative">{children}</div>
    </div>
  )
}

/** /meditation-timer: five minutes with play/pause and reset (docs/product.md#exercises). */
export default function MeditationTimerScreen() {
  const { state: timer, dispatch, done, title, intention } = useTimedPractice('Meditation Timer', meditationReducer, initialMeditation)
  const playButton = useRef<HTMLButtonElement>(null)

  function reset() {
    flushSync(() => dispatch({ type: 'reset' }))
    // Reset goes away with the timer back at the start; the keyboard lands on Start.
    playButton.current?.focus()
  }

  return (
    <ExerciseLayout title={title} intention={intention}>
      <p className="mt-6 max-w-prose text-base text-mist">
        Sit comfortably, soften your gaze or close your eyes, and rest your attention on your breath. When thoughts come,
        let them pass like clouds.
      </p>
      <div className="mt-10 flex w-full flex-col items-center gap-6">
        <BreathingRing percent={progressFraction(timer.remainingMs, MEDITATION_MS) * 100} running={timer.status === 'running'}>
          <Clock remainingMs={timer.remainingMs} label="Time remaining" />
        </BreathingRing>
        <p aria-live="polite" className="min-h-6 text-base text-mist">
          {STATUS_TEXT[timer.status]}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {timer.status !== 'complete' && (
            <button ref={playButton} type="button" onClick={() => dispatch({ type: 'toggle' })} className={`${PRIMARY_BUTTON} min-w-36`}>
              {timer.status === 'running' ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
              {PLAY_LABEL[timer.status]}
            </button>
          )}
          {/* Nothing to reset before the timer has run. */}
          {timer.status !== 'idle' && (
            <button type="button" onClick={reset} className={SECONDARY_BUTTON}>
              <RotateCcw aria-hidden="true" className="size-5" />
              Reset
            </button>
          )}
        </div>
      </div>
      {done && (
        <ExerciseFinish heading="Well done!">
          <p className="text-base text-mist">You gave yourself five calm minutes. Notice how you feel right now.</p>
          <ReturnToDashboard />
        </ExerciseFinish>
      )}
    </ExerciseLayout>
  )
}
