import { CalendarDays, Flame, Lightbulb } from 'lucide-react'
import { useDeferredValue, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react'
import { Link, useLocation } from 'react-router'
import { checkInWord, MOODS } from '~/core/moods'
import { DIMENSION_INFO, DIMENSIONS } from '~/core/dimensions'
import { PATH_INFO, PATHS } from '~/core/paths'
import {
  dayMonth,
  dimensionsSentence,
  goalSentence,
  INSIGHT_MIN_DAYS,
  moodSentence,
  moodWord,
  practicesSentence,
  RANGE_INFO,
  spreadSentence,
  STATS_RANGES,
  STREAK_RULE,
  weekTotal,
  type StatsRange,
} from '~/core/stats'
import { focusHeading } from '~/web/app/route-focus'
import { useStats, type Stats } from '~/web/data/stats'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { LoadingShapes } from '~/web/ui/LoadingShapes'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { MenuPage } from '~/web/ui/MenuPage'
import { DimensionMultiples, MoodLine, MoodSpreadBars, PathLegend, PracticeBars, Sparkline } from './charts'

/**
 * Stats (docs/product.md#stats): the member's months in pictures over a range they choose, each chart with a sentence
 * and its numbers as a table, and the Insights that the side menu's Insights leads to.
 */
export default function StatsScreen() {
  const [range, setRange] = useState<StatsRange>('30d')
  const stats = useStats(range)
  // Drawing every chart is long work for a phone: it is done as a transition, which React renders in slices between
  // which the page stays responsive, while the shapes stay on screen.
  const data = useDeferredValue(stats.data)
  return (
    <MenuPage offline="waits">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {/* The Calendar is one tap inside Stats, which the app's navigation keeps marked there (docs/decisions/0058). */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Stats</h1>
          <Link
            to="/calendar"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/15 px-4 text-sm font-medium text-white transition-colors hover:bg-white/10 motion-reduce:transition-none"
          >
            <CalendarDays aria-hidden="true" className="size-4 text-glow" />
            Calendar
          </Link>
        </div>
        <RangeSwitch range={range} onChange={setRange} />
      </div>
      {stats.isError ? (
        <LoadRetry what="your stats" query={stats} />
      ) : data === undefined ? (
        <LoadingShapes label="Loading your stats..." className="space-y-6 pt-8">
          <div className="h-80 rounded-3xl bg-white/5" />
          <div className="h-64 rounded-3xl bg-white/5" />
        </LoadingShapes>
      ) : (
        <div aria-busy={stats.isPlaceholderData} className={stats.isPlaceholderData ? 'opacity-70 transition-opacity motion-reduce:transition-none' : undefined}>
          <Sections stats={data} />
        </div>
      )}
    </MenuPage>
  )
}

/** 30 days / 90 days / Year: radio buttons, so arrow keys move between them and the choice is announced. */
function RangeSwitch({ range, onChange }: { range: StatsRange; onChange: (range: StatsRange) => void }) {
  const name = useId()
  return (
    <fieldset className="flex rounded-full border border-white/15 bg-night-soft/80 p-1">
      <legend className="sr-only">Range</legend>
      {STATS_RANGES.map((option) => (
        <label
          key={option}
          className="relative cursor-pointer rounded-full px-4 py-2 text-sm font-medium text-mist transition-colors has-checked:bg-glow has-checked:text-night has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-glow motion-reduce:transition-none"
        >
          <input type="radio" name={name} value={option} checked={range === option} onChange={() => onChange(option)} className="sr-only" />
          {RANGE_INFO[option].label}
        </label>
      ))}
    </fieldset>
  )
}

const fullDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

function Sections({ stats }: { stats: Stats }) {
  const range = stats.range
  // A year's table crosses New Year: its days carry their year.
  const day = (date: string) => (range === 'year' ? fullDateFormat.format(new Date(`${date}T00:00:00Z`)) : dayMonth(date))
  const { hash } = useLocation()
  const insightsHeading = useRef<HTMLHeadingElement>(null)
  // The side menu's Insights opens /stats#insights: once drawn, the section is where the reader and the keyboard start.
  useEffect(() => {
    if (hash === '#insights' && insightsHeading.current) focusHeading(insightsHeading.current)
  }, [hash])
  return (
    <div className="space-y-6 pt-8">
      <Card title="Mood">
        {stats.mood.days.length === 0 ? (
          <Empty to="/weekly-dashboard" action="Check in on your weekly home">
            No check-ins in {RANGE_INFO[range].phrase} yet. A check-in takes a few seconds, and each one adds a day to this line.
          </Empty>
        ) : (
          <>
            <Figure
              sentence={moodSentence(stats.mood.days, range, stats.to)}
              what="the mood line"
              table={
                <NumbersTable
                  caption="Average mood on each day with a check-in"
                  head={['Day', 'Average mood', 'Check-ins']}
                  rows={stats.mood.days.map((d) => [day(d.date), `${moodWord(d.average)} (${d.average.toFixed(1)} of 5)`, String(d.checkIns)])}
                />
              }
            >
              <MoodLine days={stats.mood.days} from={stats.from} to={stats.to} />
            </Figure>
            <h3 className="mt-8 text-lg font-semibold text-white">Spread of moods</h3>
            <Figure
              sentence={spreadSentence(stats.mood.spread)}
              what="the spread of moods"
              table={<NumbersTable caption="Check-ins by mood" head={['Mood', 'Check-ins']} rows={MOODS.map((mood) => [checkInWord(mood), String(stats.mood.spread[mood])])} />}
            >
              <MoodSpreadBars spread={stats.mood.spread} />
            </Figure>
          </>
        )}
      </Card>

      <Card title="Practices">
        {stats.practices.every((week) => weekTotal(week) === 0) ? (
          <Empty to="/dashboard" action="Start a practice">
            No practices in {RANGE_INFO[range].phrase} yet. Your path&apos;s next step is waiting on the main dashboard.
          </Empty>
        ) : (
          <>
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Tile label="Practices completed" value={stats.practices.reduce((sum, week) => sum + weekTotal(week), 0)} />
              <Tile label="Minutes practised" value={stats.practices.reduce((sum, week) => sum + week.minutes, 0)} />
            </div>
            <Figure
              sentence={practicesSentence(stats.practices, range)}
              what="practices per week"
              table={
                <NumbersTable
                  caption="Practices completed each week, by path"
                  head={['Week of', ...PATHS.map((path) => PATH_INFO[path].title), 'Minutes']}
                  rows={stats.practices.map((week) => [day(week.weekStart), ...PATHS.map((path) => String(week.byPath[path])), String(week.minutes)])}
                />
              }
            >
              <PracticeBars weeks={stats.practices} />
              <PathLegend />
              <p className="mt-3 text-sm">Minutes come from each timed exercise&apos;s length; a log (a walk, a kind act) counts as a practice without minutes.</p>
            </Figure>
          </>
        )}
      </Card>

      {stats.streak && (
        <Card title="Streak">
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Tile label="Current streak" value={stats.streak.current} unit="days" icon={<Flame aria-hidden="true" className="size-4 text-dawn" />} />
            <Tile label="Longest streak" value={stats.streak.longest} unit="days" />
          </div>
          <p className="mt-4 text-sm">{STREAK_RULE}</p>
          <p className="mt-1 text-sm">
            You can hide streaks in{' '}
            <Link to="/settings" className="text-white underline underline-offset-4">
              Settings
            </Link>
            .
          </p>
        </Card>
      )}

      <Card title="Dimensions">
        {stats.dimensions.length === 0 ? (
          <Empty to="/weekly-dashboard" action="Go to your weekly home">
            Your seven dimensions appear here week by week as you check in, practise and work on your goals.
          </Empty>
        ) : (
          <Figure
            sentence={dimensionsSentence(stats.dimensions)}
            what="the dimensions week by week"
            table={
              <NumbersTable
                caption="Each dimension's value, 0 to 100, week by week"
                head={['Week of', ...DIMENSIONS.map((d) => DIMENSION_INFO[d].label)]}
                rows={stats.dimensions.map((week) => [day(week.weekStart), ...DIMENSIONS.map((d) => String(week.scores[d]))])}
              />
            }
          >
            <DimensionMultiples weeks={stats.dimensions} />
          </Figure>
        )}
      </Card>

      <Card title="Goals">
        {stats.goals.length === 0 ? (
          <Empty to="/achievements-goals" action="Set a goal">
            No active goals yet. A goal you set with Olo shows its progress here, update by update.
          </Empty>
        ) : (
          <ul className="mt-4 space-y-5">
            {stats.goals.map((goal) => (
              <li key={goal.id} className="rounded-2xl border border-white/10 bg-night/60 p-4">
                <p className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium break-words text-white">{goal.title}</span>
                  <span className="shrink-0 text-white tabular-nums">{goal.progress}%</span>
                </p>
                <Figure
                  sentence={goalSentence(goal)}
                  what={`the progress of ${goal.title}`}
                  table={
                    <NumbersTable
                      caption={`Progress updates of ${goal.title}`}
                      head={['Day', 'Progress', goal.unit ? `Value (${goal.unit})` : 'Value']}
                      rows={goal.points.map((point) => [day(point.date), `${point.progress}%`, String(point.value)])}
                    />
                  }
                >
                  <Sparkline values={goal.points.map((point) => point.progress)} color="#ffd9a0" />
                </Figure>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Insights" id="insights" headingRef={insightsHeading}>
        {stats.insights.length === 0 ? (
          <p className="mt-3">
            Insights appear once there are enough days to say something honestly: for instance {INSIGHT_MIN_DAYS.practiceMood} days with a check-in on days you
            practise and {INSIGHT_MIN_DAYS.practiceMood} on other days. Each one says how many days it rests on.
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {stats.insights.map((insight) => (
              <li key={insight.kind} className="flex gap-3 rounded-2xl border border-white/10 bg-night/60 p-4 text-white">
                <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-dawn" />
                <span>{insight.sentence}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

/** A section of the screen: a glowing card named by its heading. */
function Card({ title, id, headingRef, children }: { title: string; id?: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const headingId = useId()
  return (
    <section id={id} aria-labelledby={headingId} className="relative scroll-mt-6 overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow/10 blur-3xl" />
      <h2 ref={headingRef} id={headingId} className="relative scroll-mt-6 text-xl font-semibold text-white">
        {title}
      </h2>
      <div className="relative">{children}</div>
    </section>
  )
}

/** A chart with its sentence (what a screen reader reads for it) and its numbers, a table the member can open. */
function Figure({ sentence, what, table, children }: { sentence: string; what: string; table: ReactNode; children: ReactNode }) {
  return (
    <figure className="mt-3">
      <figcaption className="mb-3 text-sm">{sentence}</figcaption>
      {children}
      <details className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-1 text-sm font-medium text-white underline-offset-4 hover:underline">
          Show the numbers<span className="sr-only"> of {what}</span>
        </summary>
        {/* Focusable, so a long table scrolls by keyboard too. */}
        <div tabIndex={0} role="group" aria-label={`The numbers of ${what}`} className="mt-2 max-h-80 overflow-auto rounded-2xl border border-white/10">
          {table}
        </div>
      </details>
    </figure>
  )
}

function NumbersTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-night-soft">
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col" className="px-2 py-2 font-medium text-white sm:px-3">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]} className="border-t border-white/5">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 font-normal whitespace-nowrap sm:px-3">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 whitespace-nowrap sm:px-3">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What a section shows before there is anything to draw: the first step, not an empty axis. */
function Empty({ to, action, children }: { to: string; action: string; children: ReactNode }) {
  return (
    <div className="mt-3">
      <p>{children}</p>
      <Link to={to} className={`${SECONDARY_BUTTON} mt-4`}>
        {action}
      </Link>
    </div>
  )
}

/** One number with its label: a streak, or what a range's practices add up to. */
function Tile({ label, value, unit, icon }: { label: string; value: number; unit?: 'days'; icon?: ReactNode }) {
  return (
    <div className="flex flex-col justify-between rounded-2xl border border-white/10 bg-night/60 p-4">
      <p className="flex items-center gap-1.5 text-sm">
        {icon}
        {label}
      </p>
      <p className="mt-1 text-white">
        <span className="text-3xl font-semibold tabular-nums">{value}</span>
        {unit && ` ${value === 1 ? 'day' : 'days'}`}
      </p>
    </div>
  )
}
