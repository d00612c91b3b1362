import { parseStepCount, PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '~/core/journey'
import { LogExercise, textFieldClass } from './LogExercise'

/** Footsteps along a winding path under a low sun: the walk the quest asks for. */
function Footsteps() {
  const steps = [
    [34, 82, 70],
    [58, 78, 80],
    [82, 64, 60],
    [104, 58, 70],
    [126, 44, 50],
    [148, 38, 60],
    [168, 26, 45],
  ] as const
  return (
    <svg role="img" aria-label="Footsteps along a winding path" viewBox="0 0 200 100" className="h-24 w-auto">
      <circle cx="34" cy="26" r="16" className="fill-dawn/15" />
      <circle cx="34" cy="26" r="9" className="fill-dawn" />
      <path d="M12 90 C60 94 60 58 104 60 S150 30 186 20" fill="none" strokeWidth="14" strokeLinecap="round" className="stroke-white/8" />
      {steps.map(([x, y, angle], index) => (
        <ellipse
          key={x}
          cx={x}
          cy={y + (index % 2 === 0 ? 4 : -4)}
          rx="3.5"
          ry="6"
          transform={`rotate(${angle} ${x} ${y})`}
          className={index % 2 === 0 ? 'fill-glow' : 'fill-glow/70'}
        />
      ))}
    </svg>
  )
}

/** /step-quest: a walk, then the number of steps it took (docs/product.md#practice-logs). */
export default function StepQuestScreen() {
  return (
    <LogExercise
      defaultTitle="Step Quest"
      illustration={<Footsteps />}
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
          // read as a number is not an empty field (its alert answers it: docs/product.md#practice-logs).
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
