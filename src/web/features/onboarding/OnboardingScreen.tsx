import { ArrowLeft, ArrowRight, Clock } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { DIMENSION_INFO, DIMENSIONS, FOCUS_INFO, FOCUS_OPTIONS, type Dimension, type FocusOption } from '~/core/dimensions'
import {
  authRouteFor,
  canContinue,
  LAST_ONBOARDING_STEP,
  MIN_RANKED,
  ONBOARDING_STEPS,
  toggleRanked,
} from '~/core/onboarding'
import { PATH_INFO, pathForChoices } from '~/core/paths'
import { focusHeading } from '~/web/app/route-focus'
import { DimensionOrbs, Orb } from '~/web/ui/DimensionOrbs'
import { localOnboarding } from '~/web/data/onboarding'

const STEP_TEXT: readonly { title: string; intro: string }[] = [
  {
    title: 'Welcome to Lumin',
    intro:
      'Lumin helps you grow across seven dimensions of your life, with short practices and Olo, your AI guide, beside you each week.',
  },
  {
    title: 'What matters most to you?',
    intro: `Tap the dimensions in order of importance, most important first. Choose at least ${MIN_RANKED}; tap one again to remove it.`,
  },
  {
    title: 'What would you like more of?',
    intro: 'Choose the one focus you want Lumin to help you with first.',
  },
  {
    title: 'You’re ready to begin',
    intro: 'Here is where your journey starts. Next, sign in or create your account so Lumin can keep your choices.',
  },
]

export default function OnboardingScreen() {
  const navigate = useNavigate()
  const hintId = useId()
  const [step, setStep] = useState(0)
  // A visitor who finished onboarding earlier but never signed in finds their choices again.
  const [ranked, setRanked] = useState<Dimension[]>(() => localOnboarding.read()?.rankedDimensions ?? [])
  const [focus, setFocus] = useState<FocusOption | null>(() => localOnboarding.read()?.selectedFocus ?? null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const announcedStep = useRef(step)

  useEffect(() => {
    if (announcedStep.current === step) return
    announcedStep.current = step
    // Each step replaces the page's content, so it starts at the top of the page, as a new page would, and screen
    // readers and keyboards start at its heading.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    if (headingRef.current) focusHeading(headingRef.current)
  }, [step])

  const allowed = canContinue(step, ranked, focus)
  const hint = stepHint(step, ranked.length, focus)

  function goOn() {
    if (!allowed) return
    if (step < LAST_ONBOARDING_STEP) {
      setStep(step + 1)
      return
    }
    if (focus === null) {
      setStep(2)
      return
    }
    localOnboarding.write({ rankedDimensions: ranked, selectedFocus: focus, completedAt: new Date().toISOString() })
    void navigate(authRouteFor(ranked, focus))
  }

  const text = STEP_TEXT[step]
  const stepName = ONBOARDING_STEPS[step]
  const stepCount = ONBOARDING_STEPS.length

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-5 sm:px-8">
      <header className="pt-5 pb-2 sm:pt-8">
        <div className="flex items-center justify-between gap-4">
          <Link to="/" className="rounded text-lg font-semibold tracking-wide text-white">
            Lumin
          </Link>
          <p className="text-sm text-mist">
            Step {step + 1} of {stepCount}
            <span className="hidden sm:inline"> · {stepName}</span>
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={stepCount}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${stepCount}: ${stepName}`}
          className="mt-4 h-1.5 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className="h-full rounded-full bg-linear-to-r from-accent to-dawn transition-[width] duration-500 ease-out motion-reduce:transition-none"
            style={{ width: `${((step + 1) / stepCount) * 100}%` }}
          />
        </div>
      </header>

      <main className="flex flex-1 flex-col">
        <div
          key={step}
          className="flex-1 pt-8 pb-6 transition duration-500 ease-out motion-reduce:transition-none starting:translate-x-6 starting:opacity-0 sm:pt-12"
        >
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-semibold tracking-tight text-white sm:text-4xl"
          >
            {text?.title}
          </h1>
          <p className="mt-3 max-w-prose text-base text-mist sm:text-lg">{text?.intro}</p>

          <div className="mt-8">
            {step === 0 && <WelcomeStep />}
            {step === 1 && <RankStep ranked={ranked} onToggle={(d) => setRanked((r) => toggleRanked(r, d))} />}
            {step === 2 && <FocusStep focus={focus} onChoose={setFocus} />}
            {step === 3 && focus !== null && <SummaryStep ranked={ranked} focus={focus} />}
          </div>
        </div>

        <div className="sticky bottom-0 -mx-5 border-t border-white/10 bg-night/85 px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-8 sm:px-8">
          <p id={hintId} className="min-h-5 text-center text-sm text-mist sm:text-right">
            {hint}
          </p>
          <div className="mt-2 flex gap-3">
            <button
              type="button"
              onClick={() => setStep(step - 1)}
              disabled={step === 0}
              className="inline-flex min-h-12 items-center gap-2 rounded-full border border-white/20 px-5 font-medium text-white transition-colors hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
            >
              <ArrowLeft aria-hidden="true" className="size-5" />
              Back
            </button>
            <button
              type="button"
              onClick={goOn}
              disabled={!allowed}
              aria-describedby={hint ? hintId : undefined}
              className="ml-auto inline-flex min-h-12 items-center gap-2 rounded-full bg-dawn px-7 font-semibold text-night shadow-[0_0_24px_2px_#ffd9a033] transition-opacity disabled:cursor-not-allowed disabled:opacity-40 disabled:shadow-none"
            >
              Continue
              <ArrowRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      </main>
    </div>
  )
}

function stepHint(step: number, rankedCount: number, focus: FocusOption | null): string {
  if (step === 1 && rankedCount < MIN_RANKED) {
    const missing = MIN_RANKED - rankedCount
    return `Choose ${missing} more ${missing === 1 ? 'dimension' : 'dimensions'} to continue.`
  }
  if (step === 2 && focus === null) return 'Choose a focus to continue.'
  return ''
}

function WelcomeStep() {
  return (
    <div className="space-y-8">
      <DimensionOrbs layout="grid" className="py-2" />
      <section aria-labelledby="welcome-steps" className="rounded-3xl border border-white/10 bg-night-soft/70 p-5 sm:p-6">
        <h2 id="welcome-steps" className="font-semibold text-white">
          Three quick steps
        </h2>
        <ol className="mt-3 space-y-2 text-mist">
          {ONBOARDING_STEPS.slice(1).map((name, index) => (
            <li key={name} className="flex items-center gap-3">
              <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-white/10 text-xs text-white">
                {index + 1}
              </span>
              {name}
            </li>
          ))}
        </ol>
        <p className="mt-4 flex items-center gap-2 text-sm text-mist">
          <Clock aria-hidden="true" className="size-4 text-dawn" />
          It takes about 2 minutes.
        </p>
      </section>
    </div>
  )
}

function RankStep({ ranked, onToggle }: { ranked: readonly Dimension[]; onToggle: (dimension: Dimension) => void }) {
  const id = useId()
  return (
    <>
      <p aria-live="polite" className="mb-4 text-sm font-medium text-white">
        {ranked.length} of {DIMENSIONS.length} ranked
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {DIMENSIONS.map((dimension) => {
          const { label, description, color } = DIMENSION_INFO[dimension]
          const rank = ranked.indexOf(dimension) + 1
          return (
            <li key={dimension}>
              <button
                type="button"
                aria-pressed={rank > 0}
                // One string, so the name reads "Heart, ranked 1": a hidden span inside the visible label added a space
                // before the comma in Chromium's name.
                aria-label={rank > 0 ? `${label}, ranked ${rank}` : label}
                aria-describedby={`${id}-${dimension}-desc`}
                onClick={() => onToggle(dimension)}
                className="flex min-h-16 w-full items-center gap-3 rounded-2xl border border-white/10 bg-night-soft/60 p-3 text-left transition-colors hover:border-white/30"
                style={rank > 0 ? { borderColor: color, backgroundColor: `${color}14` } : undefined}
              >
                <span
                  aria-hidden="true"
                  className="grid size-8 shrink-0 place-items-center rounded-full border border-white/25 text-sm font-bold"
                  style={rank > 0 ? { background: color, borderColor: color, color: '#0e0c1d' } : undefined}
                >
                  {rank > 0 ? rank : ''}
                </span>
                <Orb still color={color} className="size-8 shrink-0" />
                <span className="min-w-0">
                  <span className="block font-medium text-white">{label}</span>
                  <span id={`${id}-${dimension}-desc`} className="block text-sm text-mist">
                    {description}
                  </span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}

function FocusStep({ focus, onChoose }: { focus: FocusOption | null; onChoose: (focus: FocusOption) => void }) {
  const id = useId()
  return (
    <div role="radiogroup" aria-label="Your focus" className="grid gap-3 sm:grid-cols-2">
      {FOCUS_OPTIONS.map((option) => {
        const { label, description } = FOCUS_INFO[option]
        return (
          <label
            key={option}
            className="flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border border-white/10 bg-night-soft/60 p-4 transition-colors outline-dawn hover:border-white/30 has-checked:border-dawn has-checked:bg-dawn/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
          >
            <input
              type="radio"
              name={`${id}-focus`}
              value={option}
              checked={focus === option}
              onChange={() => onChoose(option)}
              aria-labelledby={`${id}-${option}-name`}
              aria-describedby={`${id}-${option}-desc`}
              className="size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-mist/70 checked:border-dawn checked:bg-dawn checked:shadow-[inset_0_0_0_3px_#17142c] focus-visible:outline-none"
            />
            <span className="min-w-0">
              <span id={`${id}-${option}-name`} className="block font-medium text-white">
                {label}
              </span>
              <span id={`${id}-${option}-desc`} className="block text-sm text-mist">
                {description}
              </span>
            </span>
          </label>
        )
      })}
    </div>
  )
}

function SummaryStep({ ranked, focus }: { ranked: readonly Dimension[]; focus: FocusOption }) {
  const top = ranked.slice(0, MIN_RANKED)
  const more = ranked.length - top.length
  // The path that serves the focus, as the sign-in screen and the Today card will say (docs/product.md#onboarding).
  const path = PATH_INFO[pathForChoices(ranked, focus)]
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="summary-dimensions" className="rounded-3xl border border-white/10 bg-night-soft/70 p-5 sm:row-span-2">
        <h2 id="summary-dimensions" className="font-semibold text-white">
          Your top dimensions
        </h2>
        <ol className="mt-4 space-y-4">
          {top.map((dimension, index) => {
            const { label, description, color } = DIMENSION_INFO[dimension]
            return (
              <li key={dimension} className="flex items-center gap-3">
                <Orb color={color} className="size-9 shrink-0" breatheDelay={index * 0.8} />
                <span>
                  <span className="block font-medium text-white">
                    <span className="sr-only">Number {index + 1}: </span>
                    {label}
                  </span>
                  <span className="block text-sm text-mist">{description}</span>
                </span>
              </li>
            )
          })}
        </ol>
        {more > 0 && (
          <p className="mt-4 text-sm text-mist">
            and {more} more in your order
          </p>
        )}
      </section>
      <section aria-labelledby="summary-focus" className="rounded-3xl border border-white/10 bg-night-soft/70 p-5">
        <h2 id="summary-focus" className="font-semibold text-white">
          Your focus
        </h2>
        <p className="mt-2 text-lg text-dawn">{FOCUS_INFO[focus].label}</p>
        <p className="text-sm text-mist">{FOCUS_INFO[focus].description}</p>
      </section>
      <section aria-labelledby="summary-path" className="rounded-3xl border border-white/10 bg-night-soft/70 p-5">
        <h2 id="summary-path" className="font-semibold text-white">
          Your first path
        </h2>
        <p className="mt-2 text-lg text-dawn">{path.title}</p>
        <p className="text-sm text-mist">{path.tagline}</p>
      </section>
    </div>
  )
}
