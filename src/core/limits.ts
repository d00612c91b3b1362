/** DESIGN §4 limits; every one is enforced on the server. */
export const LIMITS = {
  signInPerMinute: 5,
  sessionSlidingDays: 7,
  sessionAbsoluteDays: 30,
  chatMessageChars: 2000,
  modelTurnsPerDay: 200,
  speechChars: 1000,
  speechPerHour: 60,
} as const
