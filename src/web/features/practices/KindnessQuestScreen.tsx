import { PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '~/core/journey'
import { LogExercise, textLogField } from './LogExercise'

/** /kindness-quest: an act of kindness, done and written down (SPEC §2, §5). */
export default function KindnessQuestScreen() {
  return (
    <LogExercise
      defaultTitle="Kindness Quest"
      intro={
        <p>
          Do one kind thing today: a message to someone you miss, a genuine compliment, help with a small task, or a
          moment of patience with yourself. Then write down what you did.
        </p>
      }
      label="What act of kindness did you do?"
      field={textLogField('Describe your act of kindness...')}
      submitLabel="Log Kindness"
      parse={(value) => (value.trim() ? { kindnessAct: value.trim() } : null)}
      invalidAlert={PRACTICE_MESSAGES.kindnessAct}
      saveFailedAlert={SAVE_FAILED_ALERTS.kindness}
      successHeading="Kindness Shared!"
    />
  )
}
