import * as lucide from 'lucide-react'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Tier } from '~/core/goals'

/** DESIGN §7: each tier has its colours and its shape, so tiers tell apart at a glance and without colour. */
const TIER_LOOK: Record<Tier, { light: string; dark: string; rim: string; shape: string }> = {
  // A round medal.
  Bronze: { light: '#e8a66b', dark: '#8a4b22', rim: '#f6c999', shape: '<circle cx="128" cy="128" r="104"/>' },
  // A shield.
  Silver: { light: '#eef2f7', dark: '#7d8a9c', rim: '#ffffff', shape: '<path d="M128 20 224 56v70c0 58-40 96-96 114C72 222 32 184 32 126V56Z"/>' },
  // A twelve-pointed seal.
  Gold: { light: '#ffe27a', dark: '#b8860b', rim: '#fff3b8', shape: `<polygon points="${seal(12, 112, 94)}"/>` },
  // A cut gem.
  Diamond: { light: '#c9f4ff', dark: '#3a7bd5', rim: '#ffffff', shape: '<polygon points="128,16 232,100 128,240 24,100"/>' },
}

function seal(points: number, outer: number, inner: number) {
  return Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner
    const angle = (Math.PI * i) / points - Math.PI / 2
    return `${(128 + radius * Math.cos(angle)).toFixed(1)},${(128 + radius * Math.sin(angle)).toFixed(1)}`
  }).join(' ')
}

/** Text for SVG: every character that could open markup or an entity is escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The category's Lucide icon as SVG markup, drawn in the tier's dark colour; a star when the name is unknown. */
function iconMarkup(iconName: string, colour: string): string {
  const exported = (lucide as Record<string, unknown>)[iconName]
  const icon = (isIcon(exported) ? exported : lucide.Star) as ComponentType<{ size: number; color: string; strokeWidth: number }>
  return renderToStaticMarkup(createElement(icon, { size: 72, color: colour, strokeWidth: 2 }))
}

function isIcon(value: unknown): boolean {
  // Lucide's icons are forwardRef components (objects with a render function); its helpers are plain functions.
  return typeof value === 'object' && value !== null && '$$typeof' in value
}

/** Splits a title into at most two lines of about `width` characters, with an ellipsis when it is longer. */
function titleLines(title: string, width = 18): string[] {
  const words = title.trim().split(/\s+/)
  const lines: string[] = ['']
  for (const word of words) {
    const current = lines.at(-1)!
    if (current === '' || current.length + 1 + word.length <= width) lines[lines.length - 1] = current ? `${current} ${word}` : word
    else if (lines.length < 2) lines.push(word)
    else {
      lines[1] = `${lines[1]!.slice(0, width - 1)}…`
      break
    }
  }
  return lines.map((line) => (line.length > width + 2 ? `${line.slice(0, width)}…` : line))
}

/** A tier not yet earned: its shape in grey, saying when it is earned. */
const LOCKED_LOOK = { light: '#5d5873', dark: '#2b2740', rim: '#8e89a8' }

/**
 * DESIGN §7 'Badge images': the tier's shape and colours, the category's icon and the goal's title, escaped. A tier the
 * goal has not earned yet is drawn `locked`, in grey, with the progress that earns it (docs/decisions/0012).
 */
export function drawBadge({
  tier,
  goalTitle,
  categoryName,
  iconName,
  locked,
}: {
  tier: Tier
  goalTitle: string
  categoryName: string
  iconName: string
  locked?: { earnedAtPercent: number }
}): string {
  const look = locked ? { ...TIER_LOOK[tier], ...LOCKED_LOOK } : TIER_LOOK[tier]
  const ink = locked ? '#d9d5ea' : '#1b1530'
  const id = `badge-${tier.toLowerCase()}${locked ? '-locked' : ''}`
  const lines = titleLines(goalTitle)
  const title = lines
    .map((line, i) => `<text x="128" y="${300 + i * 26}" text-anchor="middle" font-size="22" font-weight="600" fill="#f5f3ff">${escapeXml(line)}</text>`)
    .join('')
  const label = locked ? `${tier} badge, earned at ${locked.earnedAtPercent}%: ${goalTitle} (${categoryName})` : `${tier} badge: ${goalTitle} (${categoryName})`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="${lines.length > 1 ? 360 : 334}" viewBox="0 0 256 ${lines.length > 1 ? 360 : 334}" role="img" aria-labelledby="${id}-title" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<title id="${id}-title">${escapeXml(label)}</title>`,
    `<defs><linearGradient id="${id}-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.light}"/><stop offset="1" stop-color="${look.dark}"/></linearGradient></defs>`,
    `<g fill="url(#${id}-fill)" stroke="${look.rim}" stroke-width="6" stroke-linejoin="round"${locked ? ' stroke-dasharray="14 10"' : ''}>${look.shape}</g>`,
    `<g transform="translate(92 ${locked ? 70 : 86})">${iconMarkup(iconName, ink)}</g>`,
    `<text x="128" y="${locked ? 176 : 196}" text-anchor="middle" font-size="20" font-weight="700" letter-spacing="2" fill="${ink}">${tier.toUpperCase()}</text>`,
    locked ? `<text x="128" y="198" text-anchor="middle" font-size="13" font-weight="600" fill="${ink}">AT ${locked.earnedAtPercent}%</text>` : '',
    title,
    '</svg>',
  ].join('')
}
