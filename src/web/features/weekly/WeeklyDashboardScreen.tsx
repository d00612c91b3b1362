import { emailLocalPart } from '~/core/auth'
import { useSession } from '~/web/app/session'
import { Orb } from '~/web/ui/DimensionOrbs'
import { SideMenu } from './SideMenu'

/** The weekly home. The dimension orbs, Olo's intro and the recap join it in later work. */
export default function WeeklyDashboardScreen() {
  const { data: user } = useSession()
  const name = user ? emailLocalPart(user.email) : null

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col px-5 sm:px-8">
      <header className="flex items-center gap-4 py-4 sm:py-6">
        <SideMenu />
        <p className="text-lg font-semibold tracking-wide text-white">Lumin</p>
      </header>

      <main className="flex-1 pt-6 pb-12 sm:pt-10">
        <p className="text-sm font-medium tracking-widest text-glow uppercase">Your week</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight break-words text-white sm:text-4xl">
          Good to see you{name ? `, ${name}` : ''}
        </h1>
        <p className="mt-3 max-w-prose text-base text-mist sm:text-lg">
          This is your weekly home: a calm place to look back on your week, notice what matters and choose the next
          small step.
        </p>

        <section
          aria-labelledby="weekly-recap-soon"
          className="relative mt-10 overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-6 sm:p-8"
        >
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow/15 blur-3xl"
          />
          <div className="relative flex flex-col gap-5 sm:flex-row sm:items-start">
            <Orb color="#c9a2ff" className="size-14 shrink-0" />
            <div>
              <h2 id="weekly-recap-soon" className="text-xl font-semibold text-white">
                Your weekly recap with Olo is coming
              </h2>
              <p className="mt-2 text-mist">
                Soon Olo, your AI guide, will meet you here once a week for a recap of about 10 minutes: how your week
                went, which dimension of your life needs you most, and two or three small steps for the week ahead.
              </p>
              <p className="mt-3 text-mist">Until then, your Main Dashboard and Life Goals are waiting in the menu.</p>
            </div>
          </div>
        </section>
      </main>
    </div>
  )
}
