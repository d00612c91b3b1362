/**
 * Reflect with Olo (docs/product.md#journal, docs/decisions/0035): a conversation of the `reflection` kind about one of the member's journal
 * entries, on the one engine. The entry reaches the guide only through the engine, at each turn of a reflection the
 * member began (readReflectionSubject), and the reflection is kept with the entry when the conversation finishes.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { ReflectionResult } from '~/core/olo'
import type { Db, Tx } from '../../db/client'
import { conversationScripts, conversations, journalEntries } from '../../db/schema'
import { ApiError } from '../../http'
import { practicesOfMemberPath } from '../../members/path'
import type { Olo } from '../../olo/engine'
import type { FinisherEntry } from '../../olo/finish'
import type { ReflectionSubject } from '../../olo/guide'
import { isCrisisMessage } from '../../olo/safety'
import { REFLECTION_SCRIPT_KEY } from '../../olo/scripts'

/** How much of the entry the reflection screen shows above the chat: a reminder, not the whole entry. */
const EXCERPT_CHARS = 600

const NOT_FOUND = 'We could not find that journal entry.'

/** The crisis check reads an entry as it reads a message (docs/product.md#safety). */
const readsAsCrisis = (entry: { title: string | null; body: string; crisis: boolean }) => entry.crisis || isCrisisMessage([entry.title ?? '', entry.body].join('\n'))

async function ownedEntry(db: Db | Tx, userId: string, entryId: string) {
  const [entry] = await db
    .select({
      id: journalEntries.id,
      title: journalEntries.title,
      body: journalEntries.body,
      localDate: journalEntries.localDate,
      crisis: journalEntries.crisis,
      reflection: journalEntries.reflection,
      reflectedAt: journalEntries.reflectedAt,
    })
    .from(journalEntries)
    .where(and(eq(journalEntries.id, entryId), eq(journalEntries.userId, userId)))
  if (!entry) throw new ApiError('NOT_FOUND', NOT_FOUND)
  return entry
}

/** The member's latest reflection on the entry, an open one first: the one a visit resumes. */
async function latestReflection(db: Db | Tx, userId: string, entryId: string) {
  const [conversation] = await db
    .select({ id: conversations.id, status: conversations.status })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.kind, 'reflection'), eq(conversations.subject, entryId)))
    .orderBy(sql`${conversations.status} = 'open' desc`, desc(conversations.createdAt))
    .limit(1)
  return conversation
}

/**
 * What the reflection screen shows: the entry in brief, the latest reflection conversation on it, the reflection kept
 * with it and the practice it suggests on the member's path; the help when the entry reads as a crisis. 404 for
 * anyone but the entry's owner.
 */
export async function reflectionView(db: Db | Tx, userId: string, entryId: string) {
  const [entry, conversation, practices] = await Promise.all([ownedEntry(db, userId, entryId), latestReflection(db, userId, entryId), practicesOfMemberPath(db, userId)])
  const suggested = entry.reflection?.suggested_practice
  const practice = practices.find((candidate) => candidate.key === suggested)
  return {
    entry: {
      id: entry.id,
      title: entry.title,
      excerpt: entry.body.length > EXCERPT_CHARS ? `${entry.body.slice(0, EXCERPT_CHARS).trimEnd()}…` : entry.body,
      localDate: entry.localDate,
    },
    conversation: conversation ? { id: conversation.id, finished: conversation.status === 'finished' } : null,
    reflection: entry.reflection?.reflection ?? null,
    reflectedAt: entry.reflectedAt?.toISOString() ?? null,
    practice: practice ? { number: practice.number, name: practice.name } : null,
    /** The entry reads as a crisis: the help card shows under it (docs/product.md#help-card). */
    help: readsAsCrisis(entry),
  }
}

/**
 * Starts a reflection on the member's entry, or resumes the one still open on it. Two tabs opening it at once start
 * one conversation: the member's reflections start one at a time.
 */
export async function startOrResumeReflection(db: Db, olo: Olo, userId: string, entryId: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reflection:${userId}`}))`)
    const view = await reflectionView(tx, userId, entryId)
    if (view.conversation && !view.conversation.finished) return { started: false, view }
    const [script] = await tx.select({ id: conversationScripts.id }).from(conversationScripts).where(eq(conversationScripts.key, REFLECTION_SCRIPT_KEY))
    if (!script) throw new ApiError('NOT_FOUND', 'No conversation script available for a reflection.')
    const id = await olo.open(tx, { userId, kind: 'reflection', scriptId: script.id, subject: entryId })
    return { started: true, view: { ...view, conversation: { id, finished: false } } }
  })
}

/**
 * What the engine gives the guide at each turn of a reflection: the entry as it is now and the practices of the
 * member's path; undefined once the entry is gone. An entry that reads as a crisis is withheld from the guide, as a
 * crisis message is (docs/product.md#safety).
 */
export async function readReflectionSubject(db: Db, { userId, subject }: { userId: string; subject: string | null }): Promise<ReflectionSubject | undefined> {
  if (!subject) return undefined
  const [[entry], practices] = await Promise.all([
    db
      .select({ title: journalEntries.title, body: journalEntries.body, prompt: journalEntries.prompt, crisis: journalEntries.crisis })
      .from(journalEntries)
      .where(and(eq(journalEntries.id, subject), eq(journalEntries.userId, userId))),
    practicesOfMemberPath(db, userId),
  ])
  if (!entry) return undefined
  return { entry: readsAsCrisis(entry) ? null : { title: entry.title, body: entry.body, prompt: entry.prompt }, practices: practices.map(({ key, name, description }) => ({ key, name, description })) }
}

/**
 * docs/product.md#journal, in the engine's finishing transaction: the reflection is kept with its entry, its practice
 * only when it is one of the member's path (a model may name another), and the conversation's result says the same.
 * An entry deleted meanwhile keeps nothing.
 */
export const reflectionFinisher: FinisherEntry<'reflection'> = {
  failureMessage: 'Failed to save your reflection. Please try again.',
  async save(tx, { userId, conversationId, result }) {
    const [conversation] = await tx.select({ subject: conversations.subject }).from(conversations).where(eq(conversations.id, conversationId))
    if (!conversation?.subject) throw new Error('A reflection has no journal entry.')
    const practices = await practicesOfMemberPath(tx, userId)
    const kept: ReflectionResult = {
      reflection: result.reflection,
      suggested_practice: practices.some((practice) => practice.key === result.suggested_practice) ? result.suggested_practice : null,
    }
    if (kept.suggested_practice !== result.suggested_practice) await tx.update(conversations).set({ result: kept }).where(eq(conversations.id, conversationId))
    await tx
      .update(journalEntries)
      .set({ reflection: kept, reflectedAt: new Date() })
      .where(and(eq(journalEntries.id, conversation.subject), eq(journalEntries.userId, userId)))
  },
}
