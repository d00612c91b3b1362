import { DIMENSION_INFO, DIMENSIONS, type Dimension } from '~/core/dimensions'
import { Orb } from '~/web/ui/DimensionOrbs'

type WeekOrbsProps = {
  /** Each dimension's score, 0–100 (docs/product.md#orbs). */
  orbs: Record<Dimension, number>
  newcomer: boolean
}

// The ring's circle in a 0–100 viewBox; pathLength 100 lets the dash read as a plain percent.
const RING_RADIUS = 46

/** The seven dimensions as orbs that glow brighter, and rings that close, as their scores grow. */
export function WeekOrbs({ orbs, newcomer }: WeekOrbsProps) {
  return (
    <section aria-labelledby="week-orbs-heading" className="mt-8">
      <h2 id="week-orbs-heading" className="text-lg font-semibold text-white">
        Your dimensions
      </h2>
      {newcomer && (
        <p className="mt-1 text-sm text-mist">Practices, weekly tasks and goals light up your orbs.</p>
      )}
      <ul aria-labelledby="week-orbs-heading" className="mt-5 flex flex-wrap justify-center gap-x-4 gap-y-6 sm:gap-x-6">
        {DIMENSIONS.map((dimension, index) => (
          <DimensionOrb key={dimension} dimension={dimension} value={orbs[dimension]} index={index} />
        ))}
      </ul>
    </section>
  )
}

function DimensionOrb({ dimension, value, index }: { dimension: Dimension; value: number; index: number }) {
  const { label, color } = DIMENSION_INFO[dimension]
  const percent = Math.max(0, Math.min(100, Math.round(value)))
  const lit = percent / 100
  return (
    <li className="flex w-[4.5rem] flex-col items-center sm:w-20">
      <span aria-hidden="true" className="relative block size-16 sm:size-[4.5rem]">
        <svg viewBox="0 0 100 100" className="absolute inset-0 size-full -rotate-90">
          <circle cx="50" cy="50" r={RING_RADIUS} fill="none" stroke="currentColor" strokeWidth="3" className="text-white/10" />
          <circle
            cx="50"
            cy="50"
            r={RING_RADIUS}
            fill="none"
            stroke={color}
            strokeWidth="3"
            strokeLinecap="round"
            pathLength={100}
            strokeDasharray={`${percent} 100`}
            // A zero-length dash with round caps would still draw a dot.
            strokeOpacity={percent > 0 ? 1 : 0}
            className="transition-[stroke-dasharray] duration-1000 ease-out motion-reduce:transition-none"
          />
        </svg>
        <span
          className="absolute inset-[18%] block transition-[opacity,filter] duration-1000 motion-reduce:transition-none"
          // An unlit orb is a dim, greyed ember rather than missing, so the seven always read as a set.
          style={{ opacity: 0.35 + 0.65 * lit, filter: `saturate(${0.35 + 0.65 * lit})` }}
        >
          {/* Only lit orbs breathe: seven dim orbs moving at once would be busy for no news. */}
          <Orb color={color} className="size-full" breatheDelay={index * 0.7} still={percent === 0} />
        </span>
      </span>
      <span className="mt-2 text-center text-sm leading-tight text-mist">{label}</span>
      <span className="text-sm font-semibold text-white tabular-nums">{percent}%</span>
    </li>
  )
}
