import { parseStepCount, PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '~/core/journey'
import { LogExercise, textFieldClass } from './LogExercise'

/** /step-quest: a walk, then the number of steps it took (SPEC §2, §5). */
export default function StepQuestScreen() {
  return (
    <LogExercise
      defaultTitle="Step Quest"
      intro={
        <p>
          Head out for a walk, around the block, through a park or just around your home. Notice how your body feels as
          it moves, then come back and log your steps.
        </p>
      }
      label="How many steps did you take?"
      field={({ id, value, onChange }) => (
        <input
          id={id}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          // Every keystroke, even one that leaves the value '' (typing '-' into an empty field): text the browser can't
          // read as a number is not an empty field (SPEC §5's alert answers it).
          onInput={(event) => onChange(event.currentTarget.value, event.currentTarget.validity.badInput)}
          placeholder="e.g. 4000"
          className={`${textFieldClass} text-2xl tabular-nums`}
        />
      )}
      submitLabel="Log Steps"
      disabledWhenEmpty
      parse={(value) => {
        const steps = parseStepCount(value)
        return steps === null ? null : { steps }
      }}
      invalidAlert={PRACTICE_MESSAGES.steps}
      saveFailedAlert={SAVE_FAILED_ALERTS.movement}
      successHeading="Steps Logged!"
    />
  )
}
