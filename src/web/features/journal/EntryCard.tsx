import { Pencil, Sparkles, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { JournalEntry } from '~/web/data/journal'
import { HelpCard } from '~/web/olo/HelpCard'
import { entryDay } from './entry-day'
import { Highlighted } from './Highlighted'

const ACTION =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-mist transition-colors hover:bg-white/10 hover:text-white disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none'

/** An entry longer than this shows its first lines, and the rest on request. */
const LONG_ENTRY = 480

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })

/** The address of an entry's reflection with Olo. */
const reflectAddress = (entryId: string) => `/journal/${entryId}/reflect`

/**
 * One entry as the journal lists it (docs/product.md#journal): its title or day, what was written (or, in a search, the
 * part around the words found, marked), Olo's reflection when it has one, and what can be done with it. After a save
 * that sounded like a crisis, the help shows beneath it.
 */
export function EntryCard({
  entry,
  excerpt,
  words = [],
  help,
  canEdit,
  onEdit,
  onDelete,
  notice = null,
}: {
  entry: JournalEntry
  /** When a model answers as Olo, the one line under Reflect with Olo saying the entry will be sent to it. */
  notice?: string | null
  /** In a search: the part of the entry around the first word found. */
  excerpt?: string
  words?: readonly string[]
  /** This entry's save sounded like a crisis: the help card shows beneath it. */
  help: boolean
  canEdit: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const headingId = useId()
  const bodyId = useId()
  const noticeId = useId()
  const [open, setOpen] = useState(false)
  const day = entryDay(entry.localDate)
  const time = timeFormat.format(new Date(entry.createdAt))
  const long = excerpt === undefined && entry.body.length > LONG_ENTRY

  return (
    <article id={`entry-${entry.id}`} tabIndex={-1} aria-labelledby={headingId} className="rounded-3xl border border-white/10 bg-night-soft/80 p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-glow sm:p-6">
      {/* An entry without a title is named by its day, which then isn't said twice. */}
      <p className="text-xs font-medium tracking-wide text-mist uppercase">
        <time dateTime={entry.createdAt}>{entry.title ? `${day} · ${time}` : time}</time>
      </p>
      <h3 id={headingId} className="mt-1 text-xl font-semibold text-white">
        {entry.title ? <Highlighted text={entry.title} words={words} /> : day}
      </h3>
      {entry.prompt && <p className="mt-2 border-l-2 border-dawn/50 pl-3 text-sm text-mist italic">{entry.prompt}</p>}
      <p id={bodyId} className={`mt-3 leading-relaxed break-words whitespace-pre-wrap text-white/90 ${long && !open ? 'line-clamp-6' : ''}`}>
        {excerpt !== undefined ? <Highlighted text={excerpt} words={words} /> : entry.body}
      </p>
      {long && (
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)} className="mt-1 -ml-3 min-h-11 rounded-full px-3 text-sm font-medium text-glow hover:bg-white/10">
          {open ? 'Show less' : 'Read all'}
        </button>
      )}

      {entry.reflection && (
        <section aria-labelledby={`${headingId}-reflection`} className="mt-4 rounded-2xl border border-glow/25 bg-glow/10 p-4">
          <h4 id={`${headingId}-reflection`} className="flex items-center gap-2 text-sm font-semibold text-white">
            <Sparkles aria-hidden="true" className="size-4 text-glow" />
            Olo&apos;s reflection
          </h4>
          <p className="mt-2 leading-relaxed text-white/90">{entry.reflection.reflection}</p>
          {entry.reflection.suggested_practice && <p className="mt-2 text-sm text-mist">A practice to try: {practiceName(entry.reflection.suggested_practice)}</p>}
        </section>
      )}

      <div className="mt-4 -mx-2 flex flex-wrap items-center justify-between gap-y-1">
        <Link to={reflectAddress(entry.id)} aria-describedby={notice ? noticeId : undefined} className="inline-flex min-h-11 items-center gap-2 rounded-full px-2 text-sm font-semibold text-dawn transition-colors hover:bg-dawn/10 motion-reduce:transition-none">
          <Sparkles aria-hidden="true" className="size-4" />
          Reflect with Olo
        </Link>
        <div className="flex">
          <button type="button" disabled={!canEdit} onClick={onEdit} aria-describedby={headingId} className={ACTION}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          <button type="button" onClick={onDelete} aria-describedby={headingId} className={ACTION}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </div>
      {notice && (
        <p id={noticeId} className="mt-1 text-xs text-mist">
          {notice}
        </p>
      )}

      {help && (
        <div className="mt-4 transition-opacity duration-700 motion-reduce:transition-none starting:opacity-0">
          <HelpCard />
        </div>
      )}
    </article>
  )
}

/** A practice by its key, as a sentence says it: 'breathing' becomes 'Breathing'. */
function practiceName(key: string) {
  return key.charAt(0).toUpperCase() + key.slice(1).replace(/[-_]/g, ' ')
}
