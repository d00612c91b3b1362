import { Hono } from 'hono'
import { z } from 'zod'
import { JOURNAL_LIMITS, journalEditSchema, journalSearchSchema, newJournalEntrySchema } from '~/core/journal'
import { timeZoneSchema } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { enforceRateLimit } from '../../rate-limit'
import type { CrisisReader } from '../../olo/crisis-reader'
import { createEntry, deleteEntry, editEntry, entriesPage, isJournalCursor, markCrisis, searchEntries, todaysPrompt, writtenText } from './queries'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const entryParam = z.object({ id: z.uuid('That is not a journal entry id.') })
const pageQuery = z.object({ before: z.string().max(80).refine(isJournalCursor, 'That is not a page of the journal.').optional() })
const promptQuery = z.object({ timeZone: timeZoneSchema })

const TOO_MANY = 'You have saved a lot in your journal just now. Please try again later.'

/** Every save counts against the hour; a new entry against the day as well (docs/decisions/0034). */
async function countWrite(db: Db, userId: string, newEntry = false) {
  await enforceRateLimit(db, `journal-writes:${userId}`, JOURNAL_LIMITS.writesPerHour, HOUR, TOO_MANY)
  if (newEntry) await enforceRateLimit(db, `journal-entries:${userId}`, JOURNAL_LIMITS.entriesPerDay, DAY, 'You have written a lot of entries today. Please try again tomorrow.')
}

/**
 * /api/journal (docs/product.md#journal): the member's entries a page at a time, search, today's prompt, and saving,
 * editing and deleting an entry. A save says whether what was written sounds like a crisis, so the help shows under it;
 * it is asked once the entry is stored, so a slow second reader never costs what was written.
 */
export function journalRoutes({ db, crisis }: { db: Db; crisis: CrisisReader }) {
  const heard = async (userId: string, entry: { id: string; title: string | null; body: string }) =>
    markCrisis(db, userId, entry.id, await crisis.message(userId, writtenText(entry)))
  return new Hono<AppEnv>()
    .get('/', validate('query', pageQuery), async (c) => c.json(await entriesPage(db, c.get('user').id, c.req.valid('query').before)))
    .get('/search', validate('query', journalSearchSchema), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `journal-searches:${userId}`, JOURNAL_LIMITS.searchesPerMinute, MINUTE, 'You have searched a lot just now. Please wait a minute and try again.')
      return c.json({ entries: await searchEntries(db, userId, c.req.valid('query').q) })
    })
    .get('/prompt', validate('query', promptQuery), async (c) => c.json(await todaysPrompt(db, c.get('user').id, c.req.valid('query').timeZone)))
    .post('/', validate('json', newJournalEntrySchema), async (c) => {
      const userId = c.get('user').id
      await countWrite(db, userId, true)
      const saved = await createEntry(db, userId, c.req.valid('json'))
      return c.json({ entry: saved.entry, crisis: await heard(userId, saved.entry) }, saved.created ? 201 : 200)
    })
    .patch('/:id', validate('param', entryParam), validate('json', journalEditSchema), async (c) => {
      const userId = c.get('user').id
      await countWrite(db, userId)
      const entry = await editEntry(db, userId, c.req.valid('param').id, c.req.valid('json'))
      return c.json({ entry, crisis: await heard(userId, entry) })
    })
    .delete('/:id', validate('param', entryParam), async (c) => {
      const userId = c.get('user').id
      await countWrite(db, userId)
      return c.json({ deleted: await deleteEntry(db, userId, c.req.valid('param').id) })
    })
}
