import { describe, expect, it } from 'vitest'
import { alreadyHappened, defaultReminderSettings, inQuietHours, isPushServiceHost, nextOccurrence, reminderMessage, reminderSettingsSchema, type ReminderSettings } from './reminders'
import { weekStartOfDate } from './weekly'

/** Settings with the given reminders on, no quiet hours unless given, so a time in the small hours can be tested. */
function settings(timeZone: string, change: (s: ReminderSettings) => void): ReminderSettings {
  const s = defaultReminderSettings(timeZone)
  s.quietHours = { start: '00:00', end: '00:00' }
  change(s)
  return s
}

const next = (s: ReminderSettings, kind: 'check-in' | 'recap' | 'practice', after: string) => {
  const occurrence = nextOccurrence(s, kind, new Date(after))
  return occurrence && { at: occurrence.at.toISOString(), date: occurrence.date }
}

/** Every send of a reminder within a span, one after another, as the scheduler chains them. */
function sends(s: ReminderSettings, kind: 'check-in' | 'recap' | 'practice', from: string, count: number) {
  const found: { at: string; date: string }[] = []
  let after = new Date(from)
  for (let i = 0; i < count; i++) {
    const occurrence = nextOccurrence(s, kind, after)!
    found.push({ at: occurrence.at.toISOString(), date: occurrence.date })
    after = occurrence.at
  }
  return found
}

describe('the next send', () => {
  it('is off until the member turns a reminder on', () => {
    const s = defaultReminderSettings('Europe/Berlin')
    for (const kind of ['check-in', 'recap', 'practice'] as const) expect(nextOccurrence(s, kind, new Date())).toBeNull()
  })

  it('comes at the chosen wall-clock time in each zone, today if still ahead, else tomorrow', () => {
    const at = (zone: string) => settings(zone, (s) => (s.checkIn = { on: true, time: '09:00' }))
    expect(next(at('Europe/Berlin'), 'check-in', '2026-01-15T07:59:00Z')).toEqual({ at: '2026-01-15T08:00:00.000Z', date: '2026-01-15' })
    expect(next(at('Europe/Berlin'), 'check-in', '2026-01-15T08:00:00Z')).toEqual({ at: '2026-01-16T08:00:00.000Z', date: '2026-01-16' })
    expect(next(at('America/New_York'), 'check-in', '2026-01-15T12:00:00Z')).toEqual({ at: '2026-01-15T14:00:00.000Z', date: '2026-01-15' })
    // Sydney is a day ahead: 09:00 on the 16th there is the 15th in UTC.
    expect(next(at('Australia/Sydney'), 'check-in', '2026-01-15T12:00:00Z')).toEqual({ at: '2026-01-15T22:00:00.000Z', date: '2026-01-16' })
    expect(next(at('Asia/Kolkata'), 'check-in', '2026-01-15T12:00:00Z')).toEqual({ at: '2026-01-16T03:30:00.000Z', date: '2026-01-16' })
  })

  it('keeps the wall-clock time across both changes of the year in Berlin', () => {
    const s = settings('Europe/Berlin', (s) => (s.checkIn = { on: true, time: '09:00' }))
    expect(sends(s, 'check-in', '2026-03-28T00:00:00Z', 2).map((o) => o.at)).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z'])
    expect(sends(s, 'check-in', '2026-10-24T00:00:00Z', 2).map((o) => o.at)).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z'])
  })

  it('keeps it across both changes in New York and Sydney, and in Kolkata, which has none', () => {
    const ny = settings('America/New_York', (s) => (s.checkIn = { on: true, time: '07:30' }))
    expect(sends(ny, 'check-in', '2026-03-07T00:00:00Z', 2).map((o) => o.at)).toEqual(['2026-03-07T12:30:00.000Z', '2026-03-08T11:30:00.000Z'])
    expect(sends(ny, 'check-in', '2026-10-31T00:00:00Z', 2).map((o) => o.at)).toEqual(['2026-10-31T11:30:00.000Z', '2026-11-01T12:30:00.000Z'])
    const sydney = settings('Australia/Sydney', (s) => (s.checkIn = { on: true, time: '08:00' }))
    expect(sends(sydney, 'check-in', '2026-04-03T00:00:00Z', 2).map((o) => o.at)).toEqual(['2026-04-03T21:00:00.000Z', '2026-04-04T22:00:00.000Z'])
    expect(sends(sydney, 'check-in', '2026-10-02T12:00:00Z', 2).map((o) => o.at)).toEqual(['2026-10-02T22:00:00.000Z', '2026-10-03T21:00:00.000Z'])
    const kolkata = settings('Asia/Kolkata', (s) => (s.checkIn = { on: true, time: '08:00' }))
    expect(sends(kolkata, 'check-in', '2026-03-28T00:00:00Z', 3).map((o) => o.at)).toEqual(['2026-03-28T02:30:00.000Z', '2026-03-29T02:30:00.000Z', '2026-03-30T02:30:00.000Z'])
  })

  it('sends a time the clock skips once, as late as the gap is long, and a time it shows twice once, the first time', () => {
    const gap = settings('Europe/Berlin', (s) => (s.checkIn = { on: true, time: '02:30' }))
    expect(sends(gap, 'check-in', '2026-03-28T00:00:00Z', 3)).toEqual([
      { at: '2026-03-28T01:30:00.000Z', date: '2026-03-28' },
      // 02:30 does not exist on the 29th: 03:30 CEST.
      { at: '2026-03-29T01:30:00.000Z', date: '2026-03-29' },
      { at: '2026-03-30T00:30:00.000Z', date: '2026-03-30' },
    ])
    const twice = settings('America/New_York', (s) => (s.checkIn = { on: true, time: '01:30' }))
    expect(sends(twice, 'check-in', '2026-10-31T00:00:00Z', 3)).toEqual([
      { at: '2026-10-31T05:30:00.000Z', date: '2026-10-31' },
      // 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST): once, the first time.
      { at: '2026-11-01T05:30:00.000Z', date: '2026-11-01' },
      { at: '2026-11-02T06:30:00.000Z', date: '2026-11-02' },
    ])
    const sydney = settings('Australia/Sydney', (s) => (s.checkIn = { on: true, time: '02:30' }))
    expect(sends(sydney, 'check-in', '2026-10-02T12:00:00Z', 3).map((o) => o.date)).toEqual(['2026-10-03', '2026-10-04', '2026-10-05'])
    expect(sends(sydney, 'check-in', '2026-10-02T12:00:00Z', 3)[1]!.at).toBe('2026-10-03T16:30:00.000Z')
  })

  it('comes weekly on the chosen day for the recap, and on the chosen days for practice', () => {
    const recap = settings('Europe/Berlin', (s) => (s.recap = { on: true, day: 'sun', time: '18:00' }))
    // Monday 23 November 2026: the next Sunday is the 29th.
    expect(sends(recap, 'recap', '2026-11-23T10:00:00Z', 2).map((o) => o.date)).toEqual(['2026-11-29', '2026-12-06'])
    const practice = settings('Europe/Berlin', (s) => (s.practice = { on: true, time: '18:30', days: ['tue', 'sat'] }))
    expect(sends(practice, 'practice', '2026-11-23T10:00:00Z', 3).map((o) => o.date)).toEqual(['2026-11-24', '2026-11-28', '2026-12-01'])
  })

  it('never lands in quiet hours, even where a gap pushes a time into them', () => {
    const s = settings('Europe/Berlin', (s) => {
      s.quietHours = { start: '03:00', end: '06:00' }
      s.checkIn = { on: true, time: '02:30' }
    })
    // 02:30 on the spring-forward night would be 03:30, inside quiet hours: it waits for 06:00 CEST.
    expect(next(s, 'check-in', '2026-03-28T02:00:00Z')).toEqual({ at: '2026-03-29T04:00:00.000Z', date: '2026-03-29' })
  })
})

describe('quiet hours', () => {
  it('wrap past midnight, and equal ends mean none', () => {
    const quiet = { start: '22:00', end: '08:00' }
    expect([21 * 60 + 59, 22 * 60, 0, 7 * 60 + 59, 8 * 60].map((m) => inQuietHours(m, quiet))).toEqual([false, true, true, true, false])
    expect(inQuietHours(12 * 60 + 30, { start: '12:00', end: '14:00' })).toBe(true)
    expect(inQuietHours(3 * 60, { start: '00:00', end: '00:00' })).toBe(false)
  })

  it('refuse a reminder time inside them when it is saved, saying why', () => {
    const s = defaultReminderSettings('Europe/Berlin')
    s.checkIn = { on: true, time: '23:15' }
    const result = reminderSettingsSchema.safeParse(s)
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]).toMatchObject({
      path: ['checkIn', 'time'],
      message: 'Daily check-in at 23:15 falls in your quiet hours (22:00–08:00). Choose a time outside them.',
    })
    // Off, the time may be anything: it is not used.
    s.checkIn.on = false
    expect(reminderSettingsSchema.safeParse(s).success).toBe(true)
  })

  it('and the settings need a channel, a day for practice and a known zone', () => {
    const s = defaultReminderSettings('Europe/Berlin')
    s.practice = { on: true, time: '18:30', days: [] }
    expect(reminderSettingsSchema.safeParse(s).error!.issues[0]!.message).toBe('Choose at least one day for Practice.')
    s.practice.days = ['mon']
    s.channels = { push: false, email: false }
    expect(reminderSettingsSchema.safeParse(s).error!.issues[0]!.message).toBe('Choose Push or Email, or both, so your reminders can reach you.')
    expect(reminderSettingsSchema.safeParse({ ...defaultReminderSettings('Mars/Olympus') }).success).toBe(false)
    expect(reminderSettingsSchema.safeParse({ ...defaultReminderSettings('Europe/Berlin'), checkIn: { on: false, time: '9:00' } }).success).toBe(false)
  })
})

describe('already happened', () => {
  const none = { checkedIn: false, recapDone: false, practised: false }
  it('holds a reminder back when its point is done: checked in that day, recap done that week, practised that day', () => {
    expect(alreadyHappened('check-in', { ...none, checkedIn: true })).toBe(true)
    expect(alreadyHappened('check-in', { ...none, practised: true, recapDone: true })).toBe(false)
    expect(alreadyHappened('recap', { ...none, recapDone: true })).toBe(true)
    expect(alreadyHappened('recap', { ...none, checkedIn: true })).toBe(false)
    expect(alreadyHappened('practice', { ...none, practised: true })).toBe(true)
    expect(alreadyHappened('practice', none)).toBe(false)
  })

  it('counts the recap by the week the send falls in, Monday first', () => {
    expect(weekStartOfDate('2026-11-29')).toBe('2026-11-23')
    expect(weekStartOfDate('2026-11-23')).toBe('2026-11-23')
  })
})

describe('the words', () => {
  it('invite kindly and specifically, name the next practice of the path, and open the right screen', () => {
    expect(reminderMessage('practice', { path: 'calm', number: 1, name: 'Breathing Bubble', gameType: 'breathing' })).toEqual({
      title: 'Two minutes of Breathing Bubble?',
      body: 'Your Calm path is waiting.',
      url: '/threshold/1',
    })
    expect(reminderMessage('practice', null).url).toBe('/dashboard')
    expect(reminderMessage('check-in', null).url).toBe('/weekly-dashboard')
    expect(reminderMessage('recap', null).url).toBe('/recap-conversation')
    for (const kind of ['check-in', 'recap', 'practice'] as const) {
      const { title, body } = reminderMessage(kind, null)
      expect(`${title} ${body}`).not.toMatch(/miss|forgot|streak|behind|should|failed|don't|again/i)
    }
  })
})

describe('a push endpoint’s host', () => {
  it('is a push service’s public name', () => {
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'wns2-db5p.notify.windows.com']) expect(isPushServiceHost(host)).toBe(true)
  })

  it('is never an address, localhost or a private network’s name', () => {
    for (const host of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '[::1]', '[fd00::1]', 'localhost', 'api.localhost', 'metadata', 'db.internal', 'nas.local', 'router.home.arpa', 'LOCALHOST.']) {
      expect(isPushServiceHost(host)).toBe(false)
    }
  })
})
