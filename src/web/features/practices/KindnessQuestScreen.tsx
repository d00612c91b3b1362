import { PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '~/core/journey'
import { LogExercise, textLogField } from './LogExercise'

/** A warm heart with sparks of light around it: a kindness given. */
function WarmHeart() {
  const sparks = [
    [46, 22, 1],
    [158, 30, 0.8],
    [150, 84, 0.6],
    [54, 78, 0.7],
  ] as const
  return (
    <svg role="img" aria-label="A warm heart with sparks of light around it" viewBox="0 0 200 100" className="h-24 w-auto">
      <circle cx="100" cy="50" r="44" className="fill-glow/10" />
      <path
        d="M100 88 C62 64 46 46 58 28 C70 12 92 16 100 32 C108 16 130 12 142 28 C154 46 138 64 100 88 Z"
        className="fill-dawn"
      />
      <path d="M78 30 C72 32 68 38 70 44" fill="none" strokeWidth="3" strokeLinecap="round" className="stroke-white/70" />
      {sparks.map(([x, y, size]) => (
        <path
          key={x}
          d="M0 -7 L1.6 -1.6 L7 0 L1.6 1.6 L0 7 L-1.6 1.6 L-7 0 L-1.6 -1.6 Z"
          transform={`translate(${x} ${y}) scale(${size})`}
          className="fill-glow"
        />
      ))}
    </svg>
  )
}

/** /kindness-quest: an act of kindness, done and written down (docs/product.md#practice-logs). */
export default function KindnessQuestScreen() {
  return (
    <LogExercise
      defaultTitle="Kindness Quest"
      illustration={<WarmHeart />}
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
