import { Check, CloudOff, MessageSquare, Phone } from 'lucide-react'
import { dialledPhone, SAFETY_PLAN_STEPS, type SafetyPlanStep } from '~/core/safety-plan'
import { SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import type { PlanOnDevice } from '~/web/data/safety-plan'
import { useSaveState } from '~/web/data/safety-plan-sync'
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
