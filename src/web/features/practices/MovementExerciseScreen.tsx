import { initialMovement, MOVEMENT_PHASES } from '~/core/exercises'
import { SteppedExercise } from './SteppedExercise'

/** /movement-exercise: four timed phases of 45, 60, 120 and 30 s (SPEC §2, §4). */
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
    />
  )
}
