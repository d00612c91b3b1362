import { FOCUS_STEPS, initialFocus } from '~/core/exercises'
import { SteppedExercise } from './SteppedExercise'

/** /focus-exercise: four timed steps of 30, 60, 90 and 60 s (SPEC §2, §4). */
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
    />
  )
}
