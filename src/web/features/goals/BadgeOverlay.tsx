import { Check, Clock, LoaderCircle, SkipForward, Sparkles } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { TIERS, type Tier } from '~/core/goals'
import { BADGE_GAP_MS, BADGES_RETURN_MS } from '~/core/timings'
import { drawLockedBadge, type Goal } from '~/web/data/goals'
import { TierMedal } from './tiers'
import { useModal } from '~/web/ui/useModal'
import { pause } from '~/web/lib/pause'

type TileState = 'waiting' | 'generating' | 'generated' | 'skipped'

const STATE_TEXT: Record<TileState, string> = {
  waiting: 'Waiting',
  generating: 'Generating...',
  generated: 'Generated',
  // A badge that fails is logged and skipped (docs/product.md#goal-chat).
  skipped: 'Skipped',
}

const STATE_ICON = { waiting: Clock, generating: LoaderCircle, generated: Check, skipped: SkipForward } as const

/**
 * The full-screen overlay that makes the goal's four badges (docs/product.md#goal-chat), one request at a time with
 * BADGE_GAP_MS between, then hands back BADGES_RETURN_MS after the last request has ended.
 */
export function BadgeOverlay({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const headingId = useId()
  const statusId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const [tiles, setTiles] = useState<Record<Tier, { state: TileState; imageUrl?: string }>>({
    Bronze: { state: 'waiting' },
    Silver: { state: 'waiting' },
    Gold: { state: 'waiting' },
    Diamond: { state: 'waiting' },
  })
  const done = useEffectEvent(onDone)
  useModal(panelRef)

  useEffect(() => {
    const control = new AbortController()
    const { signal } = control
    const show = (tier: Tier, tile: { state: TileState; imageUrl?: string }) => setTiles((all) => ({ ...all, [tier]: tile }))
    async function generate() {
      for (const [index, tier] of TIERS.entries()) {
        if (index > 0) await pause(BADGE_GAP_MS, signal)
        if (signal.aborted) return
        show(tier, { state: 'generating' })
        try {
          const badge = await drawLockedBadge(goal.id, tier)
          if (!signal.aborted) show(tier, { state: 'generated', imageUrl: badge.imageUrl })
        } catch (error) {
          if (signal.aborted) return
          console.warn(`The ${tier} badge could not be made; skipping it.`, error)
          show(tier, { state: 'skipped' })
        }
      }
      await pause(BADGES_RETURN_MS, signal)
      if (!signal.aborted) done()
    }
    void generate()
    return () => control.abort()
  }, [goal.id])

  const generated = TIERS.filter((tier) => tiles[tier].state === 'generated').length
  const finished = TIERS.every((tier) => tiles[tier].state === 'generated' || tiles[tier].state === 'skipped')

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      aria-describedby={statusId}
      tabIndex={-1}
      className="fixed inset-0 z-50 overflow-y-auto bg-night/95 backdrop-blur-sm transition-opacity duration-500 focus:outline-none motion-reduce:transition-none starting:opacity-0"
    >
      <div className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center px-5 py-10 text-center">
        <Sparkles aria-hidden="true" className="size-8 text-dawn" />
        <h2 id={headingId} className="mt-3 text-2xl font-semibold text-balance text-white">
          Creating Your Achievement Badges
        </h2>
        <p className="mt-2 break-words">For “{goal.title}”</p>
        <ul className="mt-8 grid w-full grid-cols-2 gap-4">
          {TIERS.map((tier) => (
            <BadgeTile key={tier} tier={tier} {...tiles[tier]} />
          ))}
        </ul>
        <p id={statusId} role="status" className="mt-8 text-lg text-white">
          Generated {generated} of {TIERS.length} badges...
        </p>
        <p className="mt-2 min-h-6 text-sm">{finished ? 'Taking you back to your goals...' : ''}</p>
      </div>
    </div>
  )
}

function BadgeTile({ tier, state, imageUrl }: { tier: Tier; state: TileState; imageUrl?: string }) {
  const Icon = STATE_ICON[state]
  return (
    <li
      className={`flex flex-col items-center gap-3 rounded-3xl border p-4 transition-colors motion-reduce:transition-none ${
        state === 'generating' ? 'border-dawn/50 bg-dawn/5' : state === 'generated' ? 'border-glow/40 bg-glow/5' : 'border-white/10 bg-white/5'
      }`}
    >
      <span className={`grid h-24 place-items-center ${state === 'waiting' || state === 'skipped' ? 'opacity-40' : ''}`}>
        {imageUrl ? (
          <img src={imageUrl} alt="" width={256} height={334} className="h-24 w-auto" />
        ) : (
          <TierMedal tier={tier} className={`size-16 ${state === 'generating' ? 'motion-safe:animate-pulse' : ''}`} />
        )}
      </span>
      <span className="font-semibold text-white">{tier}</span>
      <span className="flex items-center gap-1.5 text-sm">
        <Icon aria-hidden="true" className={`size-4 ${state === 'generating' ? 'animate-spin motion-reduce:animate-none' : ''}`} />
        {STATE_TEXT[state]}
      </span>
    </li>
  )
}
