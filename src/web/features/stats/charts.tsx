import { Bar, BarStack, LinePath } from '@visx/shape'
import { scaleBand, scaleLinear } from '@visx/scale'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { checkInWord, MOODS } from '~/core/moods'
import { moodNearest } from '~/core/mood-scores'
import { DIMENSION_INFO, DIMENSIONS, type Dimension } from '~/core/dimensions'
import { PATH_INFO, PATHS, type PathName } from '~/core/paths'
import { dayMonth, moodSeries, weekTotal, type MoodDay, type MoodSpread, type PracticeWeek } from '~/core/stats'

/*
 * The Stats charts (docs/decisions/0040): SVG drawn with visx's shapes and scales, sized to their box so words stay
 * readable on a phone. Each is hidden from screen readers, which read the figure's sentence and its table instead.
 */

/** Each path's colour: that of the first dimension it serves, so the charts speak the orbs' colours. */
const PATH_COLORS: Record<PathName, string> = {
  mind: DIMENSION_INFO.mind.color,
  energy: DIMENSION_INFO.body.color,
  calm: DIMENSION_INFO.spirit.color,
  connection: DIMENSION_INFO.connection.color,
}

const AXIS_TEXT = '#c9c4e8'
const GRID = 'rgba(255,255,255,0.08)'

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' })
/** An axis label: '3 Mar' within a few months, 'Mar 2026' across a year, where a day would say too little. */
const axisDate = (date: string, span: number) => (span > 120 ? monthFormat.format(new Date(`${date}T00:00:00Z`)) : dayMonth(date))

/** The width of an element, followed as it changes; 0 until it is laid out. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/** A chart's box: the SVG at the box's width, drawn once the width is known (the height is kept from the start). */
function ChartBox({ height, children }: { height: number; children: (width: number) => ReactNode }) {
  const { ref, width } = useWidth<HTMLDivElement>()
  return (
    <div ref={ref} style={{ height }} className="w-full">
      {width > 0 && (
        <svg aria-hidden="true" focusable="false" width={width} height={height} className="block overflow-visible motion-safe:animate-chart-in">
          {children(width)}
        </svg>
      )}
    </div>
  )
}

/** Up to `count` evenly spread items of a list, its first and last included. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items]
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!)
}

/** How many dates an axis names: three on a phone, where four 'Mar 2026's would touch, four where there is room. */
const axisLabels = (width: number) => (width < 480 ? 3 : 4)

/** The daily average mood as a line over the range, broken where a day has no check-in, a dot on each day that has. */
export function MoodLine({ days, from, to }: { days: readonly MoodDay[]; from: string; to: string }) {
  const series = moodSeries(days, from, to)
  const margin = { top: 10, right: 8, bottom: 26, left: 52 }
  const height = 220
  return (
    <ChartBox height={height}>
      {(width) => {
        const x = scaleLinear({ domain: [0, Math.max(1, series.length - 1)], range: [margin.left, width - margin.right] })
        const y = scaleLinear({ domain: [1, 5], range: [height - margin.bottom, margin.top] })
        const points = series.map((point, index) => ({ ...point, index }))
        const dot = width / series.length > 6 ? 3.5 : 2.5
        return (
          <>
            {MOODS.map((mood, i) => (
              <g key={mood}>
                <line x1={margin.left} x2={width - margin.right} y1={y(i + 1)} y2={y(i + 1)} stroke={GRID} />
                <text x={margin.left - 8} y={y(i + 1)} dy="0.32em" textAnchor="end" fontSize={12} style={{ fill: `var(--color-mood-${mood})` }}>
                  {checkInWord(mood)}
                </text>
              </g>
            ))}
            {spread(points, axisLabels(width)).map((point) => (
              <text key={point.date} x={x(point.index)} y={height - 6} fontSize={12} fill={AXIS_TEXT} textAnchor={point.index === 0 ? 'start' : point.index === points.length - 1 ? 'end' : 'middle'}>
                {axisDate(point.date, points.length)}
              </text>
            ))}
            <LinePath
              data={points}
              defined={(point) => point.average !== null}
              x={(point) => x(point.index)}
              y={(point) => y(point.average ?? 1)}
              stroke="#c9a2ff"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
            {points.map((point) =>
              point.average === null ? null : <circle key={point.date} cx={x(point.index)} cy={y(point.average)} r={dot} style={{ fill: `var(--color-mood-${moodNearest(point.average)})` }} />,
            )}
          </>
        )
      }}
    </ChartBox>
  )
}

/** How many check-ins carried each mood: five bars in the moods' colours. */
export function MoodSpreadBars({ spread: counts }: { spread: MoodSpread }) {
  const height = 150
  const margin = { top: 18, bottom: 22 }
  const most = Math.max(1, ...MOODS.map((mood) => counts[mood]))
  return (
    <ChartBox height={height}>
      {(width) => {
        const x = scaleBand({ domain: [...MOODS], range: [0, width], padding: 0.3 })
        const y = scaleLinear({ domain: [0, most], range: [height - margin.bottom, margin.top] })
        return MOODS.map((mood) => {
          const left = x(mood) ?? 0
          const top = y(counts[mood])
          return (
            <g key={mood}>
              <line x1={left} x2={left + x.bandwidth()} y1={height - margin.bottom} y2={height - margin.bottom} style={{ stroke: `var(--color-mood-${mood})` }} strokeOpacity={0.4} strokeWidth={2} />
              <Bar x={left} y={top} width={x.bandwidth()} height={height - margin.bottom - top} rx={6} style={{ fill: `var(--color-mood-${mood})` }} />
              <text x={left + x.bandwidth() / 2} y={top - 5} textAnchor="middle" fontSize={12} fill="#fff">
                {counts[mood]}
              </text>
              <text x={left + x.bandwidth() / 2} y={height - 5} textAnchor="middle" fontSize={12} fill={AXIS_TEXT}>
                {checkInWord(mood)}
              </text>
            </g>
          )
        })
      }}
    </ChartBox>
  )
}

/** Practices per week, stacked by path. */
export function PracticeBars({ weeks }: { weeks: readonly PracticeWeek[] }) {
  const height = 200
  const margin = { top: 10, right: 4, bottom: 26, left: 28 }
  const most = Math.max(1, ...weeks.map(weekTotal))
  const rows = weeks.map((week) => ({ weekStart: week.weekStart, ...week.byPath }))
  return (
    <ChartBox height={height}>
      {(width) => {
        const x = scaleBand({ domain: weeks.map((w) => w.weekStart), range: [margin.left, width - margin.right], padding: weeks.length > 20 ? 0.15 : 0.3 })
        const y = scaleLinear({ domain: [0, most], range: [height - margin.bottom, margin.top], nice: true })
        return (
          <>
            {y.ticks(Math.min(4, most)).map((tick) => (
              <g key={tick}>
                <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} stroke={GRID} />
                <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill={AXIS_TEXT}>
                  {tick}
                </text>
              </g>
            ))}
            <BarStack data={rows} keys={[...PATHS]} x={(row) => row.weekStart} xScale={x} yScale={y} color={(path) => PATH_COLORS[path]}>
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars.map((bar) =>
                    bar.height > 0 ? <rect key={`${stack.index}-${bar.index}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.color} rx={Math.min(3, bar.width / 4)} /> : null,
                  ),
                )
              }
            </BarStack>
            {spread(weeks, axisLabels(width)).map((week, i, shown) => (
              <text
                key={week.weekStart}
                x={(x(week.weekStart) ?? 0) + x.bandwidth() / 2}
                y={height - 6}
                fontSize={12}
                fill={AXIS_TEXT}
                textAnchor={i === 0 && shown.length > 1 ? 'start' : i === shown.length - 1 && shown.length > 1 ? 'end' : 'middle'}
              >
                {axisDate(week.weekStart, weeks.length * 7)}
              </text>
            ))}
          </>
        )
      }}
    </ChartBox>
  )
}

/** The paths' colours and names, for the practices chart. */
export function PathLegend() {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {PATHS.map((path) => (
        <li key={path} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm" style={{ backgroundColor: PATH_COLORS[path] }} />
          {PATH_INFO[path].title}
        </li>
      ))}
    </ul>
  )
}

/** A small line of values from 0 to 100 over time: one dimension's weeks, or a goal's progress. */
export function Sparkline({ values, color, height = 56 }: { values: readonly number[]; color: string; height?: number }) {
  return (
    <ChartBox height={height}>
      {(width) => {
        const x = scaleLinear({ domain: [0, Math.max(1, values.length - 1)], range: [3, width - 3] })
        const y = scaleLinear({ domain: [0, 100], range: [height - 3, 3] })
        const points = values.map((value, index) => ({ value, index }))
        return (
          <>
            <line x1={0} x2={width} y1={height - 3} y2={height - 3} stroke={GRID} />
            <LinePath data={points} x={(p) => x(p.index)} y={(p) => y(p.value)} stroke={color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
            {points.length > 0 && <circle cx={x(points.length - 1)} cy={y(points.at(-1)!.value)} r={3.5} fill={color} />}
          </>
        )
      }}
    </ChartBox>
  )
}

/** The seven dimensions week by week, as small multiples on one scale, each with its latest value. */
export function DimensionMultiples({ weeks }: { weeks: readonly { weekStart: string; scores: Record<Dimension, number> }[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {DIMENSIONS.map((dimension) => {
        const info = DIMENSION_INFO[dimension]
        return (
          <li key={dimension} className="rounded-2xl border border-white/10 bg-night/60 p-3">
            <p className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium" style={{ color: info.color }}>
                {info.label}
              </span>
              <span className="text-white tabular-nums">{weeks.at(-1)?.scores[dimension] ?? 0}</span>
            </p>
            <div className="mt-2">
              <Sparkline values={weeks.map((week) => week.scores[dimension])} color={info.color} height={44} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
