import { ArrowRight, BookOpen, Sparkles, Sun, type LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { checkInWord } from '~/core/moods'
import type { CalendarDay, CalendarItems } from '~/web/data/calendar'
import { Section } from './grid'
import { MoodGlyph, sayDay } from './marks'

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })
const sayTime = (at: string) => timeFormat.format(new Date(at))


/**
 * The chosen day's list (docs/product.md#calendar): its check-ins as they were given, its practices (each leads to the
 * path they were on) and its journal entries (each opens on the journal), and a recap finished on it.
 */
export function DayDetails({ date, day, items, today }: { date: string; day: CalendarDay | undefined; items: CalendarItems; today: boolean }) {
  const headingId = useId()
  const checkIns = items.checkIns.filter((c) => c.date === date)
  const practices = items.practices.filter((p) => p.date === date)
  const entries = items.journal.filter((e) => e.date === date)
  const recaps = items.recaps.filter((r) => r.date === date)
  const nothing = checkIns.length + practices.length + entries.length + recaps.length === 0

  return (
    <Section labelledBy={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-white">
        {sayDay(date)}
      </h2>
      {day?.mood && (
        <p className="mt-1 flex items-center gap-2 text-mist">
          <span className="grid size-5 place-items-center rounded-md" style={{ backgroundColor: `var(--color-mood-${day.mood})` }}>
            <MoodGlyph mood={day.mood} />
          </span>
          On average {checkInWord(day.mood)}
        </p>
      )}
      {nothing && (
        <p className="mt-3 text-mist">
          Nothing was recorded on this day.{' '}
          {today && (
            <Link to="/weekly-dashboard" className="font-semibold text-white underline underline-offset-4 hover:text-dawn">
              Check in now
            </Link>
          )}
        </p>
      )}

      {checkIns.length > 0 && (
        <Group title="Check-ins">
          {checkIns.map((checkIn) => (
            <li key={checkIn.id} className="flex gap-3 rounded-2xl border border-white/10 bg-white/5 px-4 py-3">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-lg" style={{ backgroundColor: `var(--color-mood-${checkIn.mood})` }}>
                <MoodGlyph mood={checkIn.mood} className="size-4" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-white">
                  {checkInWord(checkIn.mood)} <span className="font-normal text-mist">at {sayTime(checkIn.at)}</span>
                </p>
                {checkIn.emotions.length > 0 && <p className="text-sm text-mist">{checkIn.emotions.join(', ')}</p>}
                {checkIn.note && <p className="mt-1 break-words whitespace-pre-wrap text-white/90">{checkIn.note}</p>}
              </div>
            </li>
          ))}
          {today && (
            <li>
              <Link to="/weekly-dashboard" className="inline-flex min-h-11 items-center gap-1 font-semibold text-white underline underline-offset-4 hover:text-dawn">
                Today&apos;s check-ins on your weekly home
              </Link>
            </li>
          )}
        </Group>
      )}

      {practices.length > 0 && (
        <Group title="Practices">
          {practices.map((practice) => (
            <li key={practice.id}>
              <ItemLink to="/dashboard" icon={Sparkles} title={practice.name}>
                {practice.pathTitle} path, at {sayTime(practice.at)}
              </ItemLink>
            </li>
          ))}
        </Group>
      )}

      {entries.length > 0 && (
        <Group title="Journal">
          {entries.map((entry) => (
            <li key={entry.id}>
              <ItemLink to={`/journal?entry=${entry.id}`} icon={BookOpen} title={entry.title ?? `Written at ${sayTime(entry.at)}`}>
                <span className="line-clamp-2 break-words">{entry.excerpt}</span>
              </ItemLink>
            </li>
          ))}
        </Group>
      )}

      {recaps.length > 0 && (
        <Group title="Weekly recap">
          <li className="flex min-h-12 items-center gap-3 rounded-2xl border border-white/10 bg-white/5 px-4 py-3 text-white">
            <Sun aria-hidden="true" className="size-5 shrink-0 text-dawn" />
            You finished your weekly recap with Olo.
          </li>
        </Group>
      )}
    </Section>
  )
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="mt-5">
      <h3 id={id} className="text-sm font-medium tracking-widest text-mist uppercase">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-2 space-y-2">
        {children}
      </ul>
    </div>
  )
}

/** A practice or an entry in the day's list: a link to where it lives, named by its title. */
function ItemLink({ to, icon: Icon, title, children }: { to: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Link to={to} className="group flex min-h-12 items-center gap-3 rounded-2xl border border-white/10 bg-white/5 px-4 py-3 transition-colors hover:bg-white/10 motion-reduce:transition-none">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-dawn" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-white">{title}</span>
        <span className="block text-sm text-mist">{children}</span>
      </span>
      <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-mist group-hover:text-white" />
    </Link>
  )
}
