import { Check } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { CHECK_IN_NOTE_CHARS, EMOTIONS_BY_MOOD, type Emotion } from '~/core/check-ins'
import { checkInWord, type Mood } from '~/core/moods'
import { DIMENSION_INFO, DIMENSIONS, type Dimension } from '~/core/dimensions'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'

/** A check-in as it is being written on the card. */
export interface Draft {
  mood: Mood
  emotions: Emotion[]
  dimensions: Dimension[]
  note: string
}

/**
 * A check-in's details after its mood: emotion words, dimensions and a note, all optional. Loaded apart from the card,
 * which asks for it as it shows, so the card the weekly home and the dashboard open with stays within its budget
 * (docs/decisions/0038, 0055).
 */
export default function CheckInDetails({
  draft,
  onChange,
  onSave,
  onClose,
  closeLabel,
}: {
  draft: Draft
  onChange: (draft: Draft) => void
  onSave: () => void
  onClose: () => void
  closeLabel: string
}) {
  const ids = useId()
  const toggle = <T,>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((i) => i !== item) : [...list, item])
  return (
    <div className="mt-5 space-y-5 border-t border-white/10 pt-5">
      <p className="text-sm">Add more if you like. All of it is optional.</p>
      <div role="group" aria-labelledby={`${ids}-emotions`}>
        <p id={`${ids}-emotions`} className="text-sm font-medium text-white">
          Any of these?
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {EMOTIONS_BY_MOOD[draft.mood].map((emotion) => (
            <Chip key={emotion} pressed={draft.emotions.includes(emotion)} onClick={() => onChange({ ...draft, emotions: toggle(draft.emotions, emotion) })}>
              {checkInWord(emotion)}
            </Chip>
          ))}
        </div>
      </div>
      <div role="group" aria-labelledby={`${ids}-dimensions`}>
        <p id={`${ids}-dimensions`} className="text-sm font-medium text-white">
          What did it touch?
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {DIMENSIONS.map((dimension) => (
            <Chip key={dimension} pressed={draft.dimensions.includes(dimension)} onClick={() => onChange({ ...draft, dimensions: toggle(draft.dimensions, dimension) })}>
              <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: DIMENSION_INFO[dimension].color }} />
              {DIMENSION_INFO[dimension].label}
            </Chip>
          ))}
        </div>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${ids}-note`} className="text-sm font-medium text-white">
            Note
          </label>
          <span id={`${ids}-count`} className="text-xs tabular-nums">
            {draft.note.length}/{CHECK_IN_NOTE_CHARS}
          </span>
        </div>
        <textarea
          id={`${ids}-note`}
          value={draft.note}
          maxLength={CHECK_IN_NOTE_CHARS}
          rows={3}
          aria-describedby={`${ids}-count`}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
          className="mt-2 block w-full resize-y rounded-2xl border border-white/15 bg-night/60 px-4 py-3 text-base text-white placeholder:text-mist/70 focus:border-dawn/60"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onSave} className={PRIMARY_BUTTON}>
          Save check-in
        </button>
        <button type="button" onClick={onClose} className={SECONDARY_BUTTON}>
          {closeLabel}
        </button>
      </div>
    </div>
  )
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3.5 text-sm ${pressed ? 'border-dawn/60 bg-dawn/15 text-white' : 'border-white/15 hover:text-white'}`}
    >
      {pressed && <Check aria-hidden="true" className="-ml-0.5 size-3.5 text-dawn" />}
      {children}
    </button>
  )
}
