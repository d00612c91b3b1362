import { Check } from 'lucide-react'
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { EMOTIONS_BY_MOOD } from '~/core/check-ins'
import { checkInWord, MOODS, type Mood } from '~/core/moods'
import { DIMENSION_INFO } from '~/core/dimensions'
import { useRecordCheckIn, useTodayCheckIns, type SendOutcome, type ShownCheckIn } from '~/web/data/check-ins'
import { preloadable } from '~/web/lib/preloadable'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { LoadingShapes } from '~/web/ui/LoadingShapes'
import type { Draft } from './CheckInDetails'

/**
 * The routes prefetch today's check-ins, and the shell sends those a device kept, through the card's module, so that
 * the card and its data stay one chunk on the screens that show it (docs/decisions/0038).
 */
export { resumePendingCheckIns, todayCheckInsQuery } from '~/web/data/check-ins'

// Loaded apart from the card, after it shows: a mood's details, and what a hard day's check-in says back (docs/decisions/0055).
const { Component: CheckInDetails, preload: preloadDetails } = preloadable(() => import('./CheckInDetails'))
const { Component: CheckInCare, preload: preloadCare } = preloadable(() => import('./CheckInCare'))

/** What the card shows: the latest check-in (or the moods when there is none), the moods again, or one's details. */
type Mode = { kind: 'latest' } | { kind: 'moods' } | { kind: 'details'; id: string; fresh: boolean; draft: Draft }

/**
 * The daily check-in (docs/product.md#check-in): one tap on a mood records it; its emotion words, dimensions and a note
 * may follow without leaving the card. The routes compose it into the weekly home and the dashboard (docs/decisions/0033).
 */
export default function CheckInCard() {
  const today = useTodayCheckIns()
  const { record, sending } = useRecordCheckIn()
  const [mode, setMode] = useState<Mode>({ kind: 'latest' })
  const [refused, setRefused] = useState<string | null>(null)
  const card = useRef<HTMLElement>(null)
  const focusNext = useRef<'latest' | 'moods' | null>(null)
  const headingId = useId()

  // Asked for as the card shows, so a tap finds them here, online or not.
  useEffect(() => void Promise.all([preloadDetails(), preloadCare()]).catch(() => undefined), [])

  useEffect(() => {
    const where = focusNext.current
    focusNext.current = null
    if (where === 'latest') card.current?.querySelector<HTMLElement>('[data-latest]')?.focus()
    if (where === 'moods') (card.current?.querySelector<HTMLElement>('[data-mood][aria-pressed="true"]') ?? card.current?.querySelector<HTMLElement>('[data-mood]'))?.focus()
  })

  // Offline, the list waits for the connection (a paused query) while a mood can still be recorded on the device.
  if (today.isPending && today.fetchStatus !== 'paused') {
    return (
      <LoadingShapes label="Loading your check-in...">
        <div className="mt-6 h-44 rounded-3xl bg-white/5" />
      </LoadingShapes>
    )
  }

  const checkIns = today.checkIns
  const latest = checkIns[0] ?? null
  const shownMode: Mode = mode.kind === 'latest' && !latest ? { kind: 'moods' } : mode
  const settled = (outcome: SendOutcome) => setRefused(outcome.status === 'refused' ? outcome.message : null)

  function tap(mood: Mood) {
    if (shownMode.kind === 'details') {
      const draft = shownMode.draft
      // Emotion words belong to a mood: those the new one doesn't offer go.
      const emotions = draft.emotions.filter((e) => EMOTIONS_BY_MOOD[mood].includes(e))
      setMode({ ...shownMode, draft: { ...draft, mood, emotions } })
      return
    }
    const id = crypto.randomUUID()
    setRefused(null)
    record({ id, mood, emotions: [], dimensions: [], note: null }, settled)
    setMode({ kind: 'details', id, fresh: true, draft: { mood, emotions: [], dimensions: [], note: '' } })
  }

  function save(id: string, draft: Draft) {
    const target = checkIns.find((c) => c.id === id)
    const note = draft.note.trim()
    setRefused(null)
    record({ id, at: target?.at, timeZone: target?.timeZone, ...draft, note: note === '' ? null : note }, settled)
    focusNext.current = 'latest'
    setMode({ kind: 'latest' })
  }

  const detailsOf = shownMode.kind === 'details' ? (checkIns.find((c) => c.id === shownMode.id) ?? null) : null
  // What a hard day's check-in says back, under the latest check-in or the one just made (docs/decisions/0055).
  const answered = shownMode.kind === 'latest' ? latest : shownMode.kind === 'details' && shownMode.fresh ? detailsOf : null
  const careFor = answered && (
    <Suspense>
      <CheckInCare checkIn={answered} lowDates={today.lowDates} />
    </Suspense>
  )
  const glow = `var(--color-mood-${shownMode.kind === 'details' ? shownMode.draft.mood : (latest?.mood ?? 'okay')})`

  return (
    <section ref={card} aria-labelledby={headingId} className="relative mt-6 overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:p-8">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -left-20 size-64 rounded-full opacity-20 blur-3xl transition-colors duration-700 motion-reduce:transition-none"
        style={{ backgroundColor: glow }}
      />
      <div className="relative">
        <h2 id={headingId} className="text-xl font-semibold text-white sm:text-2xl">
          How are you feeling today?
        </h2>

        {shownMode.kind === 'latest' && latest ? (
          <Latest
            checkIn={latest}
            status={<SaveStatus checkIn={latest} sending={sending} />}
            care={careFor}
            onAnother={() => {
              focusNext.current = 'moods'
              setMode({ kind: 'moods' })
            }}
            onChange={() => {
              focusNext.current = 'moods'
              const { mood, emotions, dimensions, note } = latest
              setMode({ kind: 'details', id: latest.id, fresh: false, draft: { mood, emotions, dimensions, note: note ?? '' } })
            }}
          />
        ) : (
          <>
            {shownMode.kind === 'moods' && <p className="mt-1 text-sm">One tap is enough.</p>}
            {detailsOf && shownMode.kind === 'details' && shownMode.fresh && (
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="font-medium text-white">{checkedInAt(detailsOf)}</p>
                <SaveStatus checkIn={detailsOf} sending={sending} />
              </div>
            )}
            <MoodRow selected={shownMode.kind === 'details' ? shownMode.draft.mood : null} onTap={tap} />
            {careFor}
            {shownMode.kind === 'details' && (
              <CheckInDetails
                draft={shownMode.draft}
                onChange={(draft) => setMode({ ...shownMode, draft })}
                onSave={() => save(shownMode.id, shownMode.draft)}
                onClose={() => {
                  focusNext.current = 'latest'
                  setMode({ kind: 'latest' })
                }}
                closeLabel={shownMode.fresh ? 'Not now' : 'Cancel'}
              />
            )}
          </>
        )}
        {refused && (
          <p role="alert" className="mt-4 text-sm text-dawn">
            We couldn&apos;t save this check-in: {refused}
          </p>
        )}
      </div>
    </section>
  )
}

function time(at: string) {
  return new Date(at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })
}

function checkedInAt(checkIn: ShownCheckIn) {
  return `Checked in at ${time(checkIn.at)} — ${checkInWord(checkIn.mood)}`
}

/** Saved only once the server has stored it; otherwise on its way, or waiting on this device (docs/product.md#check-in). */
function SaveStatus({ checkIn, sending }: { checkIn: ShownCheckIn; sending: boolean }) {
  return (
    <p role="status" className="flex items-center gap-1.5 text-sm">
      {!checkIn.waiting ? (
        <>
          <Check aria-hidden="true" className="size-4 text-glow" />
          Saved
        </>
      ) : sending ? (
        <>
          <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-dawn motion-reduce:animate-none" />
          Saving...
        </>
      ) : (
        <>
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-dawn" />
          Kept on this device. It will be sent when you&apos;re back online.
        </>
      )}
    </p>
  )
}

function MoodRow({ selected, onTap }: { selected: Mood | null; onTap: (mood: Mood) => void }) {
  return (
    <div role="group" aria-label="Moods" className="mt-4 grid grid-cols-5 gap-1.5 sm:gap-3">
      {MOODS.map((mood) => (
        <button
          key={mood}
          type="button"
          data-mood={mood}
          aria-pressed={selected === null ? undefined : selected === mood}
          onClick={() => onTap(mood)}
          className={`group flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-2xl border py-2 text-xs font-medium sm:text-sm ${
            selected === mood ? 'border-white/30 bg-white/10 text-white' : `border-transparent hover:bg-white/5 ${selected ? 'opacity-60' : ''}`
          }`}
        >
          <Face mood={mood} className="size-11 transition-transform group-hover:scale-110 motion-reduce:transition-none sm:size-12" />
          {checkInWord(mood)}
        </button>
      ))}
    </div>
  )
}

/** The mouth of each mood, from a deep frown to an open smile, on a 48-unit face. */
const MOUTHS: Record<Mood, string> = {
  awful: 'M15 34.5Q24 25.5 33 34.5',
  bad: 'M16 33Q24 28.5 32 33',
  okay: 'M16.5 31.5H31.5',
  good: 'M15.5 29Q24 36 32.5 29',
  great: 'M14 27.5Q24 41 34 27.5Z',
}

/** A mood's face in its colour: drawn, so it looks the same on every device, whatever emoji it has. */
function Face({ mood, className }: { mood: Mood; className: string }) {
  const ink = '#0e0c1d'
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={className}>
      <circle cx="24" cy="24" r="22" style={{ fill: `var(--color-mood-${mood})` }} />
      <circle cx="19" cy="15" r="9" fill="#fff" opacity=".18" />
      {mood === 'awful' && <path d="M12.5 15.5l7 3M35.5 15.5l-7 3" stroke={ink} strokeWidth="2.6" strokeLinecap="round" />}
      <circle cx="17.5" cy="21" r="2.6" fill={ink} />
      <circle cx="30.5" cy="21" r="2.6" fill={ink} />
      <path d={MOUTHS[mood]} stroke={ink} strokeWidth="2.8" strokeLinecap="round" strokeLinejoin="round" fill={mood === 'great' ? ink : 'none'} />
    </svg>
  )
}

function Latest({
  checkIn,
  status,
  care,
  onAnother,
  onChange,
}: {
  checkIn: ShownCheckIn
  status: ReactNode
  care: ReactNode
  onAnother: () => void
  onChange: () => void
}) {
  const words = [...checkIn.emotions.map(checkInWord), ...checkIn.dimensions.map((d) => DIMENSION_INFO[d].label)]
  return (
    <>
      <div data-latest tabIndex={-1} className="mt-4 flex items-center gap-4 rounded-2xl focus-visible:outline-offset-4">
        <Face mood={checkIn.mood} className="size-12 shrink-0 animate-win-pop motion-reduce:animate-none sm:size-14" />
        <div className="min-w-0">
          <p className="font-semibold text-balance text-white sm:text-lg">{checkedInAt(checkIn)}</p>
          {status}
        </div>
      </div>
      {words.length > 0 && (
        <ul aria-label="Details" className="mt-4 flex flex-wrap gap-2">
          {words.map((word) => (
            <li key={word} className="rounded-full bg-white/5 px-3 py-1 text-sm text-white">
              {word}
            </li>
          ))}
        </ul>
      )}
      {checkIn.note && <p className="mt-3 border-l-2 border-white/15 pl-3 text-sm break-words whitespace-pre-line italic">{checkIn.note}</p>}
      {care}
      {/* Short on the pill, so both fit side by side on a phone; whole for a screen reader. */}
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" onClick={onAnother} className={SECONDARY_BUTTON}>
          Add another<span className="sr-only"> check-in</span>
        </button>
        <button type="button" onClick={onChange} className={SECONDARY_BUTTON}>
          Change<span className="sr-only"> this check-in</span>
        </button>
      </div>
    </>
  )
}
