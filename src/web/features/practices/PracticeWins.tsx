import { Sparkles } from 'lucide-react'
import { levelProgress } from '~/core/points'
import { PATH_STEPS } from '~/core/paths'
import { useOnline } from '~/web/lib/online'
import { ProgressBar } from '~/web/ui/ProgressBar'
import { usePracticeNews, type PracticeNews } from '~/web/data/practice-news'

/** The line a free practice shows before it starts and instead of any points at its end (docs/product.md#practices). */
export const FREE_PRACTICE_NOTICE = "A free practice: it isn't part of your path"

/** A practice finished offline: kept on the device, and sent when the connection is back (docs/decisions/0046). */
const OFFLINE_NOTICE = 'Saved on this device. Your points will appear when you are back online.'

/**
 * What a finished practice earned, on its completion screen (decision 0019): +10 points, the step it lit on the path
 * and the way to the next level. A free practice says it earned nothing; a save still on its way says so quietly, and
 * offline says when the points will come. The news shows here as soon as the save lands.
 */
export function PracticeWins({ practiceId }: { practiceId: string | null }) {
  const news = usePracticeNews(practiceId)
  const online = useOnline()
  return (
    <div aria-live="polite" className="w-full">
      {!practiceId ? (
        <p className="text-base text-mist">{FREE_PRACTICE_NOTICE}, so it adds no points. It was still time well spent.</p>
      ) : !news ? (
        <p className="text-sm text-mist">{online ? 'Adding it to your path...' : OFFLINE_NOTICE}</p>
      ) : (
        <NewsOfPractice news={news} />
      )}
    </div>
  )
}

function NewsOfPractice({ news }: { news: PracticeNews }) {
  const level = levelProgress(news.totals.points)
  return (
    <div className="flex flex-col items-center gap-4">
      {/* Above everything after it, with room beneath: the lit step's glow (up to 16 px around it) never reaches it. */}
      {news.points > 0 ? (
        <p className="relative z-10 mb-2 inline-flex animate-win-pop items-center gap-2 rounded-full bg-dawn/15 px-5 py-2 text-3xl font-semibold text-dawn">
          <Sparkles aria-hidden="true" className="size-6" />+{news.points} points
        </p>
      ) : null}
      {news.step !== null && news.totals.stepsDone !== null ? (
        <PathLights step={news.step} lit={news.totals.stepsDone} firstTime={news.points > 0} />
      ) : (
        <p className="text-base text-mist">This practice isn&apos;t on your current path, so it adds no points.</p>
      )}
      <div className="w-full max-w-sm">
        <p className="mb-2 flex justify-between gap-4 text-sm">
          <span className="text-white">Level {level.level}</span>
          <span className="tabular-nums">
            {level.into} of {level.of} points to level {level.next}
          </span>
        </p>
        <ProgressBar label={`Progress to level ${level.next}`} value={level.into} max={level.of} valueText={`${level.into} of ${level.of} points`} />
      </div>
    </div>
  )
}

/** The path's steps as lights, the one this practice lit glowing as it comes on. */
function PathLights({ step, lit, firstTime }: { step: number; lit: number; firstTime: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <ol aria-hidden="true" className="flex items-center gap-2">
        {Array.from({ length: PATH_STEPS }, (_, index) => index + 1).map((number) => (
          <li key={number} className="flex items-center gap-2">
            {number > 1 && <span className={`h-0.5 w-6 rounded-full ${number <= lit ? 'bg-glow' : 'bg-white/15'}`} />}
            <span
              className={`grid size-9 place-items-center rounded-full text-sm font-semibold ${
                number <= lit ? 'bg-glow text-night' : 'border border-white/20 text-white'
              } ${number === step && firstTime ? 'animate-step-lit' : ''}`}
            >
              {number}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-base text-white">
        {firstTime ? `Step ${step} of ${PATH_STEPS} lit on your path` : `Step ${step} was already lit: this one was just for you`}
      </p>
    </div>
  )
}
