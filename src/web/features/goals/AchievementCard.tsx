import { useId, useState } from 'react'
import { percentileWording } from '~/core/goals'
import type { Achievement } from '~/web/data/goals'
import { formatMoment } from './format'
import { TIER_COLOURS, TierMedal } from './tiers'

/**
 * An achievement card (docs/product.md#goals): the tier's badge, the goal's title and description, its percentile in
 * words (decision 0019) and the day it was earned.
 */
export function AchievementCard({ achievement }: { achievement: Achievement }) {
  const titleId = useId()
  const { tier, goal, imageUrl } = achievement
  // A badge whose drawing was skipped (docs/product.md#errors) or whose image fails to load shows the tier's medal
  // instead.
  const [broken, setBroken] = useState(false)
  const alt = `${tier} badge for ${goal.title}`

  return (
    <article aria-labelledby={titleId} className="flex gap-4 rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:gap-5 sm:p-6">
      {imageUrl && !broken ? (
        // The drawing is taller than wide (its title sits under the medal), so it keeps its own proportions.
        <img src={imageUrl} alt={alt} width={256} height={334} onError={() => setBroken(true)} className="h-24 w-auto shrink-0 self-start sm:h-28" />
      ) : (
        <TierMedal tier={tier} label={alt} className="size-20 self-start sm:size-24" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold tracking-wide uppercase" style={{ color: TIER_COLOURS[tier].light }}>
          {tier}
        </p>
        <h2 id={titleId} className="mt-0.5 text-lg font-semibold break-words text-white">
          {goal.title}
        </h2>
        {goal.description && <p className="mt-1 text-sm break-words">{goal.description}</p>}
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="rounded-2xl bg-glow/15 px-3 py-1 font-semibold text-balance text-glow">{percentileWording(achievement.percentile, achievement.cohort)}</span>
          <span>
            Earned <time dateTime={achievement.earnedAt}>{formatMoment(achievement.earnedAt)}</time>
          </span>
        </p>
      </div>
    </article>
  )
}
