import { describe, expect, it } from 'vitest'
import { addDays } from './local-time'
import {
  dimensionsSentence,
  goalSentence,
  emotionsInsight,
  INSIGHT_MIN_DAYS,
  insights,
  mondayOf,
  moodSentence,
  moodSeries,
  practiceMoodInsight,
  practicesSentence,
  practiceWeeks,
  rangeDates,
  spreadSentence,
  streaks,
  timeOfDay,
  timeOfDayInsight,
  trendInsight,
  weeksBetween,
  type InsightInputs,
} from './stats'
import { localDateOf } from './weekly'
import type { Dimension } from './dimensions'
import type { PathName } from './paths'

/** `n` dates in a row starting at `from`. */
const run = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i))

describe('ranges', () => {
  it('ends today and counts today in', () => {
    expect(rangeDates('30d', '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' })
    expect(rangeDates('90d', '2026-03-10').from).toBe('2025-12-11')
    expect(rangeDates('year', '2026-03-10').from).toBe('2025-03-11')
  })

  it('walks days across month ends, leap days and daylight-saving changes as calendar days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(mondayOf('2026-11-01')).toBe('2026-10-26')
    expect(weeksBetween('2026-02-09', '2026-03-10')).toEqual(['2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09'])
  })
})

describe('mood', () => {
  it('leaves a day without a check-in as a gap, not a zero', () => {
    const series = moodSeries([{ date: '2026-03-02', average: 4, checkIns: 2 }], '2026-03-01', '2026-03-03')
    expect(series).toEqual([
      { date: '2026-03-01', average: null },
      { date: '2026-03-02', average: 4 },
      { date: '2026-03-03', average: null },
    ])
  })

  it('says in one sentence how the mood moved over the range', () => {
    const today = '2026-03-30'
    const days = run('2026-03-01', 30).map((date, i) => ({ date, average: i < 15 ? 3 : 4, checkIns: 1 }))
    expect(moodSentence(days, '30d', today)).toBe('Your mood rose from Okay to Good over the last 30 days.')
    expect(moodSentence(days.map((d) => ({ ...d, average: 7 - d.average })), '30d', today)).toBe('Your mood fell from Good to Okay over the last 30 days.')
    expect(moodSentence(days.map((d) => ({ ...d, average: 4 })), '30d', today)).toBe('Your mood held steady around Good over the last 30 days.')
    expect(moodSentence([], '90d', today)).toBe('No check-ins in the last 90 days.')
  })

  it('names the most frequent mood of the spread, and says a tie as a tie', () => {
    expect(spreadSentence({ awful: 0, bad: 1, okay: 3, good: 5, great: 1 })).toBe('Of your 10 check-ins, 5 said Good, more than any other mood.')
    expect(spreadSentence({ awful: 0, bad: 0, okay: 0, good: 0, great: 0 })).toBe('No check-ins yet, so no moods to count.')
    // Issue 27: one Okay and one Good is a tie, not "1 said Okay, more than any other mood".
    expect(spreadSentence({ awful: 0, bad: 0, okay: 1, good: 1, great: 0 })).toBe('Of your 2 check-ins: Okay and Good, once each.')
    expect(spreadSentence({ awful: 0, bad: 2, okay: 2, good: 2, great: 0 })).toBe('Of your 6 check-ins: Bad, Okay and Good, twice each.')
    expect(spreadSentence({ awful: 1, bad: 0, okay: 3, good: 3, great: 0 })).toBe('Of your 7 check-ins, Okay and Good came up most, 3 times each.')
    // One mood alone is not "more than any other": there was no other.
    expect(spreadSentence({ awful: 0, bad: 0, okay: 0, good: 1, great: 0 })).toBe('Your 1 check-in said Good.')
    expect(spreadSentence({ awful: 0, bad: 0, okay: 0, good: 0, great: 4 })).toBe('Of your 4 check-ins, all 4 said Great.')
  })
})

describe('practices', () => {
  it('stacks each week by path and counts minutes from the timed exercises only', () => {
    const weeks = practiceWeeks(
      [
        { weekStart: '2026-03-02', path: 'calm', gameType: 'meditation', done: 2 },
        { weekStart: '2026-03-02', path: 'calm', gameType: 'breathing', done: 1 },
        { weekStart: '2026-03-02', path: 'connection', gameType: 'kindness', done: 3 },
        { weekStart: '2026-03-09', path: 'mind', gameType: 'focus', done: 1 },
      ],
      '2026-03-01',
      '2026-03-10',
    )
    expect(weeks).toEqual([
      { weekStart: '2026-02-23', byPath: { mind: 0, energy: 0, calm: 0, connection: 0 }, minutes: 0 },
      { weekStart: '2026-03-02', byPath: { mind: 0, energy: 0, calm: 3, connection: 3 }, minutes: 11 },
      { weekStart: '2026-03-09', byPath: { mind: 1, energy: 0, calm: 0, connection: 0 }, minutes: 4 },
    ])
    // Calm and Connection tie, and neither holds most of the seven (docs/decisions/0057).
    expect(practicesSentence(weeks, '30d')).toBe('You completed 7 practices in the last 30 days, 15 minutes of timed practice; 3 each on the Calm and Connection paths, more than on any other.')
  })

  it('says "most" of a path only for more than half, and a tie as a tie', () => {
    const week = (byPath: Partial<Record<PathName, number>>) => [{ weekStart: '2026-03-02', byPath: { mind: 0, energy: 0, calm: 0, connection: 0, ...byPath }, minutes: 0 }]
    const sentence = (byPath: Partial<Record<PathName, number>>) => practicesSentence(week(byPath), '30d').split('; ')[1]
    expect(sentence({ calm: 3, mind: 1 })).toBe('most were on the Calm path.')
    expect(sentence({ calm: 2, mind: 1, energy: 1 })).toBe('more were on the Calm path than on any other.')
    expect(sentence({ calm: 1, mind: 1 })).toBe('1 each on the Mind and Calm paths.')
    expect(sentence({ calm: 4 })).toBe('all were on the Calm path.')
    expect(sentence({ calm: 1 })).toBe('it was on the Calm path.')
  })
})

describe('the forgiving streak', () => {
  it('counts days in a row with something done', () => {
    expect(streaks(run('2026-03-01', 5), '2026-03-05')).toEqual({ current: 5, longest: 5 })
    expect(streaks([], '2026-03-05')).toEqual({ current: 0, longest: 0 })
  })

  it('forgives one rest day in any seven, across a month boundary, and counts the rest day in', () => {
    // 28, 29, 30 March, rest on the 31st, then 1–4 April.
    const days = [...run('2026-03-28', 3), ...run('2026-04-01', 4)]
    expect(streaks(days, '2026-04-04')).toEqual({ current: 8, longest: 8 })
  })

  it('breaks on a second rest day within seven days', () => {
    // Rest on 31 March and again on 4 April: the run can only start again on 1 April.
    const days = [...run('2026-03-28', 3), ...run('2026-04-01', 3), ...run('2026-04-05', 2)]
    expect(streaks(days, '2026-04-06')).toEqual({ current: 6, longest: 7 })
  })

  it('keeps going when rest days are seven days apart, and stops at two rest days together', () => {
    const days = run('2026-03-01', 20).filter((d) => d !== '2026-03-05' && d !== '2026-03-12')
    expect(streaks(days, '2026-03-20')).toEqual({ current: 20, longest: 20 })
    const broken = run('2026-03-01', 10).filter((d) => d !== '2026-03-05' && d !== '2026-03-06')
    expect(streaks(broken, '2026-03-10')).toEqual({ current: 4, longest: 4 })
  })

  it('does not count today as a rest day before it is over, but yesterday is one', () => {
    expect(streaks(run('2026-03-01', 4), '2026-03-05')).toEqual({ current: 4, longest: 4 })
    expect(streaks(run('2026-03-01', 4), '2026-03-06')).toEqual({ current: 4, longest: 4 })
    expect(streaks(run('2026-03-01', 4), '2026-03-07')).toEqual({ current: 0, longest: 4 })
  })

  it('counts local days across a daylight-saving change (Europe/Paris springs forward on 29 March 2026)', () => {
    // A check-in at 00:30 local each night: 23:30 UTC in winter, 22:30 UTC in summer; each is on its own local day.
    const moments = ['2026-03-27T23:30:00Z', '2026-03-28T23:30:00Z', '2026-03-29T22:30:00Z', '2026-03-30T22:30:00Z']
    const dates = moments.map((at) => localDateOf(new Date(at), 'Europe/Paris'))
    expect(dates).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'])
    expect(streaks(dates, '2026-03-31')).toEqual({ current: 4, longest: 4 })
    // And on the autumn change (25 October 2026), the 25-hour day is still one day.
    const autumn = ['2026-10-24T22:30:00Z', '2026-10-25T23:30:00Z', '2026-10-26T23:30:00Z'].map((at) => localDateOf(new Date(at), 'Europe/Paris'))
    expect(autumn).toEqual(['2026-10-25', '2026-10-26', '2026-10-27'])
    expect(streaks([autumn[0]!, autumn[2]!], '2026-10-27')).toEqual({ current: 3, longest: 3 })
  })
})

describe('insights', () => {
  const today = '2026-03-30'
  /** `practised` days at `on` and `other` days at `off`, one day apart each, from 1 March. */
  const practiceDays = (practised: number, other: number, on = 4, off = 3) =>
    [...Array.from({ length: practised }, () => ({ average: on, practised: true })), ...Array.from({ length: other }, () => ({ average: off, practised: false }))].map((d, i) => ({
      ...d,
      date: addDays('2026-03-01', i),
    }))

  it('compares mood on practice days with other days, with enough days on each side, and not with one fewer', () => {
    const min = INSIGHT_MIN_DAYS.practiceMood
    expect(practiceMoodInsight(practiceDays(min, min))).toEqual({
      kind: 'practice-mood',
      sentence: `On days you practise, your mood averages Good; on other days, Okay — over ${2 * min} days.`,
      days: 2 * min,
    })
    expect(practiceMoodInsight(practiceDays(min - 1, min + 5))).toBeNull()
    expect(practiceMoodInsight(practiceDays(min + 5, min - 1))).toBeNull()
  })

  it('says the trend with enough days in each half of the range, and not with one fewer', () => {
    const min = INSIGHT_MIN_DAYS.trend
    const days = (firstHalf: number, secondHalf: number) => [
      ...run('2026-03-01', firstHalf).map((date) => ({ date, average: 2, practised: false })),
      ...run('2026-03-16', secondHalf).map((date) => ({ date, average: 4, practised: false })),
    ]
    expect(trendInsight(days(min, min), '30d', today)?.sentence).toBe(`Your mood has been rising over the last 30 days, from around Bad to around Good — over ${2 * min} days.`)
    expect(trendInsight(days(min - 1, min + 3), '30d', today)).toBeNull()
    expect(trendInsight(days(min + 3, min - 1), '30d', today)).toBeNull()
  })

  it('names the brightest time of day when two times have enough days, and not with one fewer', () => {
    const min = INSIGHT_MIN_DAYS.timeOfDay
    const times = (evenings: number): InsightInputs['timesOfDay'] => [
      { timeOfDay: 'morning', average: 4.2, days: 10 },
      { timeOfDay: 'evening', average: 3, days: evenings },
    ]
    expect(timeOfDayInsight(times(min))).toEqual({ kind: 'time-of-day', sentence: `Your check-ins are brightest in the morning, averaging Good — over ${10 + min} days.`, days: 10 + min })
    expect(timeOfDayInsight(times(min - 1))).toBeNull()
    // Too close to call is not said either.
    expect(timeOfDayInsight([{ timeOfDay: 'morning', average: 4, days: 10 }, { timeOfDay: 'night', average: 3.8, days: 10 }])).toBeNull()
    expect([timeOfDay(5), timeOfDay(11), timeOfDay(12), timeOfDay(17), timeOfDay(22), timeOfDay(4)]).toEqual(['morning', 'morning', 'afternoon', 'evening', 'night', 'night'])
  })

  it('names the words that come most often with a dimension tagged on enough days, and not with one fewer', () => {
    const min = INSIGHT_MIN_DAYS.emotions
    const tags = (days: number): InsightInputs['tags'] => [
      {
        dimension: 'connection',
        days,
        emotions: [
          { emotion: 'grateful', count: 6 },
          { emotion: 'calm', count: 3 },
          { emotion: 'tired', count: 1 },
        ],
      },
    ]
    expect(emotionsInsight(tags(min))?.sentence).toBe(`When you check in about Connection, the words that come most often are grateful and calm — over ${min} days.`)
    expect(emotionsInsight(tags(min - 1))).toBeNull()
  })

  it('never claims a cause, and says nothing at all about a member with nothing', () => {
    expect(insights({ days: [], timesOfDay: [], tags: [] }, '30d', today)).toEqual([])
    const all = insights({ days: practiceDays(10, 10), timesOfDay: [], tags: [] }, '30d', today)
    for (const insight of all) {
      expect(insight.sentence).not.toMatch(/because|makes you|causes|leads to|so that/i)
      expect(insight.sentence).toContain(`${insight.days} days`)
    }
  })
})

describe('dimensions and goals, in a sentence', () => {
  const scores = (mind: number, heart: number) => ({ mind, body: 0, heart, connection: 0, purpose: 0, growth: 0, spirit: 0 })

  it('names the dimension that moved most and the strongest now', () => {
    const weeks = [
      { weekStart: '2026-03-02', scores: scores(10, 40) },
      { weekStart: '2026-03-09', scores: scores(30, 45) },
      { weekStart: '2026-03-16', scores: scores(60, 50) },
    ]
    expect(dimensionsSentence(weeks)).toBe('Over 3 weeks, Mind moved most, from 10 to 60; your strongest dimension now is Mind, at 60.')
    expect(dimensionsSentence([])).toBe('No weeks to show yet.')
  })

  it('says a shared score or change of the dimensions of both, and names no strongest while every score is 0', () => {
    const scores = (values: Partial<Record<Dimension, number>>) => ({ mind: 0, body: 0, heart: 0, connection: 0, purpose: 0, growth: 0, spirit: 0, ...values })
    expect(dimensionsSentence([{ weekStart: '2026-03-02', scores: scores({}) }])).toBe('This week none of your dimensions has a score yet.')
    expect(dimensionsSentence([{ weekStart: '2026-03-02', scores: scores({ mind: 30, body: 30 }) }])).toBe('This week your strongest dimensions are Mind and Body, at 30 each.')
    expect(
      dimensionsSentence([
        { weekStart: '2026-03-02', scores: scores({}) },
        { weekStart: '2026-03-09', scores: scores({ mind: 20, heart: 20, body: 10 }) },
      ]),
    ).toBe('Over 2 weeks, Mind and Heart moved most, 20 points each; your strongest dimensions now are Mind and Heart, at 20 each.')
  })

  it('says where a goal stood and where it stands', () => {
    const points = [
      { date: '2026-03-02', progress: 20 },
      { date: '2026-03-20', progress: 60 },
    ]
    expect(goalSentence({ title: 'Run 10 km', progress: 60, points })).toBe('Run 10 km: progress rose from 20% on 2 Mar to 60% now.')
    expect(goalSentence({ title: 'Run 10 km', progress: 20, points: points.slice(0, 1) })).toBe('Run 10 km: 20% of the way, with no change in this range.')
  })

  it('says the change of a goal that moved on one day, and "no change" only when there was none', () => {
    // Issue 27: made and moved from 0 to 27 % on one day.
    const oneDay = [
      { date: '2026-11-28', progress: 0 },
      { date: '2026-11-28', progress: 27 },
    ]
    expect(goalSentence({ title: 'Read 12 books', progress: 27, points: oneDay })).toBe('Read 12 books: progress rose from 0% to 27% on 28 Nov.')
    expect(goalSentence({ title: 'Read 12 books', progress: 27, points: [{ date: '2026-11-28', progress: 27 }] })).toBe('Read 12 books: 27% of the way, with no change in this range.')
    expect(goalSentence({ title: 'Read 12 books', progress: 0, points: [...oneDay, { date: '2026-11-29', progress: 0 }] })).toBe(
      'Read 12 books: progress moved in this range and is back at 0% now.',
    )
    expect(goalSentence({ title: 'Read 12 books', progress: 10, points: [{ date: '2026-11-20', progress: 30 }, { date: '2026-11-28', progress: 10 }] })).toBe(
      'Read 12 books: progress fell from 30% on 20 Nov to 10% now.',
    )
    expect(goalSentence({ title: 'Read 12 books', progress: 0, points: [] })).toBe('Read 12 books: 0% of the way, with no change in this range.')
  })
})
