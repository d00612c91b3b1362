import { CloudOff, Lightbulb, Mic, MicOff, RefreshCw, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { choosePrompt, JOURNAL_LIMITS } from '~/core/journal'
import type { JournalDraft, TodaysPrompt } from '~/web/data/journal'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { useDictation } from './dictation'

const QUIET_BUTTON =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-medium text-mist transition-colors hover:bg-white/10 hover:text-white motion-reduce:transition-none'

/** What the editor says without a connection, before and after Save (docs/decisions/0048). */
const OFFLINE = 'You are offline. Your entry is kept on this device, and once you press Save it is saved as soon as you are back online.'
const KEPT_UNTIL_ONLINE = 'Your entry is kept on this device and will be saved when you are back online.'

/**
 * The editor (docs/product.md#journal): today's prompt above a new entry, with another one or none at all, an optional
 * title, the entry itself, and Dictate where the browser can turn speech into text. Every change goes up at once, and
 * from there to the device. Without a connection Save keeps the entry on the device until the connection is back.
 */
export function JournalEditor({
  draft,
  prompt,
  saving,
  online,
  problem,
  safetyReader = null,
  onChange,
  onSave,
  onCancel,
}: {
  draft: JournalDraft
  prompt: TodaysPrompt | undefined
  saving: boolean
  online: boolean
  problem: string | null
  /** Who else reads a saved entry, and why, where a provider's safety check does (docs/decisions/0051). */
  safetyReader?: string | null
  onChange: (draft: JournalDraft) => void
  onSave: () => void
  onCancel: () => void
}) {
  const headingId = useId()
  const titleId = useId()
  const bodyId = useId()
  const countId = useId()
  const problemId = useId()
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  // The prompts shown since the editor opened, so another one is never one of them while others are left.
  const [shown, setShown] = useState<string[]>(() => (draft.prompt ? [draft.prompt] : []))
  const latest = useRef(draft)
  useEffect(() => {
    latest.current = draft
  })

  useEffect(() => bodyRef.current?.focus(), [])

  const dictation = useDictation((words) => {
    const { body } = latest.current
    const joined = body === '' || /\s$/.test(body) ? `${body}${words}` : `${body} ${words}`
    onChange({ ...latest.current, body: joined.slice(0, JOURNAL_LIMITS.bodyChars) })
  })

  function anotherPrompt() {
    const next = choosePrompt(prompt?.priority ?? null, shown)
    setShown((before) => [...before, next.text])
    onChange({ ...draft, prompt: next.text })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!saving) onSave()
  }

  const left = JOURNAL_LIMITS.bodyChars - draft.body.length
  const empty = draft.body.trim() === ''
  const keptUntilOnline = draft.saveWhenOnline && !online
  const connection = keptUntilOnline ? KEPT_UNTIL_ONLINE : online ? '' : OFFLINE

  return (
    <section aria-labelledby={headingId} className="relative mt-6 overflow-hidden rounded-3xl border border-dawn/25 bg-night-soft/80 p-5 sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-dawn/10 blur-3xl" />
      <form noValidate onSubmit={submit} className="relative">
        <h2 id={headingId} className="text-sm font-medium tracking-widest text-dawn uppercase">
          {draft.editing ? 'Edit entry' : 'New entry'}
        </h2>

        {!draft.editing &&
          (draft.prompt ? (
            <div className="mt-4 rounded-2xl border border-white/10 bg-night/60 p-4">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-white">
                <Lightbulb aria-hidden="true" className="size-4 text-dawn" />
                Today&apos;s prompt
              </h3>
              <p className="mt-2 text-lg leading-snug text-white">{draft.prompt}</p>
              <div className="mt-2 -ml-3 flex flex-wrap gap-x-1">
                <button type="button" onClick={anotherPrompt} className={QUIET_BUTTON}>
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Another prompt
                </button>
                <button type="button" onClick={() => onChange({ ...draft, prompt: null })} className={QUIET_BUTTON}>
                  <X aria-hidden="true" className="size-4" />
                  Write without a prompt
                </button>
              </div>
            </div>
          ) : (
            <div className="mt-3 -ml-3">
              <button type="button" onClick={anotherPrompt} className={QUIET_BUTTON}>
                <Lightbulb aria-hidden="true" className="size-4" />
                Show a prompt
              </button>
            </div>
          ))}
        {draft.editing && draft.prompt && <p className="mt-3 text-sm text-mist italic">Written from the prompt: {draft.prompt}</p>}

        <label htmlFor={titleId} className="mt-5 block text-sm font-medium text-white">
          Title <span className="font-normal text-mist">(optional)</span>
        </label>
        <input
          id={titleId}
          type="text"
          maxLength={JOURNAL_LIMITS.titleChars}
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
          className="mt-2 w-full rounded-2xl border border-white/15 bg-night px-4 py-3 text-white placeholder:text-mist/60 focus:border-glow"
        />

        <div className="mt-5 flex items-end justify-between gap-3">
          <label htmlFor={bodyId} className="block text-sm font-medium text-white">
            Your entry
          </label>
          {dictation.supported && (
            <button
              type="button"
              aria-pressed={dictation.listening}
              onClick={dictation.listening ? dictation.stop : dictation.start}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors motion-reduce:transition-none ${
                dictation.listening ? 'border-dawn bg-dawn/15 text-dawn' : 'border-white/20 text-white hover:bg-white/10'
              }`}
            >
              {dictation.listening ? <MicOff aria-hidden="true" className="size-4" /> : <Mic aria-hidden="true" className="size-4" />}
              Dictate
            </button>
          )}
        </div>
        <textarea
          ref={bodyRef}
          id={bodyId}
          rows={9}
          maxLength={JOURNAL_LIMITS.bodyChars}
          value={draft.body}
          onChange={(event) => onChange({ ...draft, body: event.target.value })}
          aria-describedby={[countId, problem ? problemId : ''].filter(Boolean).join(' ')}
          aria-invalid={problem ? true : undefined}
          className="mt-2 block min-h-52 w-full resize-y rounded-2xl border border-white/15 bg-night px-4 py-3 text-base leading-relaxed text-white placeholder:text-mist/60 focus:border-glow"
        />
        <p id={countId} className="mt-2 flex justify-between gap-3 text-xs text-mist">
          <span>{dictation.listening ? 'Listening… speak, and your words are added to the entry.' : 'Kept on this device as you type, until you save.'}</span>
          <span className={`whitespace-nowrap ${left < 500 ? 'text-dawn' : ''}`}>
            {draft.body.length.toLocaleString('en-US')} / {JOURNAL_LIMITS.bodyChars.toLocaleString('en-US')}
          </span>
        </p>
        {problem && (
          <p id={problemId} role="alert" className="mt-3 text-sm text-dawn">
            {problem}
          </p>
        )}
        {/* Always there, so that what it comes to say is announced. */}
        <div role="status" className="mt-3 space-y-2 text-sm text-white empty:hidden">
          {connection ? (
            <p className="flex items-start gap-2">
              <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-dawn" />
              {connection}
            </p>
          ) : null}
          {dictation.problem ? (
            <p className="flex items-start gap-2">
              <MicOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-dawn" />
              {dictation.problem}
            </p>
          ) : null}
        </div>
        {safetyReader && <p className="mt-4 text-sm text-mist">{safetyReader}</p>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} disabled={saving} className={SECONDARY_BUTTON}>
            Cancel
          </button>
          <button type="submit" disabled={empty || saving || keptUntilOnline} className={PRIMARY_BUTTON}>
            {saving ? 'Saving...' : keptUntilOnline ? 'Waiting for a connection...' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  )
}
