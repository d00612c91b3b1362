import { initialMovement, MOVEMENT_PHASES } from '~/core/exercises'
import { SteppedExercise } from './SteppedExercise'

type Pose = {
  label: string
  /** Left hand, left elbow, shoulders, right elbow, right hand. */
  arms: string
  /** Left foot, hips, right knee or foot, and the right foot of a raised leg. */
  legs: string
  /** Marks around the figure: rolling shoulders, moving hands. */
  marks?: string
}

/** One figure per phase of MOVEMENT_PHASES, in its order. */
const POSES: readonly Pose[] = [
  {
    label: 'A figure rolling its shoulders',
    arms: '42,38 34,60 60,50 86,60 78,38',
    legs: '48,140 60,88 72,140',
    marks: 'M24 44 a16 16 0 0 1 22 -18 M96 44 a16 16 0 0 0 -22 -18',
  },
  {
    label: 'A figure reaching up with both arms',
    arms: '36,8 40,34 60,50 80,34 84,8',
    legs: '50,140 60,88 70,140',
  },
  {
    label: 'A figure dancing, one arm up and one knee lifted',
    arms: '34,14 42,34 60,50 80,58 98,46',
    legs: '46,140 60,88 80,104 72,126',
    marks: 'M24 10 l-8 -4 M26 22 l-9 1 M106 36 l7 -5 M108 48 l8 1',
  },
  {
    label: 'A figure standing still, breathing slowly',
    arms: '48,94 50,72 60,50 70,72 72,94',
    legs: '52,140 60,88 68,140',
  },
]

/** A simple figure in the pose of the phase; it sways gently while the phase runs and motion is welcome. */
function MovementFigure({ phase, running }: { phase: number; running: boolean }) {
  const pose = POSES[phase]
  if (!pose) return null
  return (
    <svg role="img" aria-label={pose.label} viewBox="0 0 120 150" className="h-36 w-auto sm:h-44">
      <ellipse cx="60" cy="143" rx="34" ry="4" className="fill-accent/25" />
      <g
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`origin-[60px_140px] ${running ? 'motion-safe:animate-[practice-sway_4s_ease-in-out_infinite]' : ''}`}
      >
        <path d="M60 42 V88" strokeWidth="6" className="stroke-glow" />
        <polyline points={pose.arms} strokeWidth="5" className="stroke-glow" />
        <polyline points={pose.legs} strokeWidth="6" className="stroke-glow" />
        <circle cx="60" cy="30" r="10" className="fill-dawn" />
        {pose.marks && <path d={pose.marks} strokeWidth="2.5" className="stroke-dawn/80" />}
      </g>
    </svg>
  )
}

/** /movement-exercise: four timed phases of 45, 60, 120 and 30 s (docs/product.md#exercises), each pausable. */
export default function MovementExerciseScreen() {
  return (
    <SteppedExercise
      defaultTitle="Movement Exercise"
      unit="Phase"
      steps={MOVEMENT_PHASES}
      initial={initialMovement}
      intro="Four gentle phases to wake up your body. Move within what feels comfortable today, and rest whenever you need to."
      finishHeading="Beautiful Movement!"
      finishText="Your body thanks you. Take a breath and notice the energy you have made."
      visual={(phase, running) => <MovementFigure phase={phase} running={running} />}
      pausable
    />
  )
}
