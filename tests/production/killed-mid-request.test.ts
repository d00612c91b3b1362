import { describe, expect, it } from 'vitest'
import { ALL_WRITTEN, holdPracticeCompletion, NOTHING_WRITTEN } from './support/held-write'
import { json, newAuthSecret, startLumin, Visitor } from './support/lumin'
import { startMailbox } from './support/mailbox'
import { freshDatabase } from './support/postgres'

/**
 * A server process killed in the middle of a multi-row write leaves nothing half-written
 * (docs/product.md#nothing-half-written).
 */
const database = await freshDatabase('killed')
const mailbox = await startMailbox()
const env = { NODE_ENV: 'production', AUTH_SECRET: newAuthSecret(), SMTP_URL: mailbox.url, DATABASE_URL: database.url }

describe('a process killed mid-request', () => {
  it('leaves none of the rows of a practice completion, and a new process completes it whole', async () => {
    const first = await startLumin(env)
    const visitor = new Visitor('198.51.100.30')
    await mailbox.member(visitor, 'kai@example.com', first)
    expect((await visitor.request(first, '/api/journey/path', { method: 'PUT', json: { path: 'calm' } })).status).toBe(200)
    // Calm's first exercise is the Breathing Bubble, whose completion also writes user_attributes.
    const { practice } = await json<{ practice: { id: string } }>(await visitor.post(first, '/api/practices', { exercise: 1 }))

    const hold = await holdPracticeCompletion(database, 'kai@example.com')
    try {
      const completion = visitor.post(first, `/api/practices/${practice.id}/complete`, {}).catch((err: unknown) => err)
      const { pid, written } = await hold.waiting()
      // The server is mid-way: the practice, the progress row and the profile are written, not committed.
      expect(written).toEqual(expect.arrayContaining(['practices', 'user_progress', 'profiles']))

      first.process.kill('SIGKILL')
      expect(await first.exited).toBeNull()
      expect(await completion).toBeInstanceOf(Error)
      await hold.release(pid)
      expect(await hold.rows()).toEqual(NOTHING_WRITTEN)

      const second = await startLumin(env)
      expect(await json(await visitor.post(second, `/api/practices/${practice.id}/complete`, {}))).toMatchObject({ pointsAwarded: 10, alreadyCompleted: false })
      expect(await hold.rows()).toEqual(ALL_WRITTEN)
    } finally {
      await hold.close()
    }
  })
})
