import { FOCUS_STEPS, initialFocus } from '~/core/exercises'
import { SteppedExercise } from './SteppedExercise'

/** One scene per step of FOCUS_STEPS, in its order, around the same point of light. */
const SCENES = [
  {
    label: 'A point of light resting above a still horizon',
    around: <path d="M24 92 H176" strokeWidth="1.5" className="stroke-mist/35" />,
  },
  {
    label: 'A point of light with one soft ring around it, like a breath',
    around: <circle cx="100" cy="60" r="24" strokeWidth="1.5" className="stroke-glow/55" />,
  },
  {
    label: 'A path that wanders off and curves back to the point of light',
    around: <path d="M100 60 C128 18 178 34 164 72 S112 108 100 60" strokeWidth="1.5" strokeDasharray="3 5" className="stroke-mist/50" />,
  },
  {
    label: 'A point of light with wide rings opening around it',
    around: (
      <>
        <circle cx="100" cy="60" r="22" strokeWidth="1.5" className="stroke-glow/55" />
        <circle cx="100" cy="60" r="38" strokeWidth="1.2" className="stroke-glow/35" />
        <circle cx="100" cy="60" r="54" strokeWidth="1" className="stroke-glow/20" />
      </>
    ),
  },
] as const

/** A steady point of light, the thing to rest the eyes on: it never moves, whatever the motion setting. */
function FocusLight({ step }: { step: number }) {
  const scene = SCENES[step]
  if (!scene) return null
  return (
    <svg role="img" aria-label={scene.label} viewBox="0 0 200 120" className="h-32 w-auto sm:h-40">
      <defs>
        <radialGradient id="focus-light">
          <stop offset="0%" style={{ stopColor: '#ffffff' }} />
          <stop offset="22%" style={{ stopColor: 'var(--color-dawn)' }} />
          <stop offset="55%" style={{ stopColor: 'var(--color-glow)', stopOpacity: 0.3 }} />
          <stop offset="100%" style={{ stopColor: 'var(--color-glow)', stopOpacity: 0 }} />
        </radialGradient>
      </defs>
      <g fill="none">{scene.around}</g>
      <circle cx="100" cy="60" r="30" fill="url(#focus-light)" />
      <circle cx="100" cy="60" r="4" className="fill-white" />
    </svg>
  )
}

/** /focus-exercise: four timed steps of 30, 60, 90 and 60 s (docs/product.md#exercises). */
export default function FocusExerciseScreen() {
  return (
    <SteppedExercise
      defaultTitle="Focus Exercise"
      unit="Step"
      steps={FOCUS_STEPS}
      initial={initialFocus}
      intro="Four short steps to gather your attention. Start each step when you are ready; the next one follows on its own."
      finishHeading="Excellent Focus!"
      finishText="You kept coming back, and that is what builds focus. Carry this clarity into what you do next."
      visual={(step) => <FocusLight step={step} />}
    />
  )
}
