// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChatInput } from './ChatInput'
import { NEEDS_CONNECTION } from './connection'
import { MessageList } from './MessageList'
import { useOloChat } from './useOloChat'

const CONVERSATION = '6f1c2b8e-3d4a-4f5e-9a6b-7c8d9e0f1a2b'
const opening = { id: 'a1', role: 'assistant', content: 'How did your week go?', crisis: false, createdAt: '2026-11-24T10:00:00.000Z' }

/** The server as this chat meets it: its config, the conversation, and each message answered as an event stream. */
function fakeServer() {
  const sent: { id: string; content: string }[] = []
  const stored: (typeof opening)[] = [opening]
  let reachable = true
  /** Whether the next answer is stored but lost on its way back, as when the connection goes just as Olo answers. */
  let loseNextAnswer = false
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!reachable) throw new TypeError('Failed to fetch')
    if (url.endsWith('/api/config')) return Response.json({ google: false, voice: 'browser', model: 'offline', modelName: null, devOutbox: true, helplines: null })
    if (url.endsWith(`/api/conversations/${CONVERSATION}`)) {
      return Response.json({ id: CONVERSATION, kind: 'recap', status: 'active', flagged: false, result: null, greeting: null, messages: stored })
    }
    const message = JSON.parse(String(init?.body)) as { id: string; content: string }
    sent.push(message)
    if (stored.some((m) => m.id === message.id)) {
      return Response.json({ error: { code: 'CONFLICT', message: 'That message was already answered.' } }, { status: 409 })
    }
    const reply = { id: `reply-${sent.length}`, role: 'assistant', content: 'Thank you for telling me.', crisis: false, createdAt: '' }
    stored.push({ ...message, role: 'user', crisis: false, createdAt: '' }, reply)
    if (loseNextAnswer) {
      loseNextAnswer = false
      reachable = false
      throw new TypeError('Failed to fetch')
    }
    const done = { status: 'continue', message: reply, result: null, greeting: null, help: false }
    return new Response(`event: done\ndata: ${JSON.stringify(done)}\n\n`, { headers: { 'content-type': 'text/event-stream' } })
  })
  return { fetch, sent, setReachable: (value: boolean) => void (reachable = value), loseNextAnswer: () => void (loseNextAnswer = true) }
}

function Chat() {
  const chat = useOloChat({ conversationId: CONVERSATION })
  return (
    <>
      <MessageList messages={chat.messages} streaming={chat.streaming} phase={chat.phase} />
      {chat.error ? <p role="alert">{chat.error}</p> : <ChatInput phase={chat.phase} ready={chat.ready} onSend={chat.send} onSkip={chat.skipLine} />}
    </>
  )
}

let onLine: ReturnType<typeof vi.spyOn>
function setConnection(online: boolean) {
  onLine.mockReturnValue(online)
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Chat />
    </QueryClientProvider>,
  )
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message to Olo' })
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' })

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrolling for the list to follow.
  Element.prototype.scrollIntoView = () => undefined
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('a chat without a connection', () => {
  it('says Olo needs one where the input is, holds the box with what was typed in it, and lets it go once back online', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', server.fetch)
    open()
    await waitFor(() => expect(box().disabled).toBe(false))
    fireEvent.change(box(), { target: { value: 'A calm week' } })

    setConnection(false)
    expect(box().disabled).toBe(true)
    expect(box().value).toBe('A calm week')
    expect(sendButton().disabled).toBe(true)
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(NEEDS_CONNECTION)
    expect(box().getAttribute('aria-describedby')).toBe(screen.getByText(NEEDS_CONNECTION).id)
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(server.sent).toEqual([])

    setConnection(true)
    expect(box().disabled).toBe(false)
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull()
    fireEvent.click(sendButton())
    await screen.findByText('Thank you for telling me.')
    expect(server.sent.map((m) => m.content)).toEqual(['A calm week'])
  })

  it('keeps a message the lost connection cut off, and sends it again by itself, under the same id, once it is back', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', server.fetch)
    open()
    await waitFor(() => expect(box().disabled).toBe(false))
    fireEvent.change(box(), { target: { value: 'Tired but glad' } })
    // The connection goes as the message leaves: the request fails the way a browser's does without a network.
    server.setReachable(false)
    onLine.mockReturnValue(false)
    fireEvent.click(sendButton())
    await screen.findByText(NEEDS_CONNECTION)
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(screen.getByText('Tired but glad')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()

    server.setReachable(true)
    setConnection(true)
    await screen.findByText('Thank you for telling me.')
    expect(server.sent.map((m) => m.content)).toEqual(['Tired but glad'])
    expect(screen.getAllByText('Tired but glad')).toHaveLength(1)
  })

  it('reads the conversation back when the server had answered the message the lost connection cut off', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', server.fetch)
    open()
    await waitFor(() => expect(box().disabled).toBe(false))
    fireEvent.change(box(), { target: { value: 'Tired but glad' } })
    // Olo answers, and the connection goes before the answer arrives.
    server.loseNextAnswer()
    onLine.mockReturnValue(false)
    fireEvent.click(sendButton())
    await screen.findByText(NEEDS_CONNECTION)

    server.setReachable(true)
    setConnection(true)
    await screen.findByText('Thank you for telling me.')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(server.sent.map((m) => m.content)).toEqual(['Tired but glad', 'Tired but glad'])
    expect(screen.getAllByText('Tired but glad')).toHaveLength(1)
    await waitFor(() => expect(box().disabled).toBe(false))
  })

  it('opens by itself once the connection comes back when it had none to open with', async () => {
    const server = fakeServer()
    server.setReachable(false)
    onLine.mockReturnValue(false)
    vi.stubGlobal('fetch', server.fetch)
    open()
    await screen.findByText(NEEDS_CONNECTION)
    expect(box().disabled).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()

    server.setReachable(true)
    setConnection(true)
    await screen.findByText('How did your week go?', {}, { timeout: 3000 })
    await waitFor(() => expect(box().disabled).toBe(false))
  })
})
