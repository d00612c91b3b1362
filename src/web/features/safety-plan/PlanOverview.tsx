import { Hand, Pencil, Plus, Wind } from 'lucide-react'
import { useId, type Ref } from 'react'
import { Link } from 'react-router'
import type { SafetyPlanLine } from '~/core/safety-plan'
import { GROUNDING_ROUTE } from '~/web/app/route-access'
import type { PlanOnDevice } from '~/web/data/safety-plan'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { KeepACopy } from './KeepACopy'
import { EmergencyLine, HelplinesWhereYouLive, PhoneLinks, SaveNote, stepAddress } from './parts'
import { planSteps } from './plan-text'
import { STEP_WORDS } from './steps'

/**
 * The whole plan on one page, to read in a hard moment and to print (docs/product.md#safety-plan): every step in
 * order, what was written, each number a call and a text away. `printOnly` renders it for paper alone, under another
 * view of the plan, so the printed page is always the whole plan.
 */
export function PlanOverview({ lines, plan, headingRef, printOnly = false }: { lines: readonly SafetyPlanLine[]; plan?: PlanOnDevice; headingRef?: Ref<HTMLHeadingElement>; printOnly?: boolean }) {
  const headingId = useId()
  const Title = printOnly ? 'p' : 'h1'
  return (
    <article aria-labelledby={headingId} className={`safety-plan-sheet ${printOnly ? 'hidden print:block' : ''}`}>
      <p className="text-sm font-medium tracking-widest text-glow uppercase print:hidden">Safety</p>
      <Title ref={printOnly ? undefined : headingRef} id={headingId} className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl print:mt-0 print:text-2xl print:text-black">
        My safety plan
      </Title>
      <p className="mt-3 max-w-prose text-lg leading-relaxed print:mt-1 print:text-sm print:text-black">
        What helps me when things get hard, in my own words.
      </p>

      {!printOnly && (
        <div className="mt-6 flex flex-wrap gap-3 print:hidden">
          <Link to={stepAddress('warning-signs')} className={SECONDARY_BUTTON}>
            <Pencil aria-hidden="true" className="size-4" />
            Change my plan
          </Link>
        </div>
      )}

      <ol className="mt-8 space-y-4 print:mt-3 print:space-y-0">
        {planSteps(lines).map(({ step, number, lines: written }) => (
          <li
            key={step}
            className="rounded-3xl border border-white/10 bg-night-soft/80 p-5 print:break-inside-avoid print:rounded-none print:border-0 print:border-t print:border-black/25 print:bg-transparent print:px-0 print:py-1.5"
          >
            <div className="flex items-start justify-between gap-3">
              <h2 className="flex items-center gap-3 text-lg font-semibold text-white print:text-sm print:text-black">
                <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-glow/15 text-sm text-glow print:size-auto print:bg-transparent print:text-black">
                  {number}
                </span>
                <span>
                  <span className="sr-only">Step {number}: </span>
                  {STEP_WORDS[step].title}
                </span>
              </h2>
              {!printOnly && (
                <Link to={stepAddress(step)} className="-mt-2 -mr-2 inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white print:hidden">
                  {written.length === 0 ? <Plus aria-hidden="true" className="size-4" /> : <Pencil aria-hidden="true" className="size-4" />}
                  {written.length === 0 ? 'Add' : 'Edit'}
                  <span className="sr-only"> {STEP_WORDS[step].title}</span>
                </Link>
              )}
            </div>
            {written.length === 0 && step !== 'professionals' ? (
              <>
                <p className="mt-2 text-sm text-mist/80 print:hidden">Nothing here yet.</p>
                {/* On paper, room to write by hand. */}
                <div aria-hidden="true" className="hidden h-5 border-b border-black/30 print:block" />
              </>
            ) : (
              <ul className="mt-3 space-y-3 print:mt-0.5 print:space-y-0">
                {written.map((line) => (
                  <li key={line.id} className="text-white break-words print:text-[10.5pt] print:leading-snug print:text-black">
                    {line.text.trim()}
                    {line.text.trim() && line.phone?.trim() ? <span className="hidden print:inline"> · </span> : null}
                    {line.phone?.trim() ? <PhoneLinks who={line.text.trim() || 'this number'} phone={line.phone} /> : null}
                  </li>
                ))}
              </ul>
            )}
            {step === 'professionals' && <HelplinesWhereYouLive />}
            {step === 'on-my-own' && !printOnly && <TryNow />}
          </li>
        ))}
      </ol>
      <EmergencyLine />
      {!printOnly && plan && (
        <>
          <SaveNote plan={plan} />
          <KeepACopy lines={lines} />
          <p className="mt-8 max-w-prose text-sm print:hidden">Your plan is private. Olo never reads it and it is never sent to an AI.</p>
        </>
      )}
    </article>
  )
}

const TRY_LINK = 'inline-flex min-h-11 items-center gap-2 rounded-full border border-glow/40 bg-glow/10 px-4 text-sm font-medium text-white transition-colors hover:bg-glow/20'

/** Step 2's one-tap ways to settle: the grounding exercise and a breathing practice, done as a free practice. */
export function TryNow() {
  return (
    <div className="mt-4 print:hidden">
      <p className="text-sm">Ready when you need them:</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to={GROUNDING_ROUTE} className={TRY_LINK}>
          <Hand aria-hidden="true" className="size-4 text-glow" />
          Grounding, 5-4-3-2-1
        </Link>
        <Link to="/breathing-bubble" className={TRY_LINK}>
          <Wind aria-hidden="true" className="size-4 text-glow" />
          Breathing Bubble
        </Link>
      </div>
    </div>
  )
}
