/**
 * The app's call to action: the dawn-coloured pill with its glow, as on the weekly home and the landing. A disabled
 * one (an empty form) is dimmed, loses its glow and shows the not-allowed cursor; a busy one that stays focusable
 * uses `aria-disabled` with its own look at the call site.
 */
export const PRIMARY_BUTTON =
  'group inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-dawn px-6 text-base font-semibold text-night shadow-[0_0_32px_4px_#ffd9a040] transition-shadow hover:shadow-[0_0_44px_8px_#ffd9a066] disabled:cursor-not-allowed disabled:opacity-50 disabled:shadow-none'

/** A quieter outlined pill beside it. */
export const SECONDARY_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/20 px-5 text-base font-medium text-white transition-colors hover:bg-white/10 disabled:cursor-not-allowed disabled:bg-transparent disabled:opacity-50'

/** The action that destroys something for good, inside the dialog that asked first: solid rose. */
export const DESTRUCTIVE_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-rose-300 px-5 text-base font-semibold text-night transition-colors hover:bg-rose-200 motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-50'
