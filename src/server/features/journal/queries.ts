import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { choosePrompt, excerptAround, JOURNAL_LIMITS, searchWords, type JournalPrompt } from '~/core/journal'
import { localDateOf, weekStartOf } from '~/core/weekly'
import type { Db } from '../../db/client'
import { journalEntries, weeklyDimensionPriorities, weeklyRecaps } from '../../db/schema'
import { ApiError } from '../../http'

const NOT_FOUND = 'We could not find that journal entry.'

const entryColumns = {
  id: journalEntries.id,
  title: journalEntries.title,
  body: journalEntries.body,
  prompt: journalEntries.prompt,
  localDate: journalEntries.localDate,
  reflection: journalEntries.reflection,
  reflectedAt: journalEntries.reflectedAt,
  createdAt: journalEntries.createdAt,
  updatedAt: journalEntries.updatedAt,
}

type EntryRow = Pick<typeof journalEntries.$inferSelect, keyof typeof entryColumns>

function toEntry({ createdAt, updatedAt, reflectedAt, ...row }: EntryRow) {
  return { ...row, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), reflectedAt: reflectedAt?.toISOString() ?? null }
}

/**
 * Where the next page starts: the last entry's creation time to the microsecond, as PostgreSQL keeps it (a JavaScript
 * date keeps milliseconds, which would skip or repeat entries made within one), and its id.
 */
const cursorOf = sql<string>`to_char(${journalEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${journalEntries.id}`
const JOURNAL_CURSOR = /^([1-9]\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

/** A cursor this server could have written: its shape, and a time that exists (no 13th month, no 25th hour), so the database never has to refuse it. */
export function isJournalCursor(value: string): boolean {
  const parts = JOURNAL_CURSOR.exec(value)
  if (!parts) return false
  const at = new Date(`${parts[1]}Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 19) === parts[1]
}

/**
 * What the crisis check of the chats reads of an entry (docs/product.md#journal): the title and the text as one, so a
 * thought that runs from one into the other is heard.
 */
export function writtenText(entry: { title: string | null; body: string }) {
  return entry.title ? `${entry.title}.\n${entry.body}` : entry.body
}

/**
 * A new entry, stored as written under the id the device chose; the same id sent again (a save whose answer was lost)
 * stores nothing more and answers with the entry as it was kept. Another member's id is refused without saying whose.
 */
export async function createEntry(
  db: Db,
  userId: string,
  entry: { id: string; title: string | null; body: string; prompt: string | null; timeZone: string },
  now = new Date(),
) {
  const [inserted] = await db
    .insert(journalEntries)
    .values({ id: entry.id, userId, title: entry.title, body: entry.body, prompt: entry.prompt, localDate: localDateOf(now, entry.timeZone), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: journalEntries.id })
    .returning(entryColumns)
  if (inserted) return { entry: toEntry(inserted), created: true }
  const [kept] = await db
    .select(entryColumns)
    .from(journalEntries)
    .where(and(eq(journalEntries.id, entry.id), eq(journalEntries.userId, userId)))
  if (!kept) throw new ApiError('CONFLICT', 'That entry id is already taken. Please try again.')
  return { entry: toEntry(kept), created: false }
}

/**
 * Marks an entry whose words sounded like a crisis to the crisis reader (docs/decisions/0051), or clears the mark when
 * changed words no longer do, so that no model is sent it. Answers whether it sounds like one.
 */
export async function markCrisis(db: Db, userId: string, id: string, crisis: boolean) {
  await db
    .update(journalEntries)
    .set({ crisis })
    .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId), ne(journalEntries.crisis, crisis)))
  return crisis
}

/** What was written, changed; the prompt and the day it was written stay. */
export async function editEntry(db: Db, userId: string, id: string, edit: { title: string | null; body: string }) {
  const [row] = await db
    .update(journalEntries)
    .set({ title: edit.title, body: edit.body, updatedAt: new Date() })
    .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId)))
    .returning(entryColumns)
  if (!row) throw new ApiError('NOT_FOUND', NOT_FOUND)
  return toEntry(row)
}

export async function deleteEntry(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(journalEntries)
    .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId)))
    .returning({ id: journalEntries.id })
  if (!row) throw new ApiError('NOT_FOUND', NOT_FOUND)
  return row
}

/** One page of the member's entries, newest first, and where the next begins (null after the last). */
export async function entriesPage(db: Db, userId: string, before: string | undefined) {
  const cursor = before ? JOURNAL_CURSOR.exec(before) : null
  const createdBefore = cursor ? `${cursor[1]}${cursor[2]}` : null
  const rows = await db
    .select({ ...entryColumns, cursor: cursorOf })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.userId, userId),
        cursor ? sql`(${journalEntries.createdAt}, ${journalEntries.id}) < (${createdBefore}::timestamptz, ${cursor[3]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(JOURNAL_LIMITS.pageSize + 1)
  const page = rows.slice(0, JOURNAL_LIMITS.pageSize)
  return {
    entries: page.map(({ cursor: _, ...row }) => toEntry(row)),
    next: rows.length > JOURNAL_LIMITS.pageSize ? (page.at(-1)?.cursor ?? null) : null,
  }
}

/**
 * The member's entries holding the searched words, newest first (PostgreSQL's full-text search in English, so
 * 'walking' finds 'walked'), each with the part of its text around the first word found. What is highlighted is left
 * to the screen, as text (docs/product.md#journal).
 */
export async function searchEntries(db: Db, userId: string, q: string) {
  const query = sql`websearch_to_tsquery('english', ${q})`
  const rows = await db
    .select(entryColumns)
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), sql`${journalEntries.search} @@ ${query}`))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(JOURNAL_LIMITS.searchResults)
  const words = searchWords(q)
  return rows.map((row) => ({ ...toEntry(row), excerpt: excerptAround(row.body, words) }))
}

/**
 * Today's prompt (docs/product.md#journal): the same all day for one member, leaning towards the top priority of this
 * week's recap when it has one. The priority comes along, so the editor can offer another prompt without asking again.
 */
export async function todaysPrompt(db: Db, userId: string, timeZone: string, now = new Date()): Promise<{ prompt: JournalPrompt; priority: JournalPrompt['dimension'] | null }> {
  const [top] = await db
    .select({ dimension: weeklyDimensionPriorities.dimension })
    .from(weeklyDimensionPriorities)
    .innerJoin(weeklyRecaps, eq(weeklyRecaps.id, weeklyDimensionPriorities.recapId))
    .where(and(eq(weeklyRecaps.userId, userId), eq(weeklyRecaps.weekStart, weekStartOf(now, timeZone)), eq(weeklyDimensionPriorities.rank, 1)))
  const priority = top?.dimension ?? null
  return { prompt: choosePrompt(priority, [], seededRandom(`${userId}:${localDateOf(now, timeZone)}`)), priority }
}

/** A repeatable stream of numbers in [0, 1) from a seed (FNV-1a, then mulberry32): the same day gives the same prompt. */
function seededRandom(seed: string): () => number {
  let state = 2166136261
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
