import { describe, expect, it } from 'vitest'
import { TIERS } from '~/core/goals'
import { drawBadge } from './badge'

/*
 * Measures a badge's words against its shape in the drawn SVG, without a browser: each text's box is estimated from
 * its font size and characters with a conservative width per character (wider than system-ui's widest capitals at that
 * weight on average), and must lie inside the shape, kept clear of its rim, or inside the image for the title below.
 */
const CAPITALS_EM = 0.72
const MIXED_EM = 0.62
/** Half the rim's stroke and a little air. */
const INSET = 7

type Box = { left: number; right: number; top: number; bottom: number }
type Point = [number, number]

function texts(svg: string) {
  return [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" font-size="([\d.]+)"[^>]*?(?: letter-spacing="([\d.]+)")?[^>]*>([^<]*)<\/text>/g)].map(
    ([, x, y, size, spacing, content]) => ({ x: Number(x), y: Number(y), size: Number(size), spacing: Number(spacing ?? 0), content: content!.replace(/&\w+;|&#\d+;/g, 'W') }),
  )
}

function boxOf({ x, y, size, spacing, content }: ReturnType<typeof texts>[number]): Box {
  const em = content === content.toUpperCase() ? CAPITALS_EM : MIXED_EM
  const width = content.length * (size * em + spacing)
  // Capitals and digits rise about 0.72 em above the baseline; a mixed-case line's descenders fall about 0.25 em below.
  return { left: x - width / 2, right: x + width / 2, top: y - 0.8 * size, bottom: y + 0.25 * size }
}

function shapeOf(svg: string): (point: Point) => boolean {
  const circle = /<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"\/>/.exec(svg)
  if (circle) {
    const [cx, cy, r] = circle.slice(1).map(Number) as [number, number, number]
    return ([x, y]) => Math.hypot(x - cx, y - cy) <= r - INSET
  }
  const points = /<polygon points="([^"]+)"\/>/.exec(svg)![1]!.split(' ').map((pair) => pair.split(',').map(Number) as Point)
  return (point) => insidePolygon(point, points) && distanceToEdges(point, points) >= INSET
}

function insidePolygon([x, y]: Point, points: Point[]) {
  let inside = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!
    const [xj, yj] = points[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

function distanceToEdges([x, y]: Point, points: Point[]) {
  return Math.min(
    ...points.map(([x1, y1], i) => {
      const [x2, y2] = points[(i + 1) % points.length]!
      const length = (x2 - x1) ** 2 + (y2 - y1) ** 2
      const t = Math.max(0, Math.min(1, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / length))
      return Math.hypot(x - (x1 + t * (x2 - x1)), y - (y1 + t * (y2 - y1)))
    }),
  )
}

/** The box's corners and the middles of its edges: a convex shape holding these holds the box. */
function outline({ left, right, top, bottom }: Box): Point[] {
  const middle = (left + right) / 2
  return [[left, top], [middle, top], [right, top], [right, bottom], [middle, bottom], [left, bottom], [left, (top + bottom) / 2], [right, (top + bottom) / 2]]
}

const LONGEST_CATEGORY = 'Adventure & Travel'
const TITLES = ['Run 100 km', 'Walk the whole Camino de Santiago with my daughter', 'WWWWWWWWWWWWWWWWWWWWWWWWWWWW', 'Learn <Welsh> & "Breton" well']

describe('a badge’s words fit its shape', () => {
  for (const tier of TIERS) {
    for (const locked of [undefined, { earnedAtPercent: 100 }]) {
      it(`${tier}${locked ? ', locked,' : ''} holds its tier${locked ? ' and its “AT 100%”' : ''} inside its shape and its title inside the image`, () => {
        for (const goalTitle of TITLES) {
          const svg = drawBadge({ tier, goalTitle, categoryName: LONGEST_CATEGORY, iconName: 'MapPin', locked })
          const inShape = shapeOf(svg)
          const width = Number(/viewBox="0 0 (\d+) (\d+)"/.exec(svg)![1])
          const height = Number(/viewBox="0 0 (\d+) (\d+)"/.exec(svg)![2])
          const [word, ...rest] = texts(svg)
          expect(word!.content).toBe(tier.toUpperCase())
          const inside = locked ? [word!, rest.shift()!] : [word!]
          if (locked) expect(inside[1]!.content).toBe('AT 100%')
          for (const text of inside) {
            const outside = outline(boxOf(text)).filter((point) => !inShape(point))
            expect(outside, `“${text.content}” leaves the ${tier} shape at ${JSON.stringify(outside)}`).toEqual([])
          }
          expect(rest.length).toBeGreaterThan(0)
          for (const line of rest) {
            const box = boxOf(line)
            expect(box.left, `“${line.content}” starts outside the image`).toBeGreaterThanOrEqual(0)
            expect(box.right, `“${line.content}” ends outside the image`).toBeLessThanOrEqual(width)
            expect(box.bottom).toBeLessThanOrEqual(height)
          }
        }
      })
    }
  }
})
