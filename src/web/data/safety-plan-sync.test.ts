// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { SafetyPlanLine } from '~/core/safety-plan'
import { mergePlan } from './safety-plan-sync'

const line = (id: string, text: string, position = 0): SafetyPlanLine => ({ id, step: 'on-my-own', text, phone: null, position })

describe("folding the server's plan into the device's", () => {
  it('takes the server’s lines, but keeps a change or a removal the device has not sent yet', () => {
    const server = [line('a', 'Walk'), line('b', 'Shower', 1), line('c', 'Music', 2)]
    const device = { lines: [line('a', 'Walk to the park'), line('b', 'Shower', 1)], unsent: ['a', 'c'] }
    expect(mergePlan(device, server)).toEqual({ lines: [line('a', 'Walk to the park'), line('b', 'Shower', 1)], unsent: ['a', 'c'] })
  })

  it('keeps a new line not yet sent and a blank one being written, and lets go of one removed on another device', () => {
    const device = { lines: [line('old', 'Removed elsewhere'), line('new', 'Not sent yet', 1), line('blank', '  ', 2)], unsent: ['new'] }
    expect(mergePlan(device, [line('server', 'From the laptop', 3)])).toEqual({
      lines: [line('server', 'From the laptop', 3), line('new', 'Not sent yet', 1), line('blank', '  ', 2)],
      unsent: ['new'],
    })
  })
})
