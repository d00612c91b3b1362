import { PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '~/core/journey'
import { LogExercise, textLogField } from './LogExercise'

/** An open eye with light falling on it: looking as if for the first time. */
function OpenEye() {
  return (
    <svg role="img" aria-label="An open eye, taking in the light" viewBox="0 0 200 100" className="h-24 w-auto">
      <g strokeWidth="2.5" strokeLinecap="round" className="stroke-dawn/70">
        <path d="M100 6 V16 M64 14 l6 9 M136 14 l-6 9 M36 30 l9 6 M164 30 l-9 6" />
      </g>
      <path d="M30 60 Q100 10 170 60 Q100 110 30 60 Z" strokeWidth="3" className="fill-night stroke-glow" />
      <circle cx="100" cy="60" r="22" className="fill-accent/70" />
      <circle cx="100" cy="60" r="9" className="fill-night" />
      <circle cx="93" cy="52" r="4" className="fill-white" />
    </svg>
  )
}

/** /sensory-safari: one thing the user can see, described with care (docs/product.md#practice-logs). */
export default function SensorySafariScreen() {
  return (
    <LogExercise
      defaultTitle="Sensory Safari"
      illustration={<OpenEye />}
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
