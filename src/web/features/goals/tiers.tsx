import type { CSSProperties } from 'react'
import type { Tier } from '~/core/goals'

/** The badge images' tier colours (drawn on the server, src/server/features/goals/badge.ts), for what the web draws itself. */
export const TIER_COLOURS: Record<Tier, { light: string; dark: string }> = {
  Bronze: { light: '#e8a66b', dark: '#8a4b22' },
  Silver: { light: '#eef2f7', dark: '#7d8a9c' },
  Gold: { light: '#ffe27a', dark: '#b8860b' },
  Diamond: { light: '#c9f4ff', dark: '#3a7bd5' },
}

function seal(points: number, outer: number, inner: number) {
  return Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner
    const angle = (Math.PI * i) / points - Math.PI / 2
    return `${(50 + radius * Math.cos(angle)).toFixed(1)}% ${(50 + radius * Math.sin(angle)).toFixed(1)}%`
  }).join(', ')
}

/** The badges' shapes too (a medal, a shield, a seal, a gem), so tiers tell apart without colour. */
const TIER_SHAPES: Record<Tier, string> = {
  Bronze: 'circle(50%)',
  Silver: 'polygon(50% 0, 100% 14%, 100% 50%, 92% 72%, 50% 100%, 8% 72%, 0 50%, 0 14%)',
  Gold: `polygon(${seal(12, 50, 42)})`,
  Diamond: 'polygon(50% 0, 100% 38%, 50% 100%, 0 38%)',
}

export function tierStyle(tier: Tier): CSSProperties {
  const { light, dark } = TIER_COLOURS[tier]
  return { background: `radial-gradient(circle at 35% 30%, #ffffff 0%, ${light} 35%, ${dark} 100%)`, clipPath: TIER_SHAPES[tier] }
}

/**
 * A tier's medal drawn in CSS: stands in for a badge image that was never drawn (its generation was skipped) or that
 * didn't load. `label` names it for screen readers; without one it is decoration beside text that names the tier.
 */
export function TierMedal({ tier, label, className = 'size-20' }: { tier: Tier; label?: string; className?: string }) {
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`grid shrink-0 place-items-center ${className}`}
      style={tierStyle(tier)}
    >
      <span aria-hidden="true" className="text-2xl font-bold text-night/80">
        {tier[0]}
      </span>
    </span>
  )
}
