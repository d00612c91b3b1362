import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody } from './fake-model'

/**
 * A fake moderation classifier: a real HTTP server speaking one provider's protocol, as the second reader
 * (docs/decisions/0051-a-second-reader.md) asks it. Mistral's and OpenAI's moderation endpoints answer
 * `POST /v1/moderations` with a score per category for each input, in each provider's own category names; a
 * Llama-Guard-style safety model answers an OpenAI-compatible chat completion with `safe`, or `unsafe` and its hazards.
 * It hears self-harm in the phrases below and violence where a text says "[violent]"; tests queue the failures they need.
 */
export type ModerationProtocol = 'mistral' | 'openai' | 'llama-guard'

/** What the fake answers next instead of reading: a status with a body, or nothing ever. */
export type FakeModerationReply = { status: number; body?: string } | { hang: true }

interface FakeModerationRequest {
  path: string
  headers: IncomingMessage['headers']
  /** What it was asked to read: each input of a moderation request, or the chat's user message. */
  texts: string[]
  model: string | undefined
}

/** Crisis in languages the deterministic check doesn't read, as a provider's classifier hears them. */
const SELF_HARM_PHRASES = ['nie chcę już żyć', 'artık yaşamak istemiyorum', 'لا أريد أن أعيش', '我不想活了', 'もう生きたくない', 'mujhe ab jeena nahi hai']

const SCORE_HEARD = 0.93
const SCORE_NOT_HEARD = 0.0004

const MISTRAL_CATEGORIES = ['sexual', 'hate_and_discrimination', 'violence_and_threats', 'dangerous_and_criminal_content', 'selfharm', 'health', 'financial', 'law', 'pii'] as const
const OPENAI_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const

const heardAsSelfHarm = (text: string) => SELF_HARM_PHRASES.some((phrase) => text.toLowerCase().includes(phrase))
const heardAsViolent = (text: string) => text.includes('[violent]')

function scores<C extends string>(categories: readonly C[], text: string, selfHarm: readonly C[], violence: readonly C[]) {
  return Object.fromEntries(
    categories.map((category) => [
      category,
      (selfHarm.includes(category) && heardAsSelfHarm(text)) || (violence.includes(category) && heardAsViolent(text)) ? SCORE_HEARD : SCORE_NOT_HEARD,
    ]),
  ) as Record<C, number>
}

function mistralAnswer(model: string, texts: string[]) {
  return {
    id: 'fake-moderation',
    model,
    results: texts.map((text) => {
      const categoryScores = scores(MISTRAL_CATEGORIES, text, ['selfharm'], ['violence_and_threats'])
      return { categories: flags(categoryScores), category_scores: categoryScores }
    }),
    usage: { prompt_tokens: texts.join(' ').length, total_tokens: texts.join(' ').length, completion_tokens: 0, request_count: texts.length },
  }
}

function openAiAnswer(texts: string[]) {
  return {
    id: 'modr-fake',
    model: 'omni-moderation-2024-09-26',
    results: texts.map((text) => {
      const categoryScores = scores(OPENAI_CATEGORIES, text, ['self-harm', 'self-harm/intent'], ['violence'])
      const categories = flags(categoryScores)
      return {
        flagged: Object.values(categories).some(Boolean),
        categories,
        category_scores: categoryScores,
        category_applied_input_types: Object.fromEntries(OPENAI_CATEGORIES.map((category) => [category, ['text']])),
      }
    }),
  }
}

function llamaGuardAnswer(model: string, text: string) {
  const hazards = [heardAsViolent(text) ? 'S1' : '', heardAsSelfHarm(text) ? 'S11' : ''].filter(Boolean)
  return {
    id: 'chatcmpl-fake-guard',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: hazards.length === 0 ? 'safe' : `unsafe\n${hazards.join(',')}` }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 200, completion_tokens: 4, total_tokens: 204 },
  }
}

const flags = <C extends string>(categoryScores: Record<C, number>) =>
  Object.fromEntries(Object.entries<number>(categoryScores).map(([category, score]) => [category, score >= 0.5])) as Record<C, boolean>

interface ModerationBody {
  model?: string
  input?: string | string[]
  messages?: { role: string; content: string }[]
}

export async function startFakeModeration(protocol: ModerationProtocol) {
  const queue: FakeModerationReply[] = []
  const requests: FakeModerationRequest[] = []
  let aborted = 0
  const path = protocol === 'llama-guard' ? '/v1/chat/completions' : '/v1/moderations'

  const server = createServer((req, res) => {
    void handle(req, res)
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req)
    if (req.method !== 'POST' || req.url !== path) {
      res.writeHead(404).end()
      return
    }
    const body = JSON.parse(raw) as ModerationBody
    const texts = protocol === 'llama-guard' ? (body.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content) : [body.input ?? []].flat()
    requests.push({ path: req.url, headers: req.headers, texts, model: body.model })
    const reply = queue.shift()
    if (reply && 'hang' in reply) {
      res.on('close', () => aborted++)
      return
    }
    if (reply) {
      res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body ?? JSON.stringify({ error: { message: 'fake failure' } }))
      return
    }
    const model = body.model ?? ''
    const answer = protocol === 'mistral' ? mistralAnswer(model, texts) : protocol === 'openai' ? openAiAnswer(texts) : llamaGuardAnswer(model, texts.join('\n'))
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    requests,
    /** Answers for the next requests, in order; after them it reads again. */
    enqueue: (...replies: FakeModerationReply[]) => void queue.push(...replies),
    /** Requests whose client hung up while the fake kept them waiting. */
    get aborted() {
      return aborted
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
