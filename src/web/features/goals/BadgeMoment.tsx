import { Award } from 'lucide-react'
import { useId, useRef, type CSSProperties } from 'react'
import { percentileWording } from '~/core/goals'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { useModal } from '~/web/ui/useModal'
import type { Achievement } from '~/web/data/goals'
import { TIER_COLOURS, tierStyle, TierMedal } from './tiers'

/**
 * The moment a progress update earns a tier (decision 0019): the badge large in its tier's colour, rising with a
 * shimmer across it, or simply fading in when the person has asked for less motion; what it means in words; and the
 * way on. A dialog: the keyboard moves into it, Escape and Close end it, and focus goes back where it was.
 * `earned` is highest tier first, as the server lists it; the highest is the one shown, the others named under it.
 */
export function BadgeMoment({ earned, onClose, onShowAchievements }: { earned: readonly Achievement[]; onClose: () => void; onShowAchievements: () => void }) {
  const headingId = useId()
  const wordsId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  useModal(panelRef, onClose)
  const [top, ...others] = earned
  if (!top) return null
  const { tier, goal, imageUrl } = top
  const { light, dark } = TIER_COLOURS[tier]
  const alt = `${tier} badge for ${goal.title}`
  // The shimmer runs over the badge alone: masked by the drawing itself, or clipped to the medal standing in for it.
  const shimmerShape: CSSProperties = imageUrl
    ? { maskImage: `url("${imageUrl}")`, maskSize: 'contain', maskRepeat: 'no-repeat', maskPosition: 'center' }
    : { clipPath: tierStyle(tier).clipPath }

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      aria-describedby={wordsId}
      tabIndex={-1}
      className="fixed inset-0 z-50 overflow-y-auto bg-night/90 backdrop-blur-sm focus:outline-none"
    >
      <div className="flex min-h-full items-center justify-center px-5 py-10">
        <div
          className="relative w-full max-w-sm overflow-hidden rounded-3xl border p-6 text-center sm:p-8"
          style={{ borderColor: `${light}55`, background: `radial-gradient(circle at 50% 30%, ${dark}66 0%, #17142c 70%)` }}
        >
          <p className="text-sm font-semibold tracking-widest uppercase" style={{ color: light }}>
            <Award aria-hidden="true" className="mr-1 inline size-4 align-[-3px]" />
            {tier} earned
          </p>
          <div data-testid="badge-moment-badge" className="fade-when-still relative mx-auto mt-5 w-fit animate-badge-rise">
            <div aria-hidden="true" className="absolute inset-0 scale-110 rounded-full blur-2xl" style={{ background: `${light}40` }} />
            {imageUrl ? (
              <img src={imageUrl} alt={alt} width={256} height={334} className="relative h-60 w-auto sm:h-72" />
            ) : (
              <TierMedal tier={tier} label={alt} className="relative size-44" />
            )}
            <span aria-hidden="true" className="absolute inset-0 overflow-hidden motion-reduce:hidden" style={shimmerShape}>
              <span className="absolute inset-y-0 -left-1/3 w-1/3 animate-badge-shimmer bg-linear-to-r from-transparent via-white/70 to-transparent" />
            </span>
          </div>
          <h2 id={headingId} className="mt-6 text-2xl font-semibold text-white">
            You earned {tier}!
          </h2>
          <p className="mt-1 break-words">For “{goal.title}”</p>
          <p id={wordsId} className="mx-auto mt-4 w-fit rounded-full px-4 py-1.5 text-sm font-semibold" style={{ color: light, background: `${light}1f` }}>
            {percentileWording(top.percentile, top.cohort)}
          </p>
          {others.length > 0 && <p className="mt-3 text-sm">Along with {listOf(others.map((a) => a.tier).reverse())}.</p>}
          <div className="mt-7 flex flex-col items-center gap-3">
            <button type="button" onClick={onShowAchievements} className={PRIMARY_BUTTON}>
              See your achievements
            </button>
            <button type="button" onClick={onClose} className={SECONDARY_BUTTON}>
              Close
            </button>
          </div>
        </div>
      </div>
    </div>
  )
}

function listOf(words: readonly string[]) {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
