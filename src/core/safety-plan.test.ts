import { describe, expect, it } from 'vitest'
import { dialledPhone, isBlank, lineProblem, phoneProblem, SAFETY_PLAN_LIMITS, SAFETY_PLAN_STEPS } from './safety-plan'
import { safetyPlanLineSchema } from './safety-plan-request'

describe('the safety plan’s steps and sizes', () => {
  it('follows the seven Stanley-Brown steps, a line of up to 300 characters, ten lines a step, 300 saves an hour', () => {
    expect(SAFETY_PLAN_STEPS).toEqual(['warning-signs', 'on-my-own', 'people-and-places', 'people-to-ask', 'professionals', 'safer-surroundings', 'reasons-for-living'])
    expect(SAFETY_PLAN_LIMITS).toMatchObject({ lineChars: 300, linesPerStep: 10, phoneChars: 30, phoneDigits: { min: 3, max: 15 }, writesPerHour: 300 })
  })
})

describe('a number a tel: link can dial', () => {
  it('takes digits as people write them, with + before a country code', () => {
    for (const number of ['988', '116 123', '+44 (0)20 7946-0958', '07700.900.123', '+1 555 010 0000', '112']) expect(phoneProblem(number), number).toBeNull()
  })

  it('refuses letters, a + inside the number, markup and other schemes, and numbers too short or too long', () => {
    for (const number of ['call me', '0044+20', '+', 'tel:988', 'javascript:alert(1)', '<b>988</b>', '1-800-FLOWERS', '12#', '988\n112']) {
      expect(phoneProblem(number), number).toBe('Write the number in digits (spaces and dashes are fine), with + before a country code.')
    }
    expect(phoneProblem('12')).toBe('A phone number has 3 to 15 digits.')
    expect(phoneProblem('1234567890123456')).toBe('A phone number has 3 to 15 digits.')
  })

  it('links the digits and the + of a country code alone', () => {
    expect(dialledPhone(' +44 (0)20 7946-0958 ')).toBe('+4402079460958')
    expect(dialledPhone('116 123')).toBe('116123')
  })
})

describe('a line of the plan', () => {
  it('is blank with nothing written in it, and the device says what the server would refuse', () => {
    expect(isBlank({ text: '  ', phone: ' ' })).toBe(true)
    expect(isBlank({ text: '', phone: '988' })).toBe(false)
    expect(lineProblem({ step: 'warning-signs', text: 'Not sleeping', phone: null })).toBeNull()
    expect(lineProblem({ step: 'warning-signs', text: 'x'.repeat(301), phone: null })).toBe('Keep a line under 300 characters.')
    expect(lineProblem({ step: 'warning-signs', text: 'Racing thoughts', phone: '988' })).toBe('Only people and services have a number.')
    expect(lineProblem({ step: 'people-to-ask', text: 'Ana', phone: 'ana' })).toMatch(/^Write the number in digits/)
    expect(lineProblem({ step: 'people-to-ask', text: 'Ana', phone: `1${' '.repeat(30)}23` })).toBe('Keep a number under 30 characters.')
    expect(lineProblem({ step: 'professionals', text: 'Dr Okafor', phone: '020 7946 0000' })).toBeNull()
  })

  it('is what the server’s schema takes whenever the device finds no problem with it', () => {
    const lines = [
      { step: 'people-to-ask', text: 'Ana', phone: '+34 600 000 000' },
      { step: 'people-to-ask', text: 'Ana', phone: 'six hundred' },
      { step: 'on-my-own', text: 'Music', phone: '112' },
      { step: 'professionals', text: '', phone: '988' },
      { step: 'reasons-for-living', text: 'y'.repeat(300), phone: null },
      { step: 'reasons-for-living', text: 'y'.repeat(301), phone: null },
    ] as const
    for (const line of lines) {
      expect(safetyPlanLineSchema.safeParse({ ...line, position: 0 }).success, JSON.stringify(line)).toBe(lineProblem(line) === null)
    }
  })
})
