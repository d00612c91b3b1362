/** Points and levels (docs/product.md#progress): what a practice earns and the level the points reach. */
export const POINTS_PER_PRACTICE = 10
const POINTS_PER_LEVEL = 100

/** `consciousness_level` = 1 + floor(points / 100) (docs/product.md#progress). */
export function consciousnessLevel(points: number): number {
  return 1 + Math.floor(Math.max(0, points) / POINTS_PER_LEVEL)
}

/** How far `points` have come into their level: e.g. 130 points are 30 of the 100 that reach level 3. */
export function levelProgress(points: number) {
  const level = consciousnessLevel(points)
  return { level, into: Math.max(0, points) - (level - 1) * POINTS_PER_LEVEL, of: POINTS_PER_LEVEL, next: level + 1 }
}
