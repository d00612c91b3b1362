import { BookOpen, Sparkles, Sun, type LucideIcon } from 'lucide-react'
import { checkInWord, MOODS, type Mood } from '~/core/moods'
import type { CalendarDay } from '~/web/data/calendar'

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

const noon = (date: string) => new Date(`${date}T12:00:00Z`)
/** 'Tuesday 3 March', as the journal says a day. */
export const sayDay = (date: string) => dayFormat.format(noon(date))
/** 'March 2026'. */
export const sayMonth = (month: string) => monthFormat.format(noon(`${month}-15`))

/**
 * Each mood's pattern, so colour is not the only cue: arrows pointing down for the low moods, up for the high ones, a
 * level line for okay (docs/product.md#calendar).
 */
const GLYPHS: Record<Mood, string> = {
  awful: 'M3 3.5l3 2.5 3-2.5M3 7l3 2.5 3-2.5',
  bad: 'M3 5l3 2.5 3-2.5',
  okay: 'M2.5 6h7',
  good: 'M3 7l3-2.5 3 2.5',
  great: 'M3 5l3-2.5 3 2.5M3 8.5l3-2.5 3 2.5',
}

export function MoodGlyph({ mood, className = 'size-3' }: { mood: Mood; className?: string }) {
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" className={className}>
      <path d={GLYPHS[mood]} fill="none" stroke="#0e0c1d" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** What else happened on a day, each with its icon; the check-ins are the day's colour. */
export const MARKS: readonly { key: 'practices' | 'journal' | 'recap'; label: string; icon: LucideIcon }[] = [
  { key: 'practices', label: 'Practice', icon: Sparkles },
  { key: 'journal', label: 'Journal entry', icon: BookOpen },
  { key: 'recap', label: 'Weekly recap', icon: Sun },
]

const counted = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`)

/** A day as a screen reader hears it: the date, its mood in words, and what happened. */
export function dayLabel(date: string, day: CalendarDay | undefined, { today = false } = {}) {
  const parts = [sayDay(date)]
  if (today) parts.push('today')
  if (!day) return [...parts, 'nothing recorded'].join(', ')
  if (day.mood) parts.push(`${checkInWord(day.mood)} (${counted(day.checkIns, 'check-in', 'check-ins')})`)
  if (day.practices > 0) parts.push(counted(day.practices, 'practice', 'practices'))
  if (day.journal > 0) parts.push(counted(day.journal, 'journal entry', 'journal entries'))
  if (day.recap) parts.push('weekly recap done')
  return parts.join(', ')
}

/** The key under the grid: the five moods with their colours and patterns, and the marks where the grid draws them. */
export function Legend({ marks = true }: { marks?: boolean }) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-mist">
      <h3 className="sr-only">Key</h3>
      <ul className="flex flex-wrap gap-x-3 gap-y-2">
        {MOODS.map((mood) => (
          <li key={mood} className="flex items-center gap-1.5">
            <span className="grid size-5 place-items-center rounded-md" style={{ backgroundColor: `var(--color-mood-${mood})` }}>
              <MoodGlyph mood={mood} />
            </span>
            {checkInWord(mood)}
          </li>
        ))}
      </ul>
      {marks && (
        <ul className="flex flex-wrap gap-x-3 gap-y-2">
          {MARKS.map(({ key, label, icon: Icon }) => (
            <li key={key} className="flex items-center gap-1.5">
              <Icon aria-hidden="true" className="size-4 text-dawn" />
              {label}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
