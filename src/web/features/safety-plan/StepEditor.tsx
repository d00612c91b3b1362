import { ArrowLeft, ArrowRight, Plus, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type Ref } from 'react'
import { Link } from 'react-router'
import { hasPhone, lineProblem, SAFETY_PLAN_LIMITS, SAFETY_PLAN_STEPS, type SafetyPlanLine, type SafetyPlanStep } from '~/core/safety-plan'
import { SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import type { PlanOnDevice } from '~/web/data/safety-plan'
import { useEditSafetyPlan } from '~/web/data/safety-plan-sync'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { HelplinesWhereYouLive, SaveNote, stepAddress } from './parts'
import { linesOf } from './plan-text'
import { TryNow } from './PlanOverview'
import { STEP_WORDS } from './steps'

const FIELD = 'mt-1 w-full rounded-2xl border border-white/15 bg-night px-4 py-3 text-base text-white placeholder:text-mist/60 focus:border-glow'

/**
 * One step of the plan (docs/product.md#safety-plan): what it asks, its lines to write in the member's own words, ideas
 * to start from, and the way on. Every change is kept on the device as it is typed and saved a moment later.
 */
export function StepEditor({ step, plan, headingRef }: { step: SafetyPlanStep; plan: PlanOnDevice; headingRef: Ref<HTMLHeadingElement> }) {
  const edit = useEditSafetyPlan()
  const index = SAFETY_PLAN_STEPS.indexOf(step)
  const words = STEP_WORDS[step]
  const lines = linesOf(plan.lines, step)
  const full = lines.length >= SAFETY_PLAN_LIMITS.linesPerStep
  // The field of a line just added, to focus once it is on screen.
  const focusNext = useRef<string | null>(null)
  const ideas = words.examples.filter((example) => !lines.some((line) => line.text.trim() === example))

  // A step opens with a line ready to write in.
  const empty = lines.length === 0
  useEffect(() => {
    if (empty) edit.ensureLine(step)
  }, [empty, edit, step])

  // Leaving a step sends what waits on it at once.
  useEffect(() => () => edit.sendNow(), [edit, step])

  useEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })

  const previous = index === 0 ? SAFETY_PLAN_ROUTE : stepAddress(SAFETY_PLAN_STEPS[index - 1]!)
  const next = index === SAFETY_PLAN_STEPS.length - 1 ? null : SAFETY_PLAN_STEPS[index + 1]!

  return (
    <section className="print:hidden">
      <p className="text-sm font-medium tracking-widest text-glow uppercase">
        Step {index + 1} of {SAFETY_PLAN_STEPS.length}
      </p>
      <h1 ref={headingRef} className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
        {words.title}
      </h1>
      <p className="mt-3 max-w-prose text-lg leading-relaxed">{words.prompt}</p>

      <ul className="mt-6 space-y-4">
        {lines.map((line, i) => (
          <li key={line.id}>
            <LineFields line={line} number={i + 1} onChange={edit.write} onRemove={() => edit.remove(line.id)} onLeave={edit.sendNow} />
          </li>
        ))}
      </ul>

      <div className="mt-4">
        <button type="button" disabled={full} onClick={() => (focusNext.current = fieldId(edit.add(step)))} className={SECONDARY_BUTTON}>
          <Plus aria-hidden="true" className="size-4" />
          Add a line
        </button>
        {full && <p className="mt-2 text-sm">A step holds up to {SAFETY_PLAN_LIMITS.linesPerStep} lines: a short list is easier to read in a hard moment.</p>}
      </div>

      {ideas.length > 0 && !full && (
        <div className="mt-8">
          <h2 className="text-sm font-semibold text-white">Ideas to start from</h2>
          <p className="mt-1 text-sm">Tap one to add it, then change it into your own words.</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {ideas.map((idea) => (
              <li key={idea}>
                <button
                  type="button"
                  onClick={() => {
                    // The blank line the step opened with takes the idea, rather than staying empty above it.
                    const blank = lines.find((line) => line.text.trim() === '' && !line.phone?.trim())
                    if (blank) {
                      edit.write({ ...blank, text: idea })
                      focusNext.current = fieldId(blank.id)
                    } else focusNext.current = fieldId(edit.add(step, idea))
                  }}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-dashed border-white/25 px-4 text-left text-sm text-white transition-colors hover:bg-white/10"
                >
                  <Plus aria-hidden="true" className="size-4 shrink-0 text-glow" />
                  <span className="sr-only">Add: </span>
                  {idea}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {step === 'on-my-own' && <TryNow />}
      {step === 'professionals' && <HelplinesWhereYouLive />}

      <SaveNote plan={plan} always />

      <nav aria-label="Steps of the plan" className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-6">
        <Link to={previous} className={SECONDARY_BUTTON}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        {next ? (
          <Link to={stepAddress(next)} className={PRIMARY_BUTTON}>
            Next
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <Link to={SAFETY_PLAN_ROUTE} className={PRIMARY_BUTTON}>
            See my plan
          </Link>
        )}
      </nav>
      <p className="mt-6 text-center">
        <Link to={SAFETY_PLAN_ROUTE} className="inline-flex min-h-11 items-center rounded-full px-3 text-sm text-mist underline-offset-4 hover:text-white hover:underline">
          See the whole plan
        </Link>
      </p>
    </section>
  )
}

const fieldId = (lineId: string) => `plan-line-${lineId}`

/** A line's fields: what it says, and for a person or a service, their number; with a way to remove it. */
function LineFields({
  line,
  number,
  onChange,
  onRemove,
  onLeave,
}: {
  line: SafetyPlanLine
  number: number
  onChange: (line: SafetyPlanLine) => void
  onRemove: () => void
  onLeave: () => void
}) {
  const words = STEP_WORDS[line.step]
  const phoneId = useId()
  const problemId = useId()
  // The number's problem shows once the member has left the field, not while they are still typing it.
  const [phoneLeft, setPhoneLeft] = useState(false)
  const problem = phoneLeft ? lineProblem(line) : null
  const withPhone = hasPhone(line.step)
  const name = line.text.trim() || `line ${number}`
  return (
    <div className={withPhone ? 'rounded-3xl border border-white/10 bg-night-soft/80 p-4' : ''}>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={fieldId(line.id)} className={withPhone ? 'block text-sm font-medium text-white' : 'sr-only'}>
            {words.lineLabel} {withPhone ? '' : number}
          </label>
          <input
            id={fieldId(line.id)}
            type="text"
            maxLength={SAFETY_PLAN_LIMITS.lineChars}
            value={line.text}
            onChange={(event) => onChange({ ...line, text: event.target.value })}
            onBlur={onLeave}
            autoComplete={withPhone ? 'name' : 'off'}
            className={FIELD}
          />
        </div>
        <button type="button" onClick={onRemove} className="grid size-12 shrink-0 place-items-center rounded-full text-mist transition-colors hover:bg-white/10 hover:text-white">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Remove {name}</span>
        </button>
      </div>
      {withPhone && (
        <div className="mt-3 pr-14">
          <label htmlFor={phoneId} className="block text-sm font-medium text-white">
            Phone number <span className="font-normal text-mist">(optional)</span>
          </label>
          <input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={SAFETY_PLAN_LIMITS.phoneChars}
            value={line.phone ?? ''}
            onChange={(event) => onChange({ ...line, phone: event.target.value })}
            onBlur={() => {
              setPhoneLeft(true)
              onLeave()
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className={FIELD}
          />
          {problem && (
            <p id={problemId} className="mt-2 text-sm text-dawn">
              {problem}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
