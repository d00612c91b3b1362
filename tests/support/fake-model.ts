import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { END_OF_CONVERSATION_TOKEN } from '~/server/olo/contract'
import { WRAP_UP_INSTRUCTION } from '~/server/olo/model-guide'

/**
 * Where a streamed reply reports its usage. OpenAI, asked with `stream_options.include_usage` (as Lumin's
 * OpenAI-compatible provider asks), sends it in a chunk of its own after the last, with `choices: []`; Mistral sends it
 * in the chunk that ends the reply; some servers send none.
 */
type UsageShape = 'own-chunk' | 'last-chunk' | 'none'

/** How a streamed reply ends short: the connection drops, or the provider sends an error event and stops. */
export type StreamBreak = { afterChunks: number; kind: 'cut' | 'error' }

/** How a streamed reply is played. */
interface Streamed {
  delayMs?: number
  firstTokenDelayMs?: number
  /** Unset: as the request asked, OpenAI's own chunk with `include_usage`, Mistral's last chunk without. */
  usage?: UsageShape
  breaks?: StreamBreak
}

/**
 * A fake model provider: a real HTTP server speaking the OpenAI chat-completions protocol (which Mistral shares),
 * streaming with server-sent events. Tests queue the replies they need; with nothing queued it plays a short,
 * valid conversation of whichever kind the system prompt describes, so browser journeys can run against it.
 */
export type FakeReply =
  | ({ text: string; chunkSize?: number } & Streamed)
  | ({ chunks: string[] } & Streamed)
  | { status: number; body?: string; headers?: Record<string, string> }
  | { hang: true }

export interface FakeModelRequest {
  path: string
  headers: IncomingMessage['headers']
  body: { model?: string; stream?: boolean; stream_options?: { include_usage?: boolean }; messages: { role: string; content: string }[]; response_format?: unknown }
}

/** The prompt tokens every fake reply reports; its reply tokens are one a chunk. */
export const FAKE_PROMPT_TOKENS = 10

/** An error as OpenAI answers it: `{ error: { message, type, param, code } }`. */
export function openAiError(status: number, message: string, { type = 'server_error', retryAfterSeconds }: { type?: string; retryAfterSeconds?: number } = {}): FakeReply {
  return {
    status,
    body: JSON.stringify({ error: { message, type, param: null, code: null } }),
    ...(retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } }),
  }
}

/** An error as Mistral answers it: the fields at the top level, `{ object: 'error', message, type, param, code }`. */
export function mistralError(status: number, message: string, type = 'invalid_request_error'): FakeReply {
  return { status, body: JSON.stringify({ object: 'error', message, type, param: null, code: null }) }
}

export interface FakeModelOptions {
  /** Pause between streamed chunks of the default conversation, so a browser sees them arrive one by one. */
  delayMs?: number
}

export const FAKE_RESULTS = {
  recap: {
    weekly_summary: 'You rated your week a 7 out of 10. Long walks kept you steady, and you chose body as your focus.',
    top_priority_dimension: 'body',
    priority_reasoning: 'Moving every day is what kept your energy up this week.',
    recommendations: ['Walk for 20 minutes after lunch on three days', 'Go to bed by 11 pm on weeknights'],
    rating: 7,
  },
  threshold: { intention: 'I breathe slowly and let my shoulders drop.' },
  goal: {
    title: 'Run 100 km',
    category: 'Health & Fitness',
    description: 'Run 100 km over three months to build steady fitness.',
    measurable_target: 100,
    measurable_unit: 'km',
    suggested_timeframe_days: 90,
  },
  reflection: {
    reflection: 'You wrote about a tiring day at work. Talking it over, you found that the walk after dinner gave you some calm back.',
    suggested_practice: 'breathing-bubble',
  },
} as const

export async function startFakeModel(options: FakeModelOptions = {}, port = 0) {
  const queue: FakeReply[] = []
  const requests: FakeModelRequest[] = []
  const failedOnce = new Set<string>()
  let aborted = 0
  const abortWaiters: (() => void)[] = []

  const server = createServer((req, res) => {
    void handle(req, res)
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req)
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200).end('ok')
      return
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end()
      return
    }
    const body = JSON.parse(raw) as FakeModelRequest['body']
    requests.push({ path: req.url, headers: req.headers, body })
    let finished = false
    res.on('close', () => {
      if (finished) return
      aborted++
      abortWaiters.splice(0).forEach((wake) => wake())
    })
    const reply = queue.shift() ?? defaultReply(body, failedOnce, options.delayMs ?? 0)
    if ('hang' in reply) return
    if ('status' in reply) {
      finished = true
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers }).end(reply.body ?? JSON.stringify({ error: { message: 'fake failure' } }))
      return
    }
    const chunks = 'chunks' in reply ? reply.chunks : splitEvery(reply.text, reply.chunkSize ?? 6)
    if (!body.stream) {
      finished = true
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(completion(chunks.join(''))))
      return
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' })
    if (reply.firstTokenDelayMs) await sleep(reply.firstTokenDelayMs)
    for (const [i, chunk] of chunks.entries()) {
      if (res.destroyed) return
      if (reply.breaks?.afterChunks === i) return breakStream(res, reply.breaks.kind, () => (finished = true))
      if (i > 0 && reply.delayMs) await sleep(reply.delayMs)
      res.write(`data: ${JSON.stringify(chunkEvent({ role: 'assistant', content: chunk }, null))}\n\n`)
    }
    const usage = { prompt_tokens: FAKE_PROMPT_TOKENS, completion_tokens: chunks.length, total_tokens: FAKE_PROMPT_TOKENS + chunks.length }
    const shape = reply.usage ?? (body.stream_options?.include_usage ? 'own-chunk' : 'last-chunk')
    if (shape === 'own-chunk') {
      res.write(`data: ${JSON.stringify({ ...chunkEvent({}, 'stop'), usage: null })}\n\n`)
      res.write(`data: ${JSON.stringify({ ...chunkEvent({}, null), choices: [], usage })}\n\n`)
    } else {
      res.write(`data: ${JSON.stringify({ ...chunkEvent({}, 'stop'), ...(shape === 'last-chunk' ? { usage } : {}) })}\n\n`)
    }
    res.write('data: [DONE]\n\n')
    finished = true
    res.end()
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    requests,
    /** Replies for the next requests, in order. */
    enqueue: (...replies: FakeReply[]) => void queue.push(...replies),
    get aborted() {
      return aborted
    },
    /** Resolves when a streaming client hangs up before the reply ended. */
    nextAbort: () => new Promise<void>((resolve) => abortWaiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}


/**
 * The conversation the fake plays by itself: two questions, then a final reply whose end token is split across
 * chunks. A user message holding "[fail-once]" fails the first time it is seen (a 500), "[hang]" never answers.
 */
function defaultReply(body: FakeModelRequest['body'], failedOnce: Set<string>, delayMs: number): FakeReply {
  const system = body.messages.find((m) => m.role === 'system')?.content ?? ''
  const kind = /weekly recap/i.test(system) ? 'recap' : /creating one life goal/i.test(system) ? 'goal' : /reflection on one journal entry/i.test(system) ? 'reflection' : 'threshold'
  const userMessages = body.messages.filter((m) => m.role === 'user')
  const last = userMessages.at(-1)?.content ?? ''
  if (last.includes('[hang]')) return { hang: true }
  if (last.includes('[fail-once]') && !failedOnce.has(last)) {
    failedOnce.add(last)
    return { status: 500 }
  }
  if (!body.stream) return { text: JSON.stringify(FAKE_RESULTS[kind]) }
  const questions = {
    recap: ['Thank you for telling me about your week. How would you rate it, from 1 to 10?', 'A 7 sounds like a good week. Which dimension mattered most to you?'],
    threshold: ['That sounds lovely. What would you like to feel as you begin?'],
    goal: ['Great. How will you measure it, and by when?'],
    reflection: ['Thank you for reading it back with me. What stands out to you most in what you wrote?', 'What would you like to carry with you from it?'],
  }[kind]
  const wrapUp = system.includes(WRAP_UP_INSTRUCTION)
  const turn = userMessages.length
  if (!wrapUp && turn <= questions.length) return { chunks: splitEvery(questions[turn - 1]!, 5), delayMs }
  // The end token arrives split across two deltas, the JSON in one: the page must never show either.
  const cut = END_OF_CONVERSATION_TOKEN.length - 4
  return {
    chunks: [
      ...splitEvery('Thank you, that is a good place to finish.\n', 5),
      END_OF_CONVERSATION_TOKEN.slice(0, cut),
      END_OF_CONVERSATION_TOKEN.slice(cut),
      `\n${JSON.stringify(FAKE_RESULTS[kind])}`,
    ],
    delayMs,
  }
}

/**
 * Ends a stream short. A cut drops the connection mid-body, as a network failure does; an error is the event OpenAI
 * sends when it fails mid-reply, after which it stops.
 */
function breakStream(res: ServerResponse, kind: StreamBreak['kind'], ended: () => void) {
  // Ended by the fake, not by a client hanging up.
  ended()
  if (kind === 'cut') {
    // What was written goes out first, then the connection closes with the body unfinished.
    res.socket?.end()
    return
  }
  res.write(`data: ${JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } })}\n\n`)
  res.end()
}

function chunkEvent(delta: Record<string, string>, finishReason: string | null) {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'fake-olo', choices: [{ index: 0, delta, finish_reason: finishReason }] }
}

function completion(content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'fake-olo',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: FAKE_PROMPT_TOKENS, completion_tokens: 10, total_tokens: FAKE_PROMPT_TOKENS + 10 },
  }
}

function splitEvery(text: string, size: number): string[] {
  const chunks: string[] = []
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size))
  return chunks
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (data += chunk))
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
