// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { searchWords } from '~/core/journal'
import type { JournalEntry } from '~/web/data/journal'
import { EntryCard } from './EntryCard'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const entry = (overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  id: '0b6f1c52-7a53-4c1f-9a53-2f0f6d1e8c11',
  title: 'Harbour evening',
  body: 'We walked along the harbour.',
  prompt: null,
  localDate: '2026-11-24',
  reflection: null,
  reflectedAt: null,
  createdAt: '2026-11-24T18:10:00.000Z',
  updatedAt: '2026-11-24T18:10:00.000Z',
  ...overrides,
})

function show(props: Partial<Parameters<typeof EntryCard>[0]> = {}) {
  // The help card asks who is signed in and how this server gives help; nobody, and its built-in table, here.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => Response.json(String(input).endsWith('/api/session') ? { user: null } : { helplines: null }))
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <EntryCard entry={entry()} help={false} canEdit onEdit={() => {}} onDelete={() => {}} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('an entry in the journal', () => {
  it('says under Reflect with Olo where the entry goes when a model answers as Olo, and nothing when none does', () => {
    show({ notice: 'Your entry will be sent to OpenAI when you reflect.' })
    expect(screen.getByRole('link', { name: 'Reflect with Olo', description: 'Your entry will be sent to OpenAI when you reflect.' })).toBeTruthy()
    cleanup()
    show()
    expect(screen.getByRole('link', { name: 'Reflect with Olo', description: '' })).toBeTruthy()
  })

  it('offers Reflect with Olo, to its own reflection screen', () => {
    show()
    expect(screen.getByRole('link', { name: 'Reflect with Olo' }).getAttribute('href')).toBe('/journal/0b6f1c52-7a53-4c1f-9a53-2f0f6d1e8c11/reflect')
    expect(screen.queryByRole('heading', { name: "Olo's reflection" })).toBeNull()
  })

  it("shows Olo's reflection under it, with the practice it suggests", () => {
    show({ entry: entry({ reflection: { reflection: 'You found calm by the water.', suggested_practice: 'breathing' }, reflectedAt: '2026-11-24T19:00:00.000Z' }) })
    const section = screen.getByRole('region', { name: "Olo's reflection" })
    expect(within(section).getByText('You found calm by the water.')).toBeTruthy()
    expect(within(section).getByText('A practice to try: Breathing')).toBeTruthy()
  })

  it('names an untitled entry by its day', () => {
    show({ entry: entry({ title: null }) })
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Tuesday 24 November')
  })

  it('marks the words a search found as text, markup included', () => {
    const { container } = show({ entry: entry({ title: null }), excerpt: '<b>walked</b> by <img src=x onerror=alert(1)> the sea', words: searchWords('walking') })
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['walked'])
    expect(container.querySelector('img, b')).toBeNull()
    expect(container.textContent).toContain('<b>walked</b> by <img src=x onerror=alert(1)> the sea')
  })

  it('shows the help beneath it after a save that sounded like a crisis', () => {
    show({ help: true })
    expect(screen.getByRole('region', { name: 'You deserve support right now' })).toBeTruthy()
  })
})
