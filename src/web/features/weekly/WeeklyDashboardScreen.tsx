import type { ReactNode } from 'react'
import { greetingName } from '~/core/auth'
import { DIMENSIONS } from '~/core/dimensions'
import { useSession } from '~/web/app/session'
import { useJourney } from '~/web/data/journey'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { MenuPage } from '~/web/ui/MenuPage'
import { useWeekly } from '~/web/data/weekly'
import { OloIntro } from './OloIntro'
import { RecapSummary } from './RecapSummary'
import { TodayCard } from './TodayCard'
import { WeekOrbs } from './WeekOrbs'
import { LoadingShapes } from '~/web/ui/LoadingShapes'

/**
 * The weekly home (docs/product.md#weekly-home): today's practice first (docs/decisions/0018), the daily check-in the
 * routes hand it (docs/decisions/0033), then the dimension orbs and Olo's intro to the recap, or the finished recap.
 */
export default function WeeklyDashboardScreen({ checkIn }: { checkIn?: ReactNode }) {
  const { data: user } = useSession()
  const name = user ? greetingName(user) : null

  return (
    <MenuPage offline="kept">
      <p className="text-sm font-medium tracking-widest text-glow uppercase">Your week</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight break-words text-white sm:text-4xl">
        Good to see you{name ? `, ${name}` : ''}
      </h1>
      <TodayCard />
      {checkIn}
      <WeekBody />
    </MenuPage>
  )
}

function WeekBody() {
  const weekly = useWeekly()
  // The Today card above reads the journey: the week waits for it, so its tasks never move under a finger.
  const journey = useJourney()

  if (weekly.isPending || journey.isPending) return <WeekPlaceholder />
  if (weekly.isError) return <LoadRetry what="your week" query={weekly} />

  const { orbs, newcomer, recap } = weekly.data
  return (
    <>
      <WeekOrbs orbs={orbs} newcomer={newcomer} />
      {recap?.status === 'done' ? <RecapSummary recap={recap} /> : <OloIntro resume={recap?.status === 'open'} />}
    </>
  )
}

/** Quiet shapes where the orbs and Olo's card will be, so nothing jumps when the week arrives. */
function WeekPlaceholder() {
  return (
    <div className="mt-8">
      <LoadingShapes label="Loading your week...">
        <div className="h-5 w-36 rounded-full bg-white/10" />
        <div className="mt-5 flex flex-wrap justify-center gap-x-4 gap-y-6 sm:gap-x-6">
          {DIMENSIONS.map((dimension) => (
            <div key={dimension} className="flex w-[4.5rem] flex-col items-center gap-2 sm:w-20">
              <div className="size-16 rounded-full bg-white/10 sm:size-[4.5rem]" />
              <div className="h-3 w-12 rounded-full bg-white/10" />
            </div>
          ))}
        </div>
        <div className="mt-10 h-48 rounded-3xl bg-white/5" />
      </LoadingShapes>
    </div>
  )
}
