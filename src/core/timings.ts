/** SPEC §9 timings in milliseconds: every timed screen reads them from here. */
export const INTRO_CAPTIONS = [
  { text: 'This is you', ms: 3000 },
  { text: 'These are the dimensions', ms: 5000 },
  { text: 'This is Lumin', ms: 3000 },
] as const

/**
 * SPEC §4 'Olo intro on the weekly dashboard': the first line shows for 2 s, each later line for 3 s, and the Start
 * button appears 1 s after the last line has had its time (decision 0004).
 */
export const OLO_INTRO_LINES = [
  { text: "Hi, I'm Olo, your AI guide.", ms: 2000 },
  { text: 'Once a week, we look back on your week together and choose what matters next.', ms: 3000 },
  { text: 'It takes about 10 minutes. I can speak aloud, or you can simply read along.', ms: 3000 },
] as const
export const OLO_INTRO_START_DELAY_MS = 1000

/** When each intro line and the Start button appear, in ms from the start. */
export function oloIntroSchedule(lines: readonly { ms: number }[] = OLO_INTRO_LINES) {
  const lineAt: number[] = []
  let elapsed = 0
  for (const line of lines) {
    lineAt.push(elapsed)
    elapsed += line.ms
  }
  return { lineAt, startAt: elapsed + OLO_INTRO_START_DELAY_MS }
}

/** SPEC §9: the recap's summary shows this long before the app returns to the weekly home. */
export const RECAP_REDIRECT_MS = 5000
