/** SPEC §9 timings in milliseconds: every timed screen reads them from here. */
export const INTRO_CAPTIONS = [
  { text: 'This is you', ms: 3000 },
  { text: 'These are the dimensions', ms: 5000 },
  { text: 'This is Lumin', ms: 3000 },
] as const
