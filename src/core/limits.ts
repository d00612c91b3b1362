/** DESIGN §4 limits; every one is enforced on the server. */
export const LIMITS = {
  signInPerMinute: 5,
  sessionSlidingDays: 7,
  sessionAbsoluteDays: 30,
} as const
