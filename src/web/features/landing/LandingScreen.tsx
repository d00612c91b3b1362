import { ArrowRight } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { INTRO_CAPTIONS } from '~/core/timings'
import { SAFETY_ROUTE } from '~/web/app/route-access'
import { deviceStorage } from '~/web/lib/device-storage'
import { DimensionOrbs, Orb } from '~/web/ui/DimensionOrbs'
import { HeaderButton } from '~/web/ui/HeaderButton'
import { Brand } from '~/web/ui/Brand'

const YOU_COLOR = '#ffd9a0'

/**
 * The intro's beat: 0..2 index INTRO_CAPTIONS, INTRO_CAPTIONS.length means it has ended.
 * Plain setTimeout, so end-to-end tests can drive it with Playwright's clock.
 */
function useIntroBeat(seen: boolean) {
  const [beat, setBeat] = useState(seen ? INTRO_CAPTIONS.length : 0)
  useEffect(() => {
    const caption = INTRO_CAPTIONS[beat]
    if (!caption) return
    const timer = setTimeout(() => setBeat(beat + 1), caption.ms)
    return () => clearTimeout(timer)
  }, [beat])
  return [beat, () => setBeat(INTRO_CAPTIONS.length)] as const
}

/** Fades a freshly mounted element up into place (a CSS @starting-style transition; none with reduced motion). */
const RISE_IN =
  'transition duration-[900ms] ease-out motion-reduce:transition-none starting:translate-y-3 starting:opacity-0 starting:blur-sm'

/**
 * The intro plays on the first visit only (docs/decisions/0056): a returning visitor, and one coming back from the
 * sign-in screen, finds 'Begin the Journey' at once. Kept on the device like Olo's intro; without storage it plays
 * each visit.
 */
const INTRO_SEEN_KEY = 'lumin.introSeen'

export function LandingScreen() {
  const [seen] = useState(() => deviceStorage.get(INTRO_SEEN_KEY) === 'true')
  const [beat, skip] = useIntroBeat(seen)
  useEffect(() => deviceStorage.set(INTRO_SEEN_KEY, 'true'), [])
  const [skipped, setSkipped] = useState(false)
  const beginRef = useRef<HTMLAnchorElement>(null)
  const ended = beat >= INTRO_CAPTIONS.length
  const captionIndex = Math.min(beat, INTRO_CAPTIONS.length - 1)

  useEffect(() => {
    // The skip button vanishes under the keyboard user's focus; hand focus to where the intro leads.
    if (skipped) beginRef.current?.focus()
  }, [skipped])

  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <Starfield />
      <header className="relative z-10 mx-auto flex w-full max-w-5xl items-center justify-between px-5 py-4 sm:px-8 sm:py-6">
        <Brand />
        <HeaderButton />
      </header>

      <main className="relative z-10 flex flex-1 flex-col items-center justify-center px-5 pb-10 sm:pb-16">
        <h1 className="sr-only">Lumin: grow across the seven dimensions of your life</h1>

        {/* Sized by the screen's height too, so 'Begin the Journey' is inside the first screen of a laptop or a phone. */}
        <div className="relative aspect-square w-[min(84vw,24rem,42dvh)] sm:w-[min(26rem,44dvh)]">
          <div className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2">
            <span
              aria-hidden="true"
              className="absolute inset-0 animate-ping rounded-full border border-dawn/50 [animation-duration:3.2s] motion-reduce:hidden"
            />
            <div
              className={`transition duration-[1400ms] ease-out motion-reduce:transition-none starting:scale-50 starting:opacity-0 ${
                beat === 0 ? '' : 'scale-[0.82]'
              }`}
            >
              <Orb color={YOU_COLOR} className="size-20 sm:size-24" />
            </div>
          </div>
          {beat >= 1 && <DimensionOrbs layout="orbit" showLabels />}
        </div>

        <div aria-live="polite" className="mt-14 flex min-h-40 flex-col items-center text-center sm:mt-16">
          <p key={captionIndex} className={`text-3xl font-light tracking-tight text-white sm:text-4xl ${RISE_IN}`}>
            {INTRO_CAPTIONS[captionIndex]?.text}
          </p>
          {ended && (
            <p className={`mt-4 max-w-sm text-base text-mist delay-200 sm:text-lg ${RISE_IN}`}>
              Short, calm practices and Olo, your AI guide, to help you grow a little every week.
            </p>
          )}
        </div>

        <div className="mt-6 flex min-h-14 items-center">
          {ended ? (
            <div className={seen ? '' : `delay-400 ${RISE_IN}`}>
              <Link
                ref={beginRef}
                to="/onboarding"
                className="group inline-flex min-h-12 items-center gap-2 rounded-full bg-dawn px-7 text-base font-semibold text-night shadow-[0_0_32px_4px_#ffd9a040] transition-shadow hover:shadow-[0_0_44px_8px_#ffd9a066]"
              >
                Begin the Journey
                <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => {
                skip()
                setSkipped(true)
              }}
              className="min-h-11 rounded-full px-4 text-sm text-mist underline-offset-4 hover:text-white hover:underline"
            >
              Skip intro
            </button>
          )}
        </div>
      </main>

      {/* Quiet, below the way in: for anyone who wants to know how Olo responds to someone in crisis first. */}
      <footer className="relative z-10 flex justify-center px-5 pb-4">
        <Link to={SAFETY_ROUTE} className="inline-flex min-h-11 items-center rounded-full px-4 text-sm text-mist underline-offset-4 hover:text-white hover:underline">
          How Olo keeps you safe
        </Link>
      </footer>
    </div>
  )
}

/** Faint fixed stars: a few layered dots, no images and nothing that moves. */
function Starfield() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 opacity-60"
      style={{
        backgroundImage: [
          'radial-gradient(1px 1px at 12% 18%, #fff 50%, transparent 51%)',
          'radial-gradient(1px 1px at 82% 12%, #fff 50%, transparent 51%)',
          'radial-gradient(1.5px 1.5px at 68% 34%, #ffd9a0 50%, transparent 51%)',
          'radial-gradient(1px 1px at 24% 62%, #fff 50%, transparent 51%)',
          'radial-gradient(1px 1px at 90% 70%, #c9a2ff 50%, transparent 51%)',
          'radial-gradient(1.5px 1.5px at 8% 88%, #fff 50%, transparent 51%)',
          'radial-gradient(1px 1px at 46% 8%, #fff 50%, transparent 51%)',
          'radial-gradient(1px 1px at 58% 92%, #fff 50%, transparent 51%)',
        ].join(', '),
      }}
    />
  )
}
