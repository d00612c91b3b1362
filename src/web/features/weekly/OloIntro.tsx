import { ArrowRight, Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { OLO_INTRO_LINES, oloIntroSchedule } from '~/core/timings'
import { deviceStorage } from '~/web/lib/device-storage'
import { Orb } from '~/web/ui/DimensionOrbs'
import { GlowCard } from '~/web/ui/GlowCard'

/** Whether the intro was seen is kept on the device, like the onboarding choices (docs/product.md#on-the-device). */
const SEEN_KEY = 'lumin.oloIntroSeen'

// Without storage the intro simply plays each visit.
const readSeen = () => deviceStorage.get(SEEN_KEY) === 'true'
const writeSeen = () => deviceStorage.set(SEEN_KEY, 'true')

const SCHEDULE = oloIntroSchedule()
const LINES_AT_ONCE = SCHEDULE.lineAt.filter((at) => at <= 0).length

/**
 * How far the intro has come: the lines shown so far and whether the Start button is out (docs/product.md#olo-intro,
 * decision 0004). Plain setTimeout, so end-to-end tests drive it with Playwright's clock.
 */
function useIntroProgress(skip: boolean) {
  const [lines, setLines] = useState(skip ? OLO_INTRO_LINES.length : LINES_AT_ONCE)
  const [startShown, setStartShown] = useState(skip)

  useEffect(() => {
    if (skip) return
    const timers = SCHEDULE.lineAt.map((at, index) => setTimeout(() => setLines((shown) => Math.max(shown, index + 1)), at))
    timers.push(
      setTimeout(() => {
        writeSeen()
        setStartShown(true)
      }, SCHEDULE.startAt),
    )
    return () => timers.forEach(clearTimeout)
  }, [skip])

  return { lines, startShown }
}

/** Fades a freshly mounted element up into place (a CSS @starting-style transition; none with reduced motion). */
const RISE_IN = 'transition duration-700 ease-out motion-reduce:transition-none starting:translate-y-2 starting:opacity-0'

/**
 * Olo greets the user line by line, like a chat, then offers the weekly recap. Once the offer has been seen the
 * intro is skipped on later visits: everything shows at once.
 */
export function OloIntro({ resume }: { resume: boolean }) {
  const [seen] = useState(readSeen)
  const { lines, startShown } = useIntroProgress(seen)

  return (
    <GlowCard labelledBy="olo-intro-heading">
      <div className="relative flex items-start gap-3 sm:gap-4">
        <Orb color="#c9a2ff" className="mt-0.5 size-9 shrink-0 sm:size-10" />
        <div className="min-w-0 flex-1">
          <h2 id="olo-intro-heading" className="text-sm font-medium text-glow">
            Olo, your AI guide
          </h2>
          <div aria-live="polite" className="mt-2 flex flex-col items-start gap-2">
            {OLO_INTRO_LINES.slice(0, lines).map((line) => (
              <p
                key={line.text}
                className={`max-w-prose rounded-2xl rounded-tl-md bg-dusk px-4 py-2.5 text-base text-white ${RISE_IN}`}
              >
                {line.text}
              </p>
            ))}
          </div>
        </div>
      </div>

      {/* Room kept for the button, so the card does not jump when it arrives. */}
      <div className="relative mt-6 flex min-h-12 flex-wrap items-center gap-x-4 gap-y-2 sm:pl-14">
        {startShown && (
          <>
            <Link
              to="/recap-conversation"
              className={`group inline-flex min-h-12 items-center gap-2 rounded-full bg-dawn px-6 text-base font-semibold text-night shadow-[0_0_32px_4px_#ffd9a040] hover:shadow-[0_0_44px_8px_#ffd9a066] ${RISE_IN}`}
            >
              {resume ? 'Continue Weekly Recap' : 'Start Weekly Recap'}
              <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5" />
            </Link>
            <span className={`inline-flex items-center gap-1.5 text-sm text-mist delay-150 ${RISE_IN}`}>
              <Clock aria-hidden="true" className="size-4" />
              about 10 minutes
            </span>
          </>
        )}
      </div>
    </GlowCard>
  )
}
