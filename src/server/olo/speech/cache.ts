import { createHash } from 'node:crypto'
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { speechCache } from '../../db/schema'
import type { Speech } from './providers'

/**
 * How long a recording is kept. A line is replayed within days (a reloaded chat, a threshold reopened), and audio of a
 * member's words (a greeting holds their intention or goal) should not outlive its use by much.
 */
export const SPEECH_CACHE_DAYS = 30
const MAX_AGE_MS = SPEECH_CACHE_DAYS * 24 * 60 * 60_000

/**
 * A recording's key: the member, the voice and the words. Each member has recordings of their own, so that hearing a
 * line at once never tells anyone that somebody else was read the same words.
 */
export function recordingKey(userId: string, voice: { provider: string; voiceId: string; model: string }, text: string) {
  return createHash('sha256').update(JSON.stringify([userId, voice.provider, voice.voiceId, voice.model, text])).digest('hex')
}

/** The member's recording under this key, unless it is older than the cache keeps. */
export async function findRecording(db: Db, userId: string, hash: string) {
  const [found] = await db
    .select({ contentType: speechCache.contentType, audio: speechCache.audio })
    .from(speechCache)
    .where(and(eq(speechCache.hash, hash), eq(speechCache.userId, userId), gt(speechCache.createdAt, new Date(Date.now() - MAX_AGE_MS))))
  return found
}

/** Keeps a new recording; one made again after the old one expired replaces it, and starts its age again. */
export async function keepRecording(db: Db, { hash, userId, speech }: { hash: string; userId: string; speech: Speech }) {
  const recording = { contentType: speech.contentType, audio: speech.audio, bytes: speech.audio.byteLength }
  await db
    .insert(speechCache)
    .values({ hash, userId, ...recording })
    .onConflictDoUpdate({ target: speechCache.hash, set: { ...recording, createdAt: sql`now()` } })
}

/**
 * Deletes the recordings older than SPEECH_CACHE_DAYS and, past `maxBytes` in all, the oldest ones until the newest
 * fit. One statement that sums the `bytes` column and never reads the audio, which PostgreSQL keeps out of the row; it
 * runs after each new recording, which has just waited for a voice provider, so its cost goes unnoticed.
 */
export async function evictRecordings(db: Db, maxBytes: number) {
  const newestFirst = db
    .select({
      hash: speechCache.hash,
      upToHere: sql<number>`sum(${speechCache.bytes}) over (order by ${speechCache.createdAt} desc, ${speechCache.hash})`.as('up_to_here'),
    })
    .from(speechCache)
    .as('newest_first')
  await db
    .delete(speechCache)
    .where(
      or(
        lt(speechCache.createdAt, new Date(Date.now() - MAX_AGE_MS)),
        inArray(speechCache.hash, db.select({ hash: newestFirst.hash }).from(newestFirst).where(gt(newestFirst.upToHere, maxBytes))),
      ),
    )
}
