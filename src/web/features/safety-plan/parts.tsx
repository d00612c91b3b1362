import { Check, CloudOff, MessageSquare, Phone } from 'lucide-react'
import { countryInSentence, FIND_A_HELPLINE, HELPLINES, smsHref, telHref } from '~/core/helplines'
import { dialledPhone, SAFETY_PLAN_STEPS, type SafetyPlanStep } from '~/core/safety-plan'
import { SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import type { PlanOnDevice } from '~/web/data/safety-plan'
import { useSaveState } from '~/web/data/safety-plan-sync'
import { useHelpCountry } from '~/web/data/settings'
import { useServerConfig } from '~/web/data/status'
import { OperatorHelp } from '~/web/olo/HelpCard'
import { EMERGENCY_LINE } from './plan-text'

/** The address of a step's view: `/safety-plan?step=3`. */
export const stepAddress = (step: SafetyPlanStep) => `${SAFETY_PLAN_ROUTE}?step=${SAFETY_PLAN_STEPS.indexOf(step) + 1}`

/**
 * Under the whole plan, on screen and on paper, and on the page before anything is written: a plan is no stand-in for an
 * emergency call.
 */
export function EmergencyLine() {
  return (
    <p className="mt-10 flex items-start gap-3 font-medium text-white print:mt-3 print:text-black">
      <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-dawn print:hidden" />
      {EMERGENCY_LINE}
    </p>
  )
}

const LINK = 'inline-flex min-h-11 items-center gap-2 rounded-full border border-white/20 px-4 text-sm font-medium text-white transition-colors hover:bg-white/10'

/**
 * A number to call in one tap (`tel:`) and to text (`sms:`), named for who answers. Printed, the number stays (a link
 * in the PDF too) and the Text button goes.
 */
export function PhoneLinks({ who, phone }: { who: string; phone: string }) {
  const number = dialledPhone(phone)
  return (
    <span className="mt-2 flex flex-wrap gap-2 print:mt-0 print:inline">
      <a href={`tel:${number}`} className={`${LINK} print:min-h-0 print:border-0 print:px-0 print:text-black`}>
        <Phone aria-hidden="true" className="size-4 text-dawn print:hidden" />
        <span className="sr-only">Call {who} on </span>
        {phone.trim()}
      </a>
      <a href={`sms:${number}`} className={`${LINK} print:hidden`}>
        <MessageSquare aria-hidden="true" className="size-4 text-dawn" />
        Text<span className="sr-only"> {who}</span>
      </a>
    </span>
  )
}

/** What to text and where: 'HOME to 741741', or the number alone. */
const textWords = ({ to, body }: { to: string; body?: string }) => (body ? `${body} to ${to}` : to)

/**
 * Step 5's services where the member lives: the help card's helplines for their country (or the operator's own help),
 * each number a call and, where the line takes texts, a text away; on paper, each name and its number
 * (docs/decisions/0054).
 */
export function HelplinesWhereYouLive() {
  const operatorHelp = useServerConfig().data?.helplines ?? null
  const country = useHelpCountry()
  if (operatorHelp !== null) return <OperatorHelp text={operatorHelp} />
  if (!country) {
    return (
      <p className="mt-3 text-sm print:mt-0.5 print:text-[10.5pt] print:text-black">
        Helplines where you are:{' '}
        <a href={FIND_A_HELPLINE.url} target="_blank" rel="noreferrer" className="font-semibold text-dawn underline underline-offset-2 print:text-black">
          {FIND_A_HELPLINE.name}
        </a>
      </p>
    )
  }
  return (
    <div className="mt-4 print:mt-0.5">
      <p className="text-sm font-medium text-white print:hidden">Helplines in {countryInSentence(country)}</p>
      <ul className="mt-2 space-y-3 print:mt-0 print:space-y-0">
        {HELPLINES[country].lines.map((line) => (
          <li key={line.name} className="text-white break-words print:text-[10.5pt] print:leading-snug print:text-black">
            {line.name}
            {line.hours && <span className="text-sm text-mist print:hidden"> · {line.hours}</span>}
            {/* On paper, the number to call and the word to text after the name. */}
            <span className="hidden print:inline"> · {[line.call, line.text && `text ${textWords(line.text)}`].filter(Boolean).join(', ')}</span>
            <span className="mt-2 flex flex-wrap gap-2 print:hidden">
              {line.call && (
                <a href={telHref(line.call)} className={LINK}>
                  <Phone aria-hidden="true" className="size-4 text-dawn" />
                  <span className="sr-only">Call {line.name} on </span>
                  {line.call}
                </a>
              )}
              {line.text && (
                <a href={smsHref(line.text)} className={LINK}>
                  <MessageSquare aria-hidden="true" className="size-4 text-dawn" />
                  Text {textWords(line.text)}
                  <span className="sr-only"> ({line.name})</span>
                </a>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

const SAVE_WORDS = {
  saved: 'Saved',
  saving: 'Saving...',
  kept: "Kept on this device. It will be saved when you're back online.",
} as const

/** How the member's changes stand, said quietly; on the overview only while something waits. */
export function SaveNote({ plan, always = false }: { plan: PlanOnDevice; always?: boolean }) {
  const state = useSaveState(plan)
  const words = state === 'saved' && !always ? '' : SAVE_WORDS[state]
  return (
    <div role="status" className="mt-4 min-h-5 text-sm print:hidden">
      {words && (
        <p className="flex items-start gap-2">
          {state === 'saved' && <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-glow" />}
          {state === 'kept' && <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-dawn" />}
          {words}
        </p>
      )}
    </div>
  )
}
