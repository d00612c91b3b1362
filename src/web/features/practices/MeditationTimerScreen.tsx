import { Pause, Play, RotateCcw } from 'lucide-react'
import { initialMeditation, MEDITATION_MS, meditationReducer, type MeditationStatus, progressFraction } from '~/core/exercises'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { ProgressBar } from '~/web/ui/ProgressBar'
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

/** /meditation-timer: five minutes with play/pause and reset (SPEC §2, §4). */
export default function MeditationTimerScreen() {
  const { state: timer, dispatch, done, title, intention } = useTimedPractice('Meditation Timer', meditationReducer, initialMeditation)

  return (
    <ExerciseLayout title={title} intention={intention}>
      <p className="mt-6 max-w-prose text-base text-mist">
        Sit comfortably, soften your gaze or close your eyes, and rest your attention on your breath. When thoughts come,
        let them pass like clouds.
      </p>
      <div className="mt-10 flex w-full flex-col items-center gap-6">
        <Clock remainingMs={timer.remainingMs} label="Time remaining" />
        <div className="w-full max-w-sm">
          <ProgressBar label="Meditation progress" value={progressFraction(timer.remainingMs, MEDITATION_MS) * 100} max={100} />
        </div>
        <p aria-live="polite" className="min-h-6 text-base text-mist">
          {STATUS_TEXT[timer.status]}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {timer.status !== 'complete' && (
            <button type="button" onClick={() => dispatch({ type: 'toggle' })} className={`${PRIMARY_BUTTON} min-w-36`}>
              {timer.status === 'running' ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
              {PLAY_LABEL[timer.status]}
            </button>
          )}
          <button type="button" onClick={() => dispatch({ type: 'reset' })} className={SECONDARY_BUTTON}>
            <RotateCcw aria-hidden="true" className="size-5" />
            Reset
          </button>
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
