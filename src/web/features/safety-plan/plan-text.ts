import { isBlank, SAFETY_PLAN_STEPS, type SafetyPlanLine, type SafetyPlanStep } from '~/core/safety-plan'
import { STEP_WORDS } from './steps'

/** The steps in order, each with its lines written so far, in their order. */
export function planSteps(lines: readonly SafetyPlanLine[]) {
  return SAFETY_PLAN_STEPS.map((step, index) => ({
    step,
    number: index + 1,
    lines: linesOf(lines, step).filter((line) => !isBlank(line)),
  }))
}

/** A step's lines, blank ones included (the device keeps them while the member writes), in their order. */
export function linesOf(lines: readonly SafetyPlanLine[], step: SafetyPlanStep) {
  return lines.filter((line) => line.step === step).sort((a, b) => a.position - b.position)
}

export const EMERGENCY_LINE = 'In an emergency, call your local emergency number.'

/**
 * The plan as plain text, for the phone's share sheet or the clipboard: each step written in, its lines, and the
 * emergency line last. Steps left empty are left out, as a message carries only what was written.
 */
export function planAsText(lines: readonly SafetyPlanLine[]) {
  const steps = planSteps(lines)
    .filter(({ lines: written }) => written.length > 0)
    .map(({ step, number, lines: written }) => {
      const items = written.map(({ text, phone }) => `- ${[text.trim(), phone?.trim()].filter(Boolean).join(': ')}`)
      return [`${number}. ${STEP_WORDS[step].title}`, ...items].join('\n')
    })
  return ['My safety plan', ...steps, EMERGENCY_LINE].join('\n\n')
}
