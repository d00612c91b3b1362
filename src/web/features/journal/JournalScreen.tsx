import { BookOpen, CloudOff, Plus, Search } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { searchWords } from '~/core/journal'
import { ApiRequestError } from '~/web/api'
import { useLeaveGuard } from '~/web/app/leave-guard'
import { useSession } from '~/web/app/session'
import { journalDrafts, journalPromptQuery, useDeleteEntry, useJournal, useJournalSearch, useSaveEntry, useTodaysPrompt, type JournalDraft, type JournalEntry } from '~/web/data/journal'
import { useReflectionNotice, useSafetyReaderNotice } from '~/web/data/status'
import { unsentOutcome } from '~/web/lib/device-storage'
import { useOnline } from '~/web/lib/online'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { LoadingShapes } from '~/web/ui/LoadingShapes'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { MenuPage } from '~/web/ui/MenuPage'
import { ConfirmDialog } from './ConfirmDialog'
import { EntryCard } from './EntryCard'
import { JournalEditor } from './JournalEditor'

/** How long typing rests before the search asks. */
const SEARCH_PAUSE_MS = 300

/** `focusNext` for the New entry button rather than an entry. */
const NEW_ENTRY = 'new-entry'

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The journal (docs/product.md#journal), for the signed-in member; the shell lets nobody else here. */
export default function JournalScreen() {
  const { data: user } = useSession()
  if (!user) return null
  return <Journal userId={user.id} />
}

/** Whether the editor holds words the server doesn't have yet. */
function unsaved(draft: JournalDraft | null, original: JournalEntry | undefined) {
  if (!draft) return false
  if (!draft.editing) return draft.body.trim() !== '' || draft.title.trim() !== ''
  return !original || draft.body !== original.body || draft.title !== (original.title ?? '')
}

function Journal({ userId }: { userId: string }) {
  const online = useOnline()
  const journal = useJournal()
  const prompt = useTodaysPrompt()
  const save = useSaveEntry()
  const remove = useDeleteEntry()
  const queryClient = useQueryClient()
  const [searchParams] = useSearchParams()
  // A draft left on the device (a reload, a crash, a tab closed) opens as it was; /journal?write, as a hard day's
  // check-in links it (docs/decisions/0055), opens a blank page at once, without the day's prompt.
  const [kept] = useState(() => journalDrafts.read(userId))
  const [draft, setDraft] = useState<JournalDraft | null>(() =>
    kept ?? (searchParams.has('write') ? { id: crypto.randomUUID(), editing: false, title: '', body: '', prompt: null, saveWhenOnline: false } : null),
  )
  // The draft as it is now, for a save that ends after the member wrote on.
  const latestDraft = useRef(draft)
  const restored = kept !== null
  const [problem, setProblem] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<JournalEntry | null>(null)
  const [discarding, setDiscarding] = useState(false)
  const [crisisEntry, setCrisisEntry] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState('')
  const newEntryRef = useRef<HTMLButtonElement>(null)
  // Where the focus goes once the screen has drawn it: a saved entry by its id, or the New entry button.
  const [focusNext, setFocusNext] = useState<string | null>(null)

  const entries = journal.data?.pages.flatMap((page) => page.entries) ?? []
  const original = draft?.editing ? entries.find((entry) => entry.id === draft.id) : undefined
  const dirty = unsaved(draft, original)

  useEffect(() => {
    if (focusNext === null) return
    const target = focusNext === NEW_ENTRY ? newEntryRef.current : document.getElementById(`entry-${focusNext}`)
    if (!target) return
    target.focus()
    setFocusNext(null)
    // Again whenever what is drawn changes: the list, the editor, the search.
  }, [focusNext, journal.data, draft, query])

  // /journal?entry=<id>, as the Calendar links a day's entry: older pages load until it is there, then it takes the focus.
  const [linkedEntry, setLinkedEntry] = useState(() => searchParams.get('entry'))
  const linkedShown = linkedEntry !== null && entries.some((entry) => entry.id === linkedEntry)
  if (linkedEntry !== null && journal.data && (linkedShown || !journal.hasNextPage)) {
    setLinkedEntry(null)
    if (linkedShown) setFocusNext(linkedEntry)
  }
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = journal
  const olderWanted = linkedEntry !== null && journal.data !== undefined && !linkedShown && hasNextPage && !isFetchingNextPage
  useEffect(() => {
    if (olderWanted) void fetchNextPage()
  }, [olderWanted, fetchNextPage])

  useEffect(() => {
    const pause = setTimeout(() => setQuery(typed), SEARCH_PAUSE_MS)
    return () => clearTimeout(pause)
  }, [typed])

  // Leaving with unsaved words asks first: another screen of the app, and closing or reloading the tab.
  const leaveGuard = useLeaveGuard(dirty)
  useEffect(() => {
    if (!dirty) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])

  function change(next: JournalDraft | null) {
    latestDraft.current = next
    setDraft(next)
    setProblem(null)
    if (next) journalDrafts.keep(userId, next)
    else journalDrafts.forget(userId)
  }

  async function startNew() {
    // Today's prompt is asked for as the screen opens; a tap before it arrives waits for it, and opens without one if it
    // can't come, at once without a connection.
    const today = prompt.data ?? (online ? await queryClient.ensureQueryData(journalPromptQuery).catch(() => null) : null)
    change({ id: crypto.randomUUID(), editing: false, title: '', body: '', prompt: today?.prompt.text ?? null, saveWhenOnline: false })
  }

  function startEdit(entry: JournalEntry) {
    change({ id: entry.id, editing: true, title: entry.title ?? '', body: entry.body, prompt: entry.prompt, saveWhenOnline: false })
    window.scrollTo({ top: 0 })
  }

  function close() {
    change(null)
    // The editor took the place of the button, which takes the focus back once it is there again.
    setFocusNext(NEW_ENTRY)
  }

  /** Without a connection a saved entry stays on the device, marked to be saved once the connection is back. */
  function keepUntilOnline() {
    if (latestDraft.current) change({ ...latestDraft.current, saveWhenOnline: true })
  }

  function submit() {
    if (!draft) return
    if (!online) return keepUntilOnline()
    const sent = draft
    save.mutate(sent, {
      onSuccess: ({ entry, crisis }) => {
        setCrisisEntry(crisis ? entry.id : null)
        setAnnouncement('Your entry is saved.')
        const now = latestDraft.current
        if (now?.id === sent.id && (now.body !== sent.body || now.title !== sent.title)) {
          // Written on while it was being saved (the connection came back mid-sentence): the words stay, as an edit of
          // the saved entry.
          change({ ...now, editing: true, saveWhenOnline: false })
          return
        }
        change(null)
        setFocusNext(entry.id)
      },
      onError: (error) => {
        const status = error instanceof ApiRequestError ? error.status : undefined
        // The connection went as it was sent: it is saved once the connection is back, as if saved offline.
        if (status === undefined && !navigator.onLine) return keepUntilOnline()
        // The server will never take it as it is: it waits for the member rather than for the connection.
        if (unsentOutcome(status) === 'refused' && latestDraft.current) change({ ...latestDraft.current, saveWhenOnline: false })
        setProblem(
          status !== undefined && status >= 400 && status < 500 ? error.message : "We couldn't save your entry just now. It is kept on this device; please try again.",
        )
      },
    })
  }

  // An entry saved without a connection is saved once there is one: as the connection comes back, and on the next
  // visit (docs/decisions/0048). Its id was chosen with the draft, so however often it is sent it is stored once.
  const saveKept = useEffectEvent(() => {
    if (draft?.saveWhenOnline && !save.isPending) submit()
  })
  useEffect(() => {
    if (online) saveKept()
  }, [online])

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null)
        setAnnouncement('The entry is deleted.')
        setFocusNext(NEW_ENTRY)
      },
    })
  }

  const reflectionNotice = useReflectionNotice()
  const safetyReader = useSafetyReaderNotice()
  const card = (entry: JournalEntry, search?: { excerpt: string; words: readonly string[] }) => (
    <EntryCard
      entry={entry}
      excerpt={search?.excerpt}
      words={search?.words}
      help={crisisEntry === entry.id}
      canEdit={draft === null}
      onEdit={() => startEdit(entry)}
      onDelete={() => setDeleting(entry)}
      notice={reflectionNotice}
    />
  )

  return (
    <MenuPage>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Journal</h1>
          <p className="mt-2 text-mist">A private place to write. Only you can read it.</p>
        </div>
        {!draft && (
          <button ref={newEntryRef} type="button" onClick={() => void startNew()} className={`${PRIMARY_BUTTON} w-full sm:w-auto`}>
            <Plus aria-hidden="true" className="size-5" />
            New entry
          </button>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {draft && (
        <>
          {restored && draft.body !== '' && <p className="mt-4 text-sm text-mist">Your draft was kept on this device; here it is.</p>}
          <JournalEditor
            key={draft.id}
            draft={draft}
            prompt={prompt.data}
            saving={save.isPending}
            online={online}
            problem={problem}
            safetyReader={safetyReader}
            onChange={change}
            onSave={submit}
            onCancel={() => (dirty ? setDiscarding(true) : close())}
          />
        </>
      )}

      <SearchBox value={typed} onChange={setTyped} />

      {query.trim() !== '' ? (
        <SearchResults query={query} card={card} />
      ) : !journal.data && !online ? (
        <NeedsConnection>Your journal needs a connection to load. What you write now is kept on this device and saved once you are back online.</NeedsConnection>
      ) : journal.isPending ? (
        <LoadingShapes label="Loading your journal...">
          <div className="mt-8 space-y-4">
            <div className="h-40 rounded-3xl bg-white/5" />
            <div className="h-40 rounded-3xl bg-white/5" />
          </div>
        </LoadingShapes>
      ) : !journal.data ? (
        <LoadRetry what="your journal" query={journal} />
      ) : entries.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Months entries={entries} card={card} />
          {journal.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <button type="button" disabled={journal.isFetchingNextPage || !online} onClick={() => void journal.fetchNextPage()} className={SECONDARY_BUTTON}>
                {!online ? 'Older entries need a connection' : journal.isFetchingNextPage ? 'Loading older entries...' : 'Show older entries'}
              </button>
            </div>
          )}
        </>
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete this entry?"
          cancel="Cancel"
          confirm={remove.isPending ? 'Deleting...' : 'Delete entry'}
          busy={remove.isPending}
          ready={online}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        >
          {!online
            ? 'Deleting needs a connection. You can delete it once you are back online.'
            : remove.isError
              ? "We couldn't delete it just now. Please try again."
              : 'It is gone for good: this cannot be undone.'}
        </ConfirmDialog>
      )}
      {discarding && (
        <ConfirmDialog
          title="Discard this draft?"
          cancel="Keep writing"
          confirm="Discard"
          onCancel={() => setDiscarding(false)}
          onConfirm={() => {
            setDiscarding(false)
            close()
          }}
        >
          What you wrote since the last save will be gone.
        </ConfirmDialog>
      )}
      {leaveGuard.asking && (
        <ConfirmDialog title="Leave without saving?" cancel="Stay" confirm="Leave" onCancel={leaveGuard.stay} onConfirm={leaveGuard.leave}>
          Your entry isn&apos;t saved yet. It stays on this device as a draft, and opens again when you come back.
        </ConfirmDialog>
      )}
    </MenuPage>
  )
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const inputId = useId()
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="mt-8">
      <label htmlFor={inputId} className="sr-only">
        Search your journal
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-mist" />
        <input
          id={inputId}
          type="search"
          value={value}
          maxLength={200}
          placeholder="Search your journal"
          onChange={(event) => onChange(event.target.value)}
          className="min-h-12 w-full rounded-full border border-white/15 bg-night-soft/80 py-3 pr-4 pl-12 text-white placeholder:text-mist/70 focus:border-glow"
        />
      </div>
    </form>
  )
}

type Card = (entry: JournalEntry, search?: { excerpt: string; words: readonly string[] }) => ReactNode

function SearchResults({ query, card }: { query: string; card: Card }) {
  const results = useJournalSearch(query)
  const words = searchWords(query)
  const online = useOnline()
  // The search runs on the server: without a connection it says so, and searches by itself once the connection is back.
  if (!online && (!results.data || results.isPlaceholderData || results.isError)) {
    return <NeedsConnection>Searching your journal needs a connection. It will search as soon as you are back online.</NeedsConnection>
  }
  if (results.isError) return <LoadRetry what="your search" query={results} />
  if (!results.data) {
    return (
      <p role="status" className="mt-8 text-center text-mist">
        Searching...
      </p>
    )
  }
  const count = results.data.length
  return (
    <div className="mt-6">
      <h2 className="sr-only">Search results</h2>
      <p role="status" className="text-sm text-mist">
        {count === 0 ? `Nothing in your journal matches “${query.trim()}”.` : `${count === 1 ? 'One entry' : `${count} entries`} found.`}
      </p>
      <ul className="mt-4 space-y-4">
        {results.data.map(({ excerpt, ...entry }) => (
          <li key={entry.id}>{card(entry, { excerpt, words })}</li>
        ))}
      </ul>
    </div>
  )
}

/** The entries by the month they were written in, newest first, as they came. */
function Months({ entries, card }: { entries: JournalEntry[]; card: Card }) {
  const months: { key: string; entries: JournalEntry[] }[] = []
  for (const entry of entries) {
    const key = entry.localDate.slice(0, 7)
    const last = months.at(-1)
    if (last?.key === key) last.entries.push(entry)
    else months.push({ key, entries: [entry] })
  }
  return (
    <div className="mt-6 space-y-8">
      {months.map((month) => (
        // Not a landmark of its own, so the list reads as one list of months.
        <div key={month.key}>
          <h2 className="text-sm font-medium tracking-widest text-mist uppercase">
            {monthFormat.format(new Date(`${month.key}-15T12:00:00Z`))}
          </h2>
          <ul className="mt-3 space-y-4">
            {month.entries.map((entry) => (
              <li key={entry.id}>{card(entry)}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

/** What can't be done without a connection, said where it would have been (docs/decisions/0048). */
function NeedsConnection({ children }: { children: string }) {
  return (
    <p role="status" className="mt-8 flex items-start gap-3 rounded-3xl border border-white/10 bg-night-soft/80 p-6 text-white">
      <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-dawn" />
      {children}
    </p>
  )
}

function Empty() {
  return (
    <div className="mt-8 rounded-3xl border border-dashed border-white/15 px-6 py-10 text-center">
      <BookOpen aria-hidden="true" className="mx-auto size-8 text-dawn" />
      <h2 className="mt-3 text-xl font-semibold text-white">Nothing written yet</h2>
      <p className="mx-auto mt-2 max-w-md">Start with today&apos;s prompt, or with whatever is on your mind. A few lines are plenty.</p>
    </div>
  )
}
