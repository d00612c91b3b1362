import { describe, expect, it } from 'vitest'
import { newAuthSecret, PASSWORD, startLumin, Visitor } from './support/lumin'
import { startMailbox } from './support/mailbox'
import { freshDatabase } from './support/postgres'

/**
 * No membership oracle (docs/decisions/0012): a password reset, a sign-up and the sign-in form's one request
 * (docs/decisions/0002) answer as fast for a member's address as for a stranger's, in production on PostgreSQL, with a mail server that takes half a second to answer. Mail leaves
 * through the job queue after the answer, so the mail server's time is in neither.
 */
const database = await freshDatabase('timing')
const mailbox = await startMailbox({ answerAfterMs: 500 })
const lumin = await startLumin({ NODE_ENV: 'production', AUTH_SECRET: newAuthSecret(), SMTP_URL: mailbox.url, DATABASE_URL: database.url })

let client = 0
/** Each request from an address of its own, as many strangers probing would be. */
const stranger = () => new Visitor(`10.30.${Math.floor(++client / 250)}.${client % 250}`)

/**
 * How much longer the first request takes than the second, as the median of pairs: each run times the two back to
 * back, in turns of which goes first, so a busy machine's slow spell weighs on both of a pair and cancels out in
 * their difference, where the difference of two medians would carry it whole.
 */
async function gap(runs: number, first: (i: number) => Promise<Response>, second: (i: number) => Promise<Response>) {
  const timed = async (request: Promise<Response>) => {
    const started = performance.now()
    const response = await request
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    return performance.now() - started
  }
  const differences: number[] = []
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      const a = await timed(first(i))
      differences.push(a - (await timed(second(i))))
    } else {
      const b = await timed(second(i))
      differences.push((await timed(first(i))) - b)
    }
  }
  return differences.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

// Over a hundred answers, each held to a floor of hundreds of milliseconds: minutes on a busy machine.
describe('asking whether an address has an account', { timeout: 300_000 }, () => {
  const members = Array.from({ length: 5 }, (_, i) => `member${i}@example.com`)

  it('takes as long for a member’s address as for a stranger’s: a password reset, then a sign-up', async () => {
    for (const email of members) await mailbox.member(stranger(), email, lumin)
    const reset = (email: string) => stranger().post(lumin, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })
    const signUp = (email: string) => stranger().post(lumin, '/api/auth/sign-up/email', { email, password: PASSWORD, ageConfirmed: true })
    // The first calls of each path compile what later ones reuse.
    await gap(3, (i) => reset(members[i]!), (i) => reset(`warm${i}@nowhere.example`))

    expect(Math.abs(await gap(15, (i) => reset(members[i % members.length]!), (i) => reset(`stranger${i}@nowhere.example`)))).toBeLessThan(20)
    expect(Math.abs(await gap(15, (i) => signUp(members[i % members.length]!), (i) => signUp(`newcomer${i}@nowhere.example`)))).toBeLessThan(20)
  })

  it('takes as long for a member’s address with a wrong password as for a stranger’s through the sign-in form, age box ticked or not', async () => {
    const enter = (email: string, ageConfirmed: boolean) => stranger().post(lumin, '/api/auth/enter', { email, password: 'not-their-password', ageConfirmed })
    for (const ageConfirmed of [true, false]) {
      expect(Math.abs(await gap(15, (i) => enter(members[i % members.length]!, ageConfirmed), (i) => enter(`entrant${i}-${ageConfirmed}@nowhere.example`, ageConfirmed)))).toBeLessThan(20)
    }
  })
})
