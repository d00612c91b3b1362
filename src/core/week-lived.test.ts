import { describe, expect, it } from 'vitest'
import type { Emotion } from './check-ins'
import type { Mood } from './moods'
import { describeWeek, journalForModel, RECAP_JOURNAL_CHARS, weekForModel, weekLivedOf, type WeekActivity } from './week-lived'

const quiet: WeekActivity = { checkIns: [], practices: 0, tasksDone: 0, goalsMoved: 0, journalEntries: 0 }
const moods = (...list: Mood[]) => list.map((mood) => ({ mood, emotions: [] as Emotion[] }))

describe('the week a recap starts from', () => {
  it('says nothing of a week that held nothing', () => {
    const week = weekLivedOf(quiet)
    expect(week).toEqual({ checkIns: 0, averageMood: null, moodTrend: null, topEmotions: [], practices: 0, tasksDone: 0, goalsMoved: 0, journalEntries: 0 })
    expect(describeWeek(week)).toBe('')
  })

  it('tells a mood that rose from the first half of the week to the second', () => {
    const week = weekLivedOf({ ...quiet, checkIns: moods('bad', 'bad', 'okay', 'good', 'good') })
    expect(week.moodTrend).toEqual({ direction: 'rose', from: 'bad', to: 'good' })
    expect(week.averageMood).toBe('okay')
    expect(describeWeek(week)).toBe('You checked in five times this week, and your mood rose from Bad to Good.')
  })

  it('tells a mood that fell, and calls a trend steady when the halves round to the same mood', () => {
    expect(weekLivedOf({ ...quiet, checkIns: moods('great', 'good', 'bad') }).moodTrend).toEqual({ direction: 'fell', from: 'great', to: 'bad' })
    const steady = weekLivedOf({ ...quiet, checkIns: moods('good', 'okay', 'good', 'good') })
    expect(steady.moodTrend?.direction).toBe('steady')
    expect(describeWeek(steady)).toBe('You checked in four times this week, feeling Good on the whole.')
  })

  it('has no trend with a single check-in', () => {
    const week = weekLivedOf({ ...quiet, checkIns: moods('awful') })
    expect(week.moodTrend).toBeNull()
    expect(describeWeek(week)).toBe('You checked in once this week, feeling Awful on the whole.')
  })

  it('counts the emotion words picked most, the earlier first among equals', () => {
    const week = weekLivedOf({
      ...quiet,
      checkIns: [
        { mood: 'okay', emotions: ['tired', 'calm'] },
        { mood: 'good', emotions: ['calm', 'grateful'] },
        { mood: 'good', emotions: ['grateful', 'proud', 'tired'] },
        { mood: 'okay', emotions: ['calm'] },
      ],
    })
    expect(week.topEmotions).toEqual(['calm', 'tired', 'grateful'])
    expect(describeWeek(week)).toContain('the word you picked most was calm.')
  })

  it('adds what the member did in a second sentence, leaving out what they did not', () => {
    const week = weekLivedOf({ checkIns: moods('okay', 'okay'), practices: 3, tasksDone: 1, goalsMoved: 0, journalEntries: 12 })
    expect(describeWeek(week)).toBe(
      'You checked in twice this week, feeling Okay on the whole. You also did three practices, ticked off one task and wrote 12 journal entries.',
    )
    expect(describeWeek(weekLivedOf({ ...quiet, goalsMoved: 1 }))).toBe('This week you moved one goal forward.')
  })

  it('gives a model the same facts, one a line', () => {
    const text = weekForModel(weekLivedOf({ checkIns: moods('bad', 'good'), practices: 2, tasksDone: 0, goalsMoved: 1, journalEntries: 0 }))
    expect(text.split('\n')).toEqual([
      'Check-ins: 2',
      'Average mood: Okay (moods run Awful, Bad, Okay, Good, Great)',
      'Mood over the week: rose, from Bad to Good',
      'Practices done: 2',
      'Weekly tasks ticked off: 0',
      'Goals moved forward: 1',
      'Journal entries written: 0',
    ])
  })
})

describe("the week's journal for a recap's model", () => {
  it('keeps short entries whole, oldest first, with their date and title', () => {
    const text = journalForModel([
      { localDate: '2026-11-16', title: 'Monday', body: 'A long walk by the river.' },
      { localDate: '2026-11-18', title: null, body: 'Tired, but I called my sister.' },
    ])
    expect(text).toBe('2026-11-16 — Monday\nA long walk by the river.\n\n2026-11-18\nTired, but I called my sister.')
  })

  it('cuts long entries so that all of them together stay within the budget, each keeping a share', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ localDate: `2026-11-1${i}`, title: null, body: `${'word '.repeat(2000)}end ${i}` }))
    const text = journalForModel(entries)
    expect(text.length).toBeLessThanOrEqual(RECAP_JOURNAL_CHARS)
    for (const entry of entries) expect(text).toContain(entry.localDate)
    expect(text.split('…')).toHaveLength(6)
  })
})
