import { PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '~/core/journey'
import { LogExercise, textLogField } from './LogExercise'

/** /sensory-safari: one thing the user can see, described with care (SPEC §2, §5). */
export default function SensorySafariScreen() {
  return (
    <LogExercise
      defaultTitle="Sensory Safari"
      intro={
        <p>
          Pause and look around you slowly. Let your eyes settle on one thing and really see it: its colour, shape, light
          and texture, as if for the first time.
        </p>
      }
      label="What can you see?"
      field={textLogField('Describe one thing you can SEE...')}
      submitLabel="Log Observation"
      parse={(value) => (value.trim() ? { observation: value.trim() } : null)}
      invalidAlert={PRACTICE_MESSAGES.observation}
      saveFailedAlert={SAVE_FAILED_ALERTS.sensory}
      successHeading="Observation Recorded!"
    />
  )
}
