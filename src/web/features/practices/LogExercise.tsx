import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { LOG_TEXT_CHARS, type PracticeLog } from '~/core/journey'
import { LOG_REDIRECT_MS } from '~/core/timings'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { useCompletePractice } from '~/web/data/practice-completions'
import { ExerciseFinish, ExerciseLayout, ReturnToDashboard, useExercisePractice, useRedirectWhen } from './ExerciseLayout'

export type FieldProps = {
  id: string
  value: string
  /**
   * `unreadable`: a number field holds text the browser can't read as a number (`1e`, `--`). Its value then reads as
   * '', but the field is not empty: the button waits for nothing and the entry gets its alert
   * (docs/product.md#practice-logs).
   */
  onChange: (value: string, unreadable?: boolean) => void
}

type LogExerciseProps = {
  defaultTitle: string
  /** The prompt's picture, at the top of the prompt card. */
  illustration: ReactNode
  intro: ReactNode
  label: string
  field: (props: FieldProps) => ReactNode
  submitLabel: string
  /** Only the step quest's button waits for something typed; the others answer an empty form with an alert. */
  disabledWhenEmpty?: boolean
  /** The log to send from what was typed, or null when it is not valid. */
  parse: (value: string) => PracticeLog | null
  invalidAlert: string
  saveFailedAlert: string
  successHeading: string
}

/**
 * The step quest, sensory safari and kindness quest (docs/product.md#practice-logs): a form whose entry completes the
 * practice. An invalid entry and a failed save each get their alert and keep what the user typed; a saved one shows its
 * success text, then the dashboard 2 s later. A free practice (no practice in the address) saves nothing.
 */
export function LogExercise(props: LogExerciseProps) {
  const { defaultTitle, illustration, intro, label, field, submitLabel, disabledWhenEmpty = false, parse, invalidAlert, saveFailedAlert, successHeading } = props
  const { practiceId, title, intention } = useExercisePractice(defaultTitle)
  const complete = useCompletePractice()
  const [value, setValue] = useState('')
  const [unreadable, setUnreadable] = useState(false)
  const [done, setDone] = useState(false)
  const fieldId = useId()
  // Set at once in the handler, so a quick second Enter can't send the entry again before the screen re-renders.
  const saving = useRef(false)
  useRedirectWhen(done, LOG_REDIRECT_MS)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving.current) return
    const log = unreadable ? null : parse(value)
    if (!log) {
      window.alert(invalidAlert)
      return
    }
    if (practiceId) {
      saving.current = true
      try {
        await complete.mutateAsync({ practiceId, log })
      } catch (error) {
        console.warn('The practice could not be saved.', error)
        window.alert(saveFailedAlert)
        return
      } finally {
        saving.current = false
      }
    }
    setDone(true)
  }

  return (
    <ExerciseLayout title={title} intention={intention}>
      {done ? (
        <ExerciseFinish heading={successHeading}>
          <p role="status" className="text-base text-mist">
            Taking you back to your dashboard...
          </p>
          <ReturnToDashboard />
        </ExerciseFinish>
      ) : (
        <>
          <div className="mt-6 flex w-full max-w-md flex-col items-center gap-4 rounded-3xl border border-white/10 bg-night-soft/70 px-5 py-6 text-base text-mist sm:px-8">
            {illustration}
            {intro}
          </div>
          {/* The practice's alerts answer an invalid entry, so the browser's validation bubbles stay out of the way. */}
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-8 flex w-full max-w-md flex-col gap-4 text-left">
            <label htmlFor={fieldId} className="text-base font-medium text-white">
              {label}
            </label>
            {field({
              id: fieldId,
              value,
              onChange: (next, nextUnreadable = false) => {
                setValue(next)
                setUnreadable(nextUnreadable)
              },
            })}
            <button
              type="submit"
              disabled={disabledWhenEmpty && value.trim() === '' && !unreadable}
              className={`${PRIMARY_BUTTON} self-center`}
            >
              {submitLabel}
            </button>
            <p role="status" className="min-h-6 text-center text-sm text-mist">
              {complete.isPending ? 'Saving...' : ''}
            </p>
          </form>
        </>
      )}
    </ExerciseLayout>
  )
}

export const textFieldClass =
  'w-full rounded-2xl border border-white/15 bg-night-soft/90 px-4 py-3 text-base text-white placeholder:text-mist/70'

/** The written logs' field (sensory safari, kindness quest): a roomy textarea capped at what the server keeps. */
export function textLogField(placeholder: string) {
  return function TextLogField({ id, value, onChange }: FieldProps) {
    return (
      <textarea
        id={id}
        rows={5}
        maxLength={LOG_TEXT_CHARS}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={`${textFieldClass} resize-y`}
      />
    )
  }
}
