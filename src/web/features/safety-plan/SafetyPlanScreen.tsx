import { useEffect, useRef, type Ref } from 'react'
import { Link, useSearchParams } from 'react-router'
import { SAFETY_PLAN_STEPS, type SafetyPlanStep } from '~/core/safety-plan'
import { HOME_ROUTE } from '~/web/app/route-access'
import { focusHeading } from '~/web/app/route-focus'
import { useHasSafetyPlan } from '~/web/data/safety-plan'
import { useSafetyPlan } from '~/web/data/safety-plan-sync'
import { useOnline } from '~/web/lib/online'
import { BackLink } from '~/web/ui/BackLink'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { LoadingShapes } from '~/web/ui/LoadingShapes'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { EmergencyLine, stepAddress } from './parts'
import { PlanOverview } from './PlanOverview'
import { StepEditor } from './StepEditor'
import { STEP_WORDS } from './steps'
import './safety-plan.css'

function stepOf(param: string | null): SafetyPlanStep | null {
  const index = Number(param) - 1
  return Number.isInteger(index) ? (SAFETY_PLAN_STEPS[index] ?? null) : null
}

/**
 * /safety-plan, the member's own safety plan (docs/product.md#safety-plan): written a step at a time (`?step=1` to 7),
 * read whole on the overview, printed or shared from there. It opens from the device, offline too.
 */
export default function SafetyPlanScreen() {
  const { plan, read } = useSafetyPlan()
  const written = useHasSafetyPlan()
  const online = useOnline()
  const [params] = useSearchParams()
  const step = stepOf(params.get('step'))
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)

  // Moving between the steps changes only the query of the address, which the shell's focus doesn't follow: the new
  // view's heading takes the focus here, as a new screen's does.
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    if (headingRef.current) focusHeading(headingRef.current)
  }, [step])

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-5 sm:px-8 print:max-w-none print:px-0">
      <header className="py-4 sm:py-6 print:hidden">
        <BackLink to={HOME_ROUTE}>Back to Weekly Dashboard</BackLink>
      </header>
      <main className="flex-1 pb-16 print:pb-0">
        {plan !== null && !online && (
          <p role="status" className="mb-6 rounded-2xl border border-white/10 bg-white/5 px-4 py-3 text-sm text-mist print:hidden">
            <span className="font-semibold text-white">Offline.</span> Your plan is kept on this device. What you change is saved when you are back online.
          </p>
        )}
        {plan === null ? (
          <>
            <h1 className="text-3xl font-semibold tracking-tight text-white">My safety plan</h1>
            {!online ? (
              <p role="status" className="mt-6 max-w-prose rounded-2xl border border-white/10 bg-white/5 px-4 py-3">
                Your plan opens here without a connection once it has been on this device. It will load as soon as you are back online.
              </p>
            ) : read.isError ? (
              <LoadRetry what="your safety plan" query={read} />
            ) : (
              <LoadingShapes label="Loading your safety plan..." className="mt-8 space-y-3">
                <div className="h-24 rounded-3xl bg-white/5" />
                <div className="h-24 rounded-3xl bg-white/5" />
              </LoadingShapes>
            )}
            <EmergencyLine />
          </>
        ) : step ? (
          <>
            <StepEditor step={step} plan={plan} headingRef={headingRef} />
            <PlanOverview lines={plan.lines} printOnly />
          </>
        ) : written ? (
          <PlanOverview lines={plan.lines} plan={plan} headingRef={headingRef} />
        ) : (
          <>
            <Welcome headingRef={headingRef} />
            <PlanOverview lines={plan.lines} printOnly />
          </>
        )}
      </main>
    </div>
  )
}

/** A plan with nothing in it yet: what it is, that it is private, and the way in. No pressure to finish it. */
function Welcome({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section className="print:hidden">
      <p className="text-sm font-medium tracking-widest text-glow uppercase">Safety</p>
      <h1 ref={headingRef} className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
        My safety plan
      </h1>
      <div className="mt-4 max-w-prose space-y-3 text-lg leading-relaxed">
        <p>A safety plan is a short list, in your own words, of what helps when things get hard. You write it at a calm moment, so it is ready when you need it.</p>
        <p>It has seven small steps. Write as much or as little as you like, stop whenever you want, and come back to it any time.</p>
      </div>
      <ol className="mt-6 space-y-2">
        {SAFETY_PLAN_STEPS.map((step, index) => (
          <li key={step} className="flex items-center gap-3">
            <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-glow/15 text-sm font-semibold text-glow">
              {index + 1}
            </span>
            <span className="text-white">{STEP_WORDS[step].title}</span>
          </li>
        ))}
      </ol>
      <p className="mt-6 max-w-prose text-sm">Your plan is private. Olo never reads it and it is never sent to an AI. It is kept on this device too, so it opens without a connection.</p>
      <Link to={stepAddress('warning-signs')} className={`${PRIMARY_BUTTON} mt-8`}>
        Start with step 1
      </Link>
      <EmergencyLine />
    </section>
  )
}
