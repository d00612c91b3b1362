import type { Emotion } from './check-ins'
import { checkInWord, type Mood } from './moods'
import { moodNearest, moodScore } from './mood-scores'

/**
 * What a member's last seven days held, gathered when their weekly recap starts (docs/product.md#weekly-recap): Olo
 * opens with it, and a model reads it in its instructions.
 */
export interface WeekLived {
  checkIns: number
  /** The average mood in words; null without check-ins. */
  averageMood: Mood | null
  /** How the mood moved from the first half of the week's check-ins to the second; null with fewer than two. */
  moodTrend: { direction: 'rose' | 'fell' | 'steady'; from: Mood; to: Mood } | null
  /** The emotion words picked most often, most frequent first, at most three. */
  topEmotions: Emotion[]
  practices: number
  tasksDone: number
  goalsMoved: number
  journalEntries: number
}

export interface WeekActivity {
  /** The week's check-ins, oldest first. */
  checkIns: readonly { mood: Mood; emotions: readonly Emotion[] }[]
  practices: number
  tasksDone: number
  goalsMoved: number
  journalEntries: number
}

const average = (moods: readonly { mood: Mood }[]) => moods.reduce((sum, { mood }) => sum + moodScore(mood), 0) / moods.length

/** The week's numbers from its rows. */
export function weekLivedOf(activity: WeekActivity): WeekLived {
  const { checkIns } = activity
  const half = Math.floor(checkIns.length / 2)
  let moodTrend: WeekLived['moodTrend'] = null
  if (checkIns.length >= 2) {
    // The halves' averages, said as the nearest moods: a trend is only called one when those words differ.
    const from = moodNearest(average(checkIns.slice(0, half)))
    const to = moodNearest(average(checkIns.slice(checkIns.length - half)))
    moodTrend = { direction: from === to ? 'steady' : moodScore(to) > moodScore(from) ? 'rose' : 'fell', from, to }
  }
  const tally = new Map<Emotion, number>()
  for (const { emotions } of checkIns) for (const emotion of emotions) tally.set(emotion, (tally.get(emotion) ?? 0) + 1)
  const topEmotions = [...tally]
    // Most picked first; among equals, the one picked first in the week.
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([emotion]) => emotion)
  return {
    checkIns: checkIns.length,
    averageMood: checkIns.length > 0 ? moodNearest(average(checkIns)) : null,
    moodTrend,
    topEmotions,
    practices: activity.practices,
    tasksDone: activity.tasksDone,
    goalsMoved: activity.goalsMoved,
    journalEntries: activity.journalEntries,
  }
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** A count as people say it: words up to ten, digits above. */
function counted(n: number, one: string, many: string) {
  return `${NUMBER_WORDS[n] ?? String(n)} ${n === 1 ? one : many}`
}

function listed(items: readonly string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

const moodWord = (mood: Mood) => checkInWord(mood)

/**
 * The week in one or two plain sentences, as Olo opens the recap with it: how often and how the member checked in,
 * then what they did. Empty when the week holds nothing to tell.
 */
export function describeWeek(week: WeekLived): string {
  const sentences: string[] = []
  if (week.checkIns > 0) {
    let mood = ''
    if (week.moodTrend && week.moodTrend.direction !== 'steady') {
      mood = `, and your mood ${week.moodTrend.direction} from ${moodWord(week.moodTrend.from)} to ${moodWord(week.moodTrend.to)}`
    } else if (week.averageMood) {
      mood = `, feeling ${moodWord(week.averageMood)} on the whole`
    }
    const words = week.topEmotions.length > 0 ? `; the word you picked most was ${week.topEmotions[0]}` : ''
    sentences.push(`You checked in ${week.checkIns === 1 ? 'once' : week.checkIns === 2 ? 'twice' : `${counted(week.checkIns, 'time', 'times')}`} this week${mood}${words}.`)
  }
  const done = [
    week.practices > 0 ? `did ${counted(week.practices, 'practice', 'practices')}` : '',
    week.tasksDone > 0 ? `ticked off ${counted(week.tasksDone, 'task', 'tasks')}` : '',
    week.goalsMoved > 0 ? `moved ${counted(week.goalsMoved, 'goal', 'goals')} forward` : '',
    week.journalEntries > 0 ? `wrote ${counted(week.journalEntries, 'journal entry', 'journal entries')}` : '',
  ].filter(Boolean)
  if (done.length > 0) sentences.push(`${sentences.length > 0 ? 'You also' : 'This week you'} ${listed(done)}.`)
  return sentences.join(' ')
}

/** The week as a model reads it in its instructions: the same facts, one per line. */
export function weekForModel(week: WeekLived): string {
  return [
    `Check-ins: ${week.checkIns}`,
    week.averageMood ? `Average mood: ${moodWord(week.averageMood)} (moods run Awful, Bad, Okay, Good, Great)` : '',
    week.moodTrend ? `Mood over the week: ${week.moodTrend.direction}, from ${moodWord(week.moodTrend.from)} to ${moodWord(week.moodTrend.to)}` : '',
    week.topEmotions.length > 0 ? `Emotion words picked most: ${week.topEmotions.join(', ')}` : '',
    `Practices done: ${week.practices}`,
    `Weekly tasks ticked off: ${week.tasksDone}`,
    `Goals moved forward: ${week.goalsMoved}`,
    `Journal entries written: ${week.journalEntries}`,
  ]
    .filter(Boolean)
    .join('\n')
}

const SEPARATOR = '\n\n'

/** How much of the week's journal a recap's model may read, in characters, all entries together. */
export const RECAP_JOURNAL_CHARS = 6000

/**
 * The week's journal entries as a model reads them when the member allowed it: oldest first, each cut so that together
 * they stay within RECAP_JOURNAL_CHARS, every entry keeping an equal share of what is left.
 */
export function journalForModel(entries: readonly { localDate: string; title: string | null; body: string }[], budget = RECAP_JOURNAL_CHARS): string {
  const parts: string[] = []
  let left = budget
  entries.forEach((entry, index) => {
    const separator = index === 0 ? 0 : SEPARATOR.length
    const share = Math.floor(left / (entries.length - index)) - separator
    const heading = `${entry.localDate}${entry.title ? ` — ${entry.title}` : ''}\n`
    const room = Math.max(0, share - heading.length)
    const text = entry.body.length > room ? `${entry.body.slice(0, Math.max(0, room - 1))}…` : entry.body
    const part = heading + text
    parts.push(part)
    left -= separator + part.length
  })
  return parts.join(SEPARATOR).slice(0, budget)
}
