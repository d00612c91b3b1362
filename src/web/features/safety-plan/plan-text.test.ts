import { describe, expect, it } from 'vitest'
import type { SafetyPlanLine } from '~/core/safety-plan'
import { planAsText, planSteps } from './plan-text'

const lines: SafetyPlanLine[] = [
  { id: '1', step: 'reasons-for-living', text: 'My dog', phone: null, position: 1 },
  { id: '2', step: 'reasons-for-living', text: 'My niece', phone: null, position: 0 },
  { id: '3', step: 'people-to-ask', text: 'Ana', phone: '+34 600 000 000', position: 0 },
  { id: '4', step: 'professionals', text: '', phone: '988', position: 0 },
  { id: '5', step: 'warning-signs', text: '   ', phone: null, position: 0 },
]

describe('the plan as plain text', () => {
  it('lists the steps written in, in order, each line with its number, and the emergency line last', () => {
    expect(planAsText(lines)).toBe(
      [
        'My safety plan',
        '4. People I can ask for help\n- Ana: +34 600 000 000',
        '5. Professionals and services\n- 988',
        '7. My reasons for living\n- My niece\n- My dog',
        'In an emergency, call your local emergency number.',
      ].join('\n\n'),
    )
  })

  it('keeps all seven steps for the overview, blank lines left out', () => {
    const steps = planSteps(lines)
    expect(steps.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(steps[0]!.lines).toEqual([])
  })
})
