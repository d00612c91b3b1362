import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.resetModules()
})

describe('userTimeZone', () => {
  it('asks Temporal where the browser has it, without Intl', async () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Lisbon' } })
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const { userTimeZone } = await import('./api')
    expect(userTimeZone()).toBe('Europe/Lisbon')
    expect(dateTimeFormat).not.toHaveBeenCalled()
  })

  it("falls back to Intl's zone where there is no Temporal", async () => {
    vi.stubGlobal('Temporal', undefined)
    const { userTimeZone } = await import('./api')
    expect(userTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
