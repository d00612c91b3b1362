/**
 * Reminders a minute from one instance (issue 17 §4): on a fresh PostgreSQL database, members whose daily check-in
 * reminder is due at the same minute, each by mail and by Web Push. Lumin runs in a child process, as in the API bench,
 * its SMTP_URL a real SMTP server and every member's push subscription a fake push service that speaks RFC 8030 over
 * HTTPS, both in this process (tests/support). The instance queues every reminder at start-up, as it does for real;
 * then its clock and its job queue's move past their time (tests/support/reminder-clock.ts), so they all fall due at
 * once, and the bench times what arrives from the first to the last and checks that every member's mail and push
 * arrived exactly once, each push decrypted with its subscription's keys.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import webpush from 'web-push'
import { reminderMessage } from '~/core/reminders'
import { openDatabase } from '~/server/database'
import { startFakePush } from '../../tests/support/fake-push'
import { remindersSettled } from '../../tests/support/reminder-clock'
import { startSmtp } from '../../tests/support/smtp'
import { withServer } from './api'
import { freshDatabase } from './database'

/** Members whose reminder falls due at once; BENCH_REMINDERS changes it. About two minutes on the 2-core machine. */
const MEMBERS = Number(process.env.BENCH_REMINDERS ?? 1000)
/**
 * The floor, reminders a minute: ten times what the queue would do if each job waited for the worker's two-second poll
 * (30 a minute) instead of waking it for the next (src/server/jobs/queue.ts), and about half what this bench gives on
 * the 2-core machine, where the mail sets the pace, so that other work on the machine does not fail it.
 */
const FLOOR_PER_MINUTE = 300
/** How long the reminders may take to arrive before the line fails: longer than at the floor's speed. */
const ARRIVAL_TIMEOUT_MS = (MEMBERS / FLOOR_PER_MINUTE + 1) * 60_000
/** Their reminder's minute, this far ahead when the instance starts: it queues them for then, as it would any day. */
const DUE_IN_MS = 5 * 60_000
const APP_URL = 'http://localhost:3000'
const ZONE = 'UTC'
const MESSAGE = reminderMessage('check-in', null)

const emailOf = (i: number) => `reminded${i}@bench.lumin.test`

export async function benchReminders(): Promise<{ report: string; ok: boolean }> {
  if (!Number.isInteger(MEMBERS) || MEMBERS < 1) throw new Error(`BENCH_REMINDERS is a number of members, at least 1; got "${process.env.BENCH_REMINDERS}".`)
  const { url: databaseUrl, drop } = await freshDatabase('reminders')
  const smtp = await startSmtp()
  const push = await startFakePush()
  const certificates = mkdtempSync(join(tmpdir(), 'lumin-bench-push-'))
  // Migrated and seeded with the reference content as the app does it; kept open to seed the members and watch the queue.
  const database = await openDatabase({ databaseUrl })
  try {
    const postgres = ((await database.execute('show server_version')).rows[0] as { server_version: string }).server_version
    const due = new Date((Math.floor(Date.now() / 60_000) + 1) * 60_000 + DUE_IN_MS)
    const subscriptions = await seedMembers(database, due, push)
    // The instance trusts the fake push service's certificate as a server trusts a real one's, through its CA store.
    const caFile = join(certificates, 'fake-push.pem')
    writeFileSync(caFile, push.certificate)
    const vapid = webpush.generateVAPIDKeys()
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      APP_URL,
      SMTP_URL: smtp.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      NODE_EXTRA_CA_CERTS: caFile,
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/lumin-bench-unused',
      NODE_ENV: '',
    }

    let measured: Measured | undefined
    await withServer('app', env, async (instance) => {
      await queuedAtStartUp(database)
      const cpuBefore = await instance.cpu()
      const movedAt = Date.now()
      await instance.moveClock(due.getTime() - movedAt + 1_000)
      await arrived(smtp.received, push.received)
      const cpuMicros = (await instance.cpu()) - cpuBefore
      // Anything sent twice would come after the last one expected: wait until the queues have nothing left to do.
      await remindersSettled(database, 60_000)
      measured = { movedAt, cpuMicros }
    })
    return report(postgres, measured!, smtp.received, push.received, subscriptions, await sentRows(database))
  } finally {
    await database.close()
    await smtp.close()
    await push.close()
    rmSync(certificates, { recursive: true, force: true })
    await drop()
  }
}

interface Measured {
  /** When the clock moved past the reminders' time (Date.now()). */
  movedAt: number
  /** The instance's CPU time from then until the last arrival. */
  cpuMicros: number
}

type Database = Awaited<ReturnType<typeof openDatabase>>
type FakePush = Awaited<ReturnType<typeof startFakePush>>
type Subscription = ReturnType<FakePush['subscribe']>

/**
 * The members, set-based: an account, a daily check-in reminder at `due`'s minute (UTC, no quiet hours) by mail and
 * push, and one subscription at the fake push service. Returned by member number, from 1.
 */
async function seedMembers(database: Database, due: Date, push: FakePush): Promise<Subscription[]> {
  const ids = `'bench-reminded-' || i`
  await database.execute(
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select ${ids}, 'Member ' || i, 'reminded' || i || '@bench.lumin.test', true, now(), now() from generate_series(1, $1::int) i`,
    [MEMBERS],
  )
  await database.execute(
    `insert into reminder_settings (user_id, time_zone, quiet_start, quiet_end, push, email, check_in_on, check_in_time, recap_day, recap_time, practice_time, practice_days)
       select ${ids}, $2, '00:00', '00:00', true, true, true, $3, 'sun', '18:00', '18:30', '{}' from generate_series(1, $1::int) i`,
    [MEMBERS, ZONE, due.toISOString().slice(11, 16)],
  )
  const subscriptions = Array.from({ length: MEMBERS }, () => push.subscribe())
  await database.execute(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
       select ${ids}, endpoint, p256dh, auth from unnest($1::text[], $2::text[], $3::text[]) with ordinality as s(endpoint, p256dh, auth, i)`,
    [subscriptions.map((s) => s.endpoint), subscriptions.map((s) => s.keys.p256dh), subscriptions.map((s) => s.keys.auth)],
  )
  return subscriptions
}

/** Waits until the instance's start-up has queued every member's reminder. */
async function queuedAtStartUp(database: Database) {
  await until(async () => {
    const { rows } = await database.execute(`select count(*)::int as n from pgboss.job where name = 'reminder' and state = 'created'`)
    return (rows[0] as { n: number }).n >= MEMBERS
  }, 60_000, () => `the instance did not queue the ${MEMBERS} reminders at start-up in 60 s`)
}

/** Waits until as many mails and pushes as members have arrived. */
async function arrived(mails: readonly unknown[], pushes: readonly unknown[]) {
  await until(
    async () => mails.length >= MEMBERS && pushes.length >= MEMBERS,
    ARRIVAL_TIMEOUT_MS,
    () => `only ${mails.length} mails and ${pushes.length} pushes of ${MEMBERS} each arrived in ${(ARRIVAL_TIMEOUT_MS / 60_000).toFixed(1)} minutes`,
  )
}

async function until(done: () => Promise<boolean>, timeoutMs: number, failure: () => string) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Reminders bench: ${failure()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function sentRows(database: Database) {
  return ((await database.execute(`select count(*)::int as n from reminder_sends`)).rows[0] as { n: number }).n
}

interface Arrival {
  at: number
}

/** Whether each of `expected` came exactly once and nothing else came, as `key` names what came. */
function exactlyOnce<T>(received: readonly T[], key: (item: T) => string, expected: readonly string[]) {
  const counts = new Map<string, number>()
  for (const item of received) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  const wanted = new Set(expected)
  const missing = expected.filter((k) => !counts.has(k)).length
  const twice = [...counts.values()].filter((n) => n > 1).length
  const strangers = [...counts.keys()].filter((k) => !wanted.has(k)).length
  return { ok: missing + twice + strangers === 0 && received.length === expected.length, text: `${missing} missing, ${twice} more than once, ${strangers} unexpected` }
}

function report(
  postgres: string,
  { movedAt, cpuMicros }: Measured,
  mails: readonly (Arrival & { to: string[]; data: string })[],
  pushes: readonly (Arrival & { subscription: string; body: Buffer })[],
  subscriptions: Subscription[],
  sent: number,
) {
  const members = Array.from({ length: MEMBERS }, (_, i) => i + 1)
  const mailCheck = exactlyOnce(mails, (m) => m.to.join(','), members.map(emailOf))
  const pushCheck = exactlyOnce(pushes, (p) => p.subscription, subscriptions.map((s) => s.id))
  const keys = new Map(subscriptions.map((s) => [s.id, s.keys]))
  const unreadable = pushes.filter((p) => {
    try {
      return (JSON.parse(keys.get(p.subscription)?.decrypt(p.body) ?? 'null') as { title?: string } | null)?.title !== MESSAGE.title
    } catch {
      return true
    }
  }).length
  const wordless = mails.filter((m) => !m.data.includes(MESSAGE.title)).length

  const span = (arrivals: readonly Arrival[]) => {
    const times = arrivals.map((a) => a.at)
    const [first, last] = [Math.min(...times), Math.max(...times)]
    return { first, seconds: (last - first) / 1000, perMinute: ((arrivals.length - 1) * 60) / Math.max((last - first) / 1000, 0.001) }
  }
  const both = span([...mails, ...pushes])
  // A reminder is one member's, by both channels: as many a minute as each channel carries, over the span of both.
  const reminders = { ...both, perMinute: ((MEMBERS - 1) * 60) / Math.max(both.seconds, 0.001) }
  const rows: [string, number, ReturnType<typeof span>][] = [
    ['reminders (mail and push)', MEMBERS, reminders],
    ['  mails', mails.length, span(mails)],
    ['  pushes', pushes.length, span(pushes)],
  ]
  const header = ['', 'arrived', 'first to last', 'a minute']
  const cells = rows.map(([label, count, s]) => [label, count.toLocaleString('en'), `${s.seconds.toFixed(1)} s`, Math.round(s.perMinute).toLocaleString('en')])
  const widths = header.map((_, i) => Math.max(...[header, ...cells].map((r) => r[i]!.length)))
  const table = [header, ...cells].map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n')

  const arrivedOk = mailCheck.ok && pushCheck.ok && unreadable === 0 && wordless === 0 && sent === MEMBERS
  const fast = reminders.perMinute >= FLOOR_PER_MINUTE
  const verdicts = [
    arrivedOk
      ? `PASS: each of the ${MEMBERS.toLocaleString('en')} members' reminder arrived exactly once by mail and once by push (each push decrypted with its subscription's keys), ${sent.toLocaleString('en')} sends recorded`
      : `FAIL: not every reminder arrived exactly once: mails ${mailCheck.text}, ${wordless} without the reminder's words; pushes ${pushCheck.text}, ${unreadable} that did not decrypt to the reminder; ${sent} sends recorded for ${MEMBERS} members`,
    `${fast ? 'PASS' : 'FAIL'}: one instance sends ${Math.round(reminders.perMinute).toLocaleString('en')} reminders a minute, each by mail and by push (floor ${FLOOR_PER_MINUTE})`,
    `INFO: the first arrived ${((both.first - movedAt) / 1000).toFixed(1)} s after their time came; the instance's CPU ${(cpuMicros / 1000 / MEMBERS).toFixed(2)} ms per reminder`,
  ]
  const heading = `Reminders from one instance: PostgreSQL ${postgres}; ${MEMBERS.toLocaleString('en')} members' daily check-in due at the same minute, each by mail (SMTP) and Web Push (RFC 8030 over HTTPS), to servers on loopback in the bench's process; the instance in a child process.`
  return { report: [heading, '', table, '', ...verdicts].join('\n'), ok: arrivedOk && fast }
}
