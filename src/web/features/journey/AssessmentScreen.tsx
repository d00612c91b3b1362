import { ArrowRight, LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { ASSESSMENT_DEFAULT, ASSESSMENT_QUESTIONS, type Assessment } from '~/core/journey'
import { StepPage } from '~/web/ui/StepPage'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { useSaveAssessment } from '~/web/data/journey'

const START: Assessment = { focused: ASSESSMENT_DEFAULT, energised: ASSESSMENT_DEFAULT, calm: ASSESSMENT_DEFAULT }

/** /assessment (docs/product.md#assessment): three sliders from 0 to 100, saved, then on to the first quest. */
export default function AssessmentScreen() {
  const [answers, setAnswers] = useState<Assessment>(START)
  const save = useSaveAssessment()
  const navigate = useNavigate()

  return (
    <StepPage eyebrow="Assessment" title="How are you feeling?">
      <p className="mt-2 max-w-prose text-base">
        Three quick questions with no right answers. Move each slider to where you are these days.
      </p>

      <form
        className="mt-8 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (save.isPending) return
          save.mutate(answers, { onSuccess: () => void navigate('/first-quest') })
        }}
      >
        {ASSESSMENT_QUESTIONS.map((question) => (
          <Slider
            key={question.key}
            question={question}
            value={answers[question.key]}
            onChange={(value) => setAnswers((current) => ({ ...current, [question.key]: value }))}
          />
        ))}

        {save.isError && (
          <p role="alert" className="rounded-2xl border border-dawn/30 bg-dawn/5 p-4 text-sm text-white">
            We couldn&apos;t save your answers. Please try again.
          </p>
        )}

        {/* aria-disabled rather than disabled while saving, so keyboard focus stays on the button. */}
        <button type="submit" aria-disabled={save.isPending} className={`${PRIMARY_BUTTON} aria-disabled:cursor-wait aria-disabled:opacity-70`}>
          {save.isPending ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              Saving...
            </>
          ) : (
            <>
              Continue
              <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
            </>
          )}
        </button>
      </form>
    </StepPage>
  )
}

type SliderProps = {
  question: (typeof ASSESSMENT_QUESTIONS)[number]
  value: number
  onChange: (value: number) => void
}

function Slider({ question, value, onChange }: SliderProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <label htmlFor={id} className="text-base font-medium text-white">
          {question.label}
        </label>
        {/* The slider itself announces its value; this number is for the eye. */}
        <span aria-hidden="true" className="min-w-[3ch] text-right text-2xl font-semibold text-white tabular-nums">
          {value}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-3 h-11 w-full cursor-pointer rounded-xl accent-dawn"
      />
      <div aria-hidden="true" className="flex justify-between text-sm">
        <span>{question.low}</span>
        <span>{question.high}</span>
      </div>
      <p id={hintId} className="sr-only">
        0 means {question.low}, 100 means {question.high}.
      </p>
    </div>
  )
}
