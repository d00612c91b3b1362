import * as lucide from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Tier } from '~/core/goals'

/**
 * Where a badge's words sit, as baselines, with the icon's top: inside the widest part of each shape, so every word
 * fits its tier (a test measures them against the shape). `lockedAt` is the 'AT n%' line of a tier not yet earned.
 */
type Layout = { icon: number; word: number; lockedIcon: number; lockedWord: number; lockedAt: number }
const CENTRED: Layout = { icon: 86, word: 196, lockedIcon: 70, lockedWord: 176, lockedAt: 198 }

/** Each tier's colours and shape tell it apart at a glance and without colour (docs/product.md#badges). */
const TIER_LOOK: Record<Tier, { light: string; dark: string; rim: string; shape: string; layout: Layout }> = {
  // A round medal.
  Bronze: { light: '#e8a66b', dark: '#8a4b22', rim: '#f6c999', shape: '<circle cx="128" cy="128" r="104"/>', layout: CENTRED },
  // A shield: straight shoulders, then two curves down to its point.
  Silver: {
    light: '#eef2f7',
    dark: '#7d8a9c',
    rim: '#ffffff',
    shape: `<polygon points="${shieldPoints()}"/>`,
    layout: CENTRED,
  },
  // A twelve-pointed seal.
  Gold: { light: '#ffe27a', dark: '#b8860b', rim: '#fff3b8', shape: `<polygon points="${seal(12, 112, 94)}"/>`, layout: CENTRED },
  // A cut gem, widest a third of the way down and narrowing to its point: its words sit just under the widest line.
  Diamond: {
    light: '#c9f4ff',
    dark: '#3a7bd5',
    rim: '#ffffff',
    shape: '<polygon points="128,16 232,100 128,240 24,100"/>',
    layout: { icon: 52, word: 146, lockedIcon: 48, lockedWord: 142, lockedAt: 162 },
  },
}

function seal(points: number, outer: number, inner: number) {
  return Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner
    const angle = (Math.PI * i) / points - Math.PI / 2
    return `${(128 + radius * Math.cos(angle)).toFixed(1)},${(128 + radius * Math.sin(angle)).toFixed(1)}`
  }).join(' ')
}

/** The shield as points (its curves sampled), so its outline is one polygon like the other shapes'. */
function shieldPoints() {
  const curve = (from: number[], c1: number[], c2: number[], to: number[]) =>
    Array.from({ length: 12 }, (_, i) => {
      const t = (i + 1) / 12
      const at = (k: number) => (1 - t) ** 3 * from[k]! + 3 * t * (1 - t) ** 2 * c1[k]! + 3 * t ** 2 * (1 - t) * c2[k]! + t ** 3 * to[k]!
      return `${at(0).toFixed(1)},${at(1).toFixed(1)}`
    })
  return ['128,20', '224,56', '224,126', ...curve([224, 126], [224, 184], [184, 222], [128, 240]), ...curve([128, 240], [72, 222], [32, 184], [32, 126]), '32,56'].join(' ')
}

/** Text for SVG: every character that could open markup or an entity is escaped. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The category's Lucide icon as SVG markup, drawn in the tier's dark colour; a star when the name is unknown. */
function iconMarkup(iconName: string, colour: string): string {
  const exported: unknown = Object.getOwnPropertyDescriptor(lucide, iconName)?.value
  const icon = isIcon(exported) ? exported : lucide.Star
  return renderToStaticMarkup(createElement(icon, { size: 72, color: colour, strokeWidth: 2 }))
}

/** Whether a lucide-react export is one of its icons; its types can't say which export a name picks, so this guard does. */
function isIcon(value: unknown): value is LucideIcon {
  // Lucide's icons are forwardRef components (objects with a render function); its helpers are plain functions.
  return typeof value === 'object' && value !== null && '$$typeof' in value
}

/**
 * Splits a title into at most two lines of at most `width` characters, with an ellipsis when it is longer. A title in
 * capitals gets fewer characters a line, since capitals are wider.
 */
function titleLines(title: string, width = title === title.toUpperCase() ? 16 : 18): string[] {
  const cut = (text: string) => (text.length > width ? `${text.slice(0, width - 1)}…` : text)
  const lines: string[] = ['']
  for (const word of title.trim().split(/\s+/)) {
    const current = lines.at(-1)!
    if (current === '' || current.length + 1 + word.length <= width) lines[lines.length - 1] = current ? `${current} ${word}` : word
    else if (lines.length < 2) lines.push(word)
    else {
      lines[1] = `${lines[1]!.slice(0, width - 1)}…`
      break
    }
  }
  return lines.map(cut)
}

/** A tier not yet earned: its shape in grey, saying when it is earned. */
const LOCKED_LOOK = { light: '#5d5873', dark: '#2b2740', rim: '#8e89a8' }

/**
 * The badge image (docs/product.md#badges): the tier's shape and colours, the category's icon and the goal's title,
 * escaped. A tier the goal has not earned yet is drawn `locked`, in grey, with the progress that earns it
 * (docs/decisions/0012).
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
  const { layout } = look
  const ink = locked ? '#d9d5ea' : '#1b1530'
  const id = `badge-${tier.toLowerCase()}${locked ? '-locked' : ''}`
  const lines = titleLines(goalTitle)
  const title = lines
    .map((line, i) => `<text x="128" y="${300 + i * 26}" text-anchor="middle" font-size="20" font-weight="600" fill="#f5f3ff">${escapeXml(line)}</text>`)
    .join('')
  const label = locked ? `${tier} badge, earned at ${locked.earnedAtPercent}%: ${goalTitle} (${categoryName})` : `${tier} badge: ${goalTitle} (${categoryName})`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="${lines.length > 1 ? 360 : 334}" viewBox="0 0 256 ${lines.length > 1 ? 360 : 334}" role="img" aria-labelledby="${id}-title" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<title id="${id}-title">${escapeXml(label)}</title>`,
    `<defs><linearGradient id="${id}-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.light}"/><stop offset="1" stop-color="${look.dark}"/></linearGradient></defs>`,
    `<g fill="url(#${id}-fill)" stroke="${look.rim}" stroke-width="6" stroke-linejoin="round"${locked ? ' stroke-dasharray="14 10"' : ''}>${look.shape}</g>`,
    `<g transform="translate(92 ${locked ? layout.lockedIcon : layout.icon})">${iconMarkup(iconName, ink)}</g>`,
    `<text x="128" y="${locked ? layout.lockedWord : layout.word}" text-anchor="middle" font-size="20" font-weight="700" letter-spacing="2" fill="${ink}">${tier.toUpperCase()}</text>`,
    locked ? `<text x="128" y="${layout.lockedAt}" text-anchor="middle" font-size="13" font-weight="600" fill="${ink}">AT ${locked.earnedAtPercent}%</text>` : '',
    title,
    '</svg>',
  ].join('')
}
