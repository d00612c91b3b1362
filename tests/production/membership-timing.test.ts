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

/** The median time of each of two requests, alternated so that the machine's ups and downs fall on both alike. */
async function medians(runs: number, first: (i: number) => Promise<Response>, second: (i: number) => Promise<Response>) {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < runs; i++) {
    for (const [side, request] of [first, second].entries()) {
      const started = performance.now()
      const response = await request(i)
      await response.arrayBuffer()
      expect(response.status).toBe(200)
      times[side]!.push(performance.now() - started)
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(runs / 2)]!)
}

describe('asking whether an address has an account', () => {
  const members = Array.from({ length: 5 }, (_, i) => `member${i}@example.com`)

  it('takes as long for a member’s address as for a stranger’s: a password reset, then a sign-up', async () => {
    for (const email of members) await mailbox.member(stranger(), email, lumin)
    const reset = (email: string) => stranger().post(lumin, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })
    const signUp = (email: string) => stranger().post(lumin, '/api/auth/sign-up/email', { email, password: PASSWORD, ageConfirmed: true })
    // The first calls of each path compile what later ones reuse.
    await medians(3, (i) => reset(members[i]!), (i) => reset(`warm${i}@nowhere.example`))

    const [knownReset, unknownReset] = await medians(15, (i) => reset(members[i % members.length]!), (i) => reset(`stranger${i}@nowhere.example`))
    expect(Math.abs(knownReset! - unknownReset!)).toBeLessThan(20)

    const [knownSignUp, unknownSignUp] = await medians(15, (i) => signUp(members[i % members.length]!), (i) => signUp(`newcomer${i}@nowhere.example`))
    expect(Math.abs(knownSignUp! - unknownSignUp!)).toBeLessThan(20)
  })

  it('takes as long for a member’s address with a wrong password as for a stranger’s through the sign-in form, age box ticked or not', async () => {
    const enter = (email: string, ageConfirmed: boolean) => stranger().post(lumin, '/api/auth/enter', { email, password: 'not-their-password', ageConfirmed })
    for (const ageConfirmed of [true, false]) {
      const [known, unknown] = await medians(15, (i) => enter(members[i % members.length]!, ageConfirmed), (i) => enter(`entrant${i}-${ageConfirmed}@nowhere.example`, ageConfirmed))
      expect(Math.abs(known! - unknown!)).toBeLessThan(20)
    }
  })
})
