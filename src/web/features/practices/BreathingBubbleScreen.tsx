import { Wind } from 'lucide-react'
import { useRef } from 'react'
import { breathingPrompt, breathingReducer, breathPhase, initialBreathing } from '~/core/exercises'
import { BREATHING_REDIRECT_MS } from '~/core/timings'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import {
  Clock,
  ExerciseFinish,
  ExerciseLayout,
  ReturnToDashboard,
  useTimedPractice,
  useRedirectWhen,
} from './ExerciseLayout'

/** /breathing-bubble: 60 s of breathing with a bubble that grows on the in-breath and shrinks on the out-breath. */
export default function BreathingBubbleScreen() {
  const { state: session, dispatch, done, title, intention } = useTimedPractice('Breathing Bubble', breathingReducer, initialBreathing)
  const prompt = useRef<HTMLParagraphElement>(null)
  const running = session.status === 'running'
  const phase = running ? breathPhase(session) : null
  // Even when the save fails, the user returns to the dashboard after 3 s (docs/product.md#exercises).
  useRedirectWhen(done, BREATHING_REDIRECT_MS)

  function begin() {
    dispatch({ type: 'start' })
    // The button goes away; the keyboard lands on the prompt, which a screen reader then reads.
    prompt.current?.focus()
  }

  return (
    <ExerciseLayout title={title} intention={intention}>
      <p className="mt-6 max-w-prose text-base text-mist">
        Breathe in as the bubble grows and out as it shrinks, slowly, through your nose if that is comfortable.
      </p>

      <div className="mt-10 flex flex-col items-center gap-6" data-phase={phase ?? session.status}>
        {/*
          The bubble eases between its sizes over one whole breath (BREATH_PHASE_SECONDS, 4 s). With reduced motion it
          changes size at once, without the animation. Its prompt sits beneath it, so the words never cross its edge
          however small it is (issue 13).
        */}
        <div
          aria-hidden="true"
          className={`size-64 rounded-full bg-[radial-gradient(circle_at_36%_30%,#ffffffcc_0%,#c9a2ff_30%,#8f7cf0bb_65%,#8f7cf033_100%)] shadow-[0_0_60px_12px_#8f7cf055] transition-transform duration-4000 ease-in-out motion-reduce:transition-none sm:size-80 ${
            phase === 'inhale' ? 'scale-100' : done ? 'scale-80' : 'scale-55'
          }`}
        />
        <p
          ref={prompt}
          tabIndex={-1}
          aria-live="polite"
          className="rounded-full border border-white/10 bg-night-soft/80 px-5 py-2 text-2xl font-semibold text-white sm:text-3xl"
        >
          {done ? 'Well breathed' : breathingPrompt(session)}
        </p>
      </div>

      <div className="mt-8 flex flex-col items-center gap-6">
        <Clock remainingMs={session.remainingMs} label="Time left" size="medium" />
        {session.status === 'idle' && (
          <button type="button" onClick={begin} className={PRIMARY_BUTTON}>
            <Wind aria-hidden="true" className="size-5" />
            Begin Breathing
          </button>
        )}
      </div>

      {done && (
        <ExerciseFinish heading="Beautiful Breathing!">
          <p role="status" className="text-base text-mist">
            Taking you back to your dashboard...
          </p>
          <ReturnToDashboard />
        </ExerciseFinish>
      )}
    </ExerciseLayout>
  )
}
