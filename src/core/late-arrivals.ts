/**
 * Records a device kept while offline (a check-in, a practice) arrive late, dated by the device's clock
 * (docs/decisions/0033, 0046): a moment is refused rather than misdated when it is later than now or too old.
 */

/** A record older than this when it arrives is refused: a month offline is a lost device, not a tunnel. */
export const LATEST_ARRIVAL_DAYS = 30
/** How far ahead of the server's clock a device's clock may run. */
const CLOCK_SKEW_MS = 5 * 60_000

/** The problem with a device's moment for `what` ('A check-in'), or null when it may be kept as the device said. */
export function lateMomentProblem(what: string, at: Date, now: Date): string | null {
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return `${what} can't be in the future.`
  if (at.getTime() < now.getTime() - LATEST_ARRIVAL_DAYS * 86_400_000) return `${what} older than ${LATEST_ARRIVAL_DAYS} days can't be added.`
  return null
}
