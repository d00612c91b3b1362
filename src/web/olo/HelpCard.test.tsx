// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HelpCard } from './HelpCard'

const MEMBER = { id: 'member-1', email: 'sam@example.com', name: 'Sam' }

/** The server as the card meets it: who is signed in, the instance's config and the member's preferences. */
function serve({ user = null, helplines = null, helpCountry = null }: { user?: typeof MEMBER | null; helplines?: string | null; helpCountry?: string | null }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.endsWith('/api/session')) return Response.json({ user })
      if (url.endsWith('/api/config')) return Response.json({ google: false, voice: 'browser', model: 'offline', modelName: null, devOutbox: true, helplines })
      if (url.endsWith('/api/account/preferences')) return Response.json({ journalInRecap: false, showStreaks: true, helpCountry })
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not here.' } }, { status: 404 })
    }),
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HelpCard />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'You deserve support right now' })
}

afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the help card', () => {
  it('shows the member’s country first, every number a link that calls or texts it, then elsewhere and the emergency number', async () => {
    const card = serve({ user: MEMBER, helpCountry: 'GB' })
    expect(await within(card).findByRole('heading', { name: 'Helplines in the United Kingdom' })).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Call 116 123' }).getAttribute('href')).toBe('tel:116123')
    expect(within(card).getByRole('link', { name: 'Text SHOUT to 85258' }).getAttribute('href')).toBe('sms:85258?&body=SHOUT')
    expect(within(card).getByRole('link', { name: 'Samaritans' }).getAttribute('href')).toBe('https://www.samaritans.org')
    expect(within(card).getByRole('link', { name: 'findahelpline.com' }).getAttribute('href')).toBe('https://findahelpline.com')
    expect(card.textContent).toContain('In an emergency, call your local emergency number (999 in the United Kingdom).')
    expect(within(card).getByRole('link', { name: '999' }).getAttribute('href')).toBe('tel:999')
    // "Helplines in…" comes before "Elsewhere".
    expect(card.textContent!.indexOf('Samaritans')).toBeLessThan(card.textContent!.indexOf('Elsewhere'))
  })

  it('offers the grounding exercise, and the safety plan: to make before it exists, ready once the device holds it', async () => {
    const card = serve({ user: MEMBER, helpCountry: 'ES' })
    expect(within(card).getByRole('link', { name: 'Try a grounding exercise' }).getAttribute('href')).toBe('/grounding')
    expect((await within(card).findByRole('link', { name: 'Make a safety plan' })).getAttribute('href')).toBe('/safety-plan')
    cleanup()
    // The plan as its screen keeps it on the device: a line written, whether or not the server has it yet.
    const line = { id: crypto.randomUUID(), step: 'reasons-for-living', text: 'My sister', phone: null, position: 0 }
    localStorage.setItem(`lumin.safetyPlan.${MEMBER.id}`, JSON.stringify({ lines: [line], unsent: [line.id] }))
    const again = serve({ user: MEMBER, helpCountry: 'ES' })
    expect((await within(again).findByRole('link', { name: 'Your safety plan is ready when you need it' })).getAttribute('href')).toBe('/safety-plan')
  })

  it('goes by the browser for a visitor, and offers no safety plan, which is a member’s own', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-NZ'])
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Pacific/Auckland' } as Intl.ResolvedDateTimeFormatOptions)
    const card = serve({})
    expect(await within(card).findByRole('link', { name: 'Call 1737' })).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Text 1737' }).getAttribute('href')).toBe('sms:1737')
    expect(within(card).queryByRole('link', { name: /safety plan/ })).toBeNull()
  })

  it('says where help is without a country when the browser suggests none', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pl-PL'])
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Warsaw' } as Intl.ResolvedDateTimeFormatOptions)
    const card = serve({})
    expect(await within(card).findByRole('link', { name: 'findahelpline.com' })).toBeTruthy()
    expect(within(card).queryByRole('heading', { name: /Helplines in/ })).toBeNull()
    expect(card.textContent).toContain('In an emergency, call your local emergency number.')
  })

  it("shows an operator's own help instead of the table, each number in it a link to call", async () => {
    const card = serve({ user: MEMBER, helpCountry: 'GB', helplines: 'Students can call the campus line on 555 0100, day or night.' })
    expect((await within(card).findByRole('link', { name: '555 0100' })).getAttribute('href')).toBe('tel:5550100')
    expect(within(card).queryByRole('heading', { name: /Helplines in/ })).toBeNull()
    expect(within(card).queryByRole('link', { name: 'Call 116 123' })).toBeNull()
    expect(within(card).getByRole('link', { name: 'findahelpline.com' })).toBeTruthy()
  })
})
