import { Pause, Play, SkipForward } from 'lucide-react'
import { type ReactNode, useId, useRef } from 'react'
import { type ExerciseStep, type SteppedState, steppedReducer, stepProgress } from '~/core/exercises'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { ProgressBar } from '~/web/ui/ProgressBar'
import {
  Clock,
  ExerciseFinish,
  ExerciseLayout,
  ReturnToDashboard,
  useTimedPractice,
} from './ExerciseLayout'

type SteppedExerciseProps = {
  defaultTitle: string
  /** What one part is called on screen: 'Step' (focus) or 'Phase' (movement). */
  unit: 'Step' | 'Phase'
  steps: readonly ExerciseStep[]
  initial: SteppedState
  intro: string
  finishHeading: string
  finishText: string
  /** The picture of the current part; `running` is false while it waits or is paused, so it can hold still. */
  visual: (step: number, running: boolean) => ReactNode
  /** Movement's parts are long and physical: the member can pause one (issue 13) and resume it. */
  pausable?: boolean
}

/**
 * The focus and movement exercises (docs/product.md#exercises): four timed parts. 'Start Step n' runs the current part;
 * at zero the next one begins on its own; 'Next Step' skips ahead. Progress dots show where the user is. A pausable
 * exercise keeps its start button, which becomes Pause and Resume, so the keyboard stays where it was.
 */
export function SteppedExercise(props: SteppedExerciseProps) {
  const { defaultTitle, unit, steps, initial, intro, finishHeading, finishText, visual, pausable = false } = props
  const { state: timer, dispatch, done, title, intention } = useTimedPractice(defaultTitle, steppedReducer, initial)
  const nextButton = useRef<HTMLButtonElement>(null)
  const dotsLabel = useId()
  const number = timer.step + 1
  const current = steps[timer.step]

  function start() {
    dispatch({ type: 'start' })
    // Without pause, the start button goes away once the clock runs; the keyboard stays on the controls.
    if (!pausable) nextButton.current?.focus()
  }

  return (
    <ExerciseLayout title={title} intention={intention}>
      <p className="mt-6 max-w-prose text-base text-mist">{intro}</p>

      <p id={dotsLabel} className="sr-only">
        Progress
      </p>
      <ol aria-labelledby={dotsLabel} className="mt-8 flex items-center gap-3">
        {steps.map((step, index) => {
          const state = done || index < timer.step ? 'done' : index === timer.step ? 'current' : 'ahead'
          return (
            <li key={step.title} aria-current={state === 'current' ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={`block size-3.5 rounded-full transition-colors motion-reduce:transition-none ${
                  state === 'done' ? 'bg-glow' : state === 'current' ? 'bg-dawn ring-4 ring-dawn/25' : 'bg-white/20'
                }`}
              />
              <span className="sr-only">
                {unit} {index + 1}, {step.title}
                {state === 'done' ? ', done' : state === 'current' ? ', current' : ''}
              </span>
            </li>
          )
        })}
      </ol>

      {!done && current && (
        <div className="mt-8 flex w-full flex-col items-center gap-6">
          {visual(timer.step, timer.status === 'running')}
          {/* Announced when the part changes, which is every minute or so, never every second. */}
          <div aria-live="polite" aria-atomic="true">
            <p className="text-sm font-medium tracking-widest text-glow uppercase">
              {unit} {number} of {steps.length}
            </p>
            <h2 className="mt-1 text-2xl font-semibold text-white sm:text-3xl">{current.title}</h2>
            <p className="mx-auto mt-2 max-w-prose text-base text-mist">{current.instruction}</p>
          </div>
          <Clock remainingMs={timer.remainingMs} label={`Time left in ${unit.toLowerCase()} ${number}`} />
          <div className="w-full max-w-sm">
            <ProgressBar label={`${unit} ${number} progress`} value={stepProgress(timer) * 100} max={100} />
          </div>
          {pausable && (
            <p aria-live="polite" className="min-h-6 text-base text-mist">
              {timer.status === 'paused' ? 'Paused. Resume when you are ready.' : ''}
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-3">
            {/* Start and Pause/Resume fill the same place, so React keeps the one button and the focus on it. */}
            {timer.status === 'idle' ? (
              <button type="button" onClick={start} className={`${PRIMARY_BUTTON} min-w-40`}>
                <Play aria-hidden="true" className="size-5" />
                Start {unit} {number}
              </button>
            ) : (
              pausable && (
                <button
                  type="button"
                  onClick={() => dispatch({ type: timer.status === 'running' ? 'pause' : 'resume' })}
                  className={`${PRIMARY_BUTTON} min-w-40`}
                >
                  {timer.status === 'running' ? (
                    <>
                      <Pause aria-hidden="true" className="size-5" />
                      Pause
                    </>
                  ) : (
                    <>
                      <Play aria-hidden="true" className="size-5" />
                      Resume
                    </>
                  )}
                </button>
              )
            )}
            <button ref={nextButton} type="button" onClick={() => dispatch({ type: 'next' })} className={SECONDARY_BUTTON}>
              <SkipForward aria-hidden="true" className="size-5" />
              Next {unit}
            </button>
          </div>
        </div>
      )}

      {done && (
        <ExerciseFinish heading={finishHeading}>
          <p className="text-base text-mist">{finishText}</p>
          <ReturnToDashboard />
        </ExerciseFinish>
      )}
    </ExerciseLayout>
  )
}
