/** The timings of docs/product.md#timings, in milliseconds: every timed screen reads them from here. */
export const INTRO_CAPTIONS = [
  { text: 'This is you', ms: 3000 },
  { text: 'These are the dimensions', ms: 5000 },
  { text: 'This is Lumin', ms: 3000 },
] as const

/**
 * Olo's intro on the weekly home (docs/product.md#olo-intro): the first line shows for 2 s, each later line for 3 s,
 * and the Start button appears 1 s after the last line has had its time (decision 0004).
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

/** The recap's summary shows this long before the app returns to the weekly home (docs/product.md#weekly-recap). */
export const RECAP_REDIRECT_MS = 5000

/** Redirect delays of the daily loop (docs/product.md#timings). */
export const QUEST_REDIRECT_MS = 1500
export const BREATHING_REDIRECT_MS = 3000
/** Step quest, sensory safari and kindness quest. */
export const LOG_REDIRECT_MS = 2000
/** The threshold opens the exercise this long after Olo's closing greeting has been spoken... */
export const THRESHOLD_AFTER_AUDIO_MS = 1500
/** ...or this long after the audio failed or anything else went wrong. */
export const THRESHOLD_AFTER_FAILURE_MS = 2000

/** The dashboard's toast with a finished practice's news hides itself after this long (decision 0019). */
export const WIN_TOAST_MS = 6000

/** Exercise durations, in seconds (docs/product.md#exercises). */
export const MEDITATION_SECONDS = 300
export const FOCUS_STEP_SECONDS = [30, 60, 90, 60] as const
export const MOVEMENT_PHASE_SECONDS = [45, 60, 120, 30] as const
export const BREATHING_SECONDS = 60
export const BREATH_PHASE_SECONDS = 4

/** The goal chat's badges (docs/product.md#goal-chat): the overlay opens this long after the goal shows... */
export const BADGES_START_MS = 1000
/** ...asks for one tier's badge at a time with this pause between... */
export const BADGE_GAP_MS = 1000
/** ...and goes back to the goals screen this long after the last badge request ends. */
export const BADGES_RETURN_MS = 8000

/**
 * Every chat opens saying Olo is an AI; in one long chat it says so again after this long (New York GBS Art. 47,
 * California SB 243; docs/decisions/0012).
 */
export const AI_NOTICE_EVERY_MS = 3 * 60 * 60 * 1000

/**
 * A move to another screen this soon after an Enter or Space press (and no pointer press since) was made by the
 * keyboard, so the heading it focuses shows its focus ring; later moves (a redirect, a chat that ends) are the app's
 * own and show none (docs/decisions/0021).
 */
export const KEYBOARD_MOVE_MS = 1000

/**
 * A reminder due while every instance was down is still sent this late, and dropped after: an invitation to check in
 * hours after its time is noise (docs/decisions/0043).
 */
export const REMINDER_LATE_LIMIT_MS = 60 * 60 * 1000

/** How often an app left open looks for a new version of itself; a launch always looks (docs/decisions/0045). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000
