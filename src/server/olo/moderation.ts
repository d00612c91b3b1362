import { z } from 'zod'
import type { Config } from '../config'

/**
 * A model provider's moderation classifier, Lumin's second reader of what members write
 * (docs/decisions/0051-a-second-reader.md). Three protocols: Mistral's and OpenAI's moderation endpoints
 * (`POST {base}/moderations`, a score per category) and a Llama-Guard-style safety model behind an OpenAI-compatible
 * chat completion (it answers `safe`, or `unsafe` and the hazards). Only self-harm counts: the classifier is here to
 * hear a crisis the deterministic check can't read, not to judge anything else a member writes.
 */

/** A second reader the configuration names (not `off`). */
type ConfiguredModeration = Exclude<Config['olo']['moderation'], { provider: 'off' }>

/** Whether the classifier hears a crisis in `text`. It throws when it gives no answer that can be read. */
export type Moderator = (text: string, signal: AbortSignal) => Promise<boolean>

/** Why a classifier gave no opinion, in words a log can hold: never the text it was asked about. */
export class NoOpinion extends Error {}

export function createModerator(moderation: ConfiguredModeration): Moderator {
  return moderation.provider === 'llama-guard' ? safetyModel(moderation) : moderationEndpoint(moderation)
}

/** Mistral's `selfharm`, OpenAI's `self-harm`, `self-harm/intent` and `self-harm/instructions`. */
const SELF_HARM_CATEGORY = /^self[-_ ]?harm/i

const endpointAnswer = z.object({ results: z.array(z.object({ category_scores: z.record(z.string(), z.number()) })) })

function moderationEndpoint({ baseUrl, apiKey, model, threshold }: ConfiguredModeration): Moderator {
  return async (text, signal) => {
    const input = piecesOf(text)
    const { results } = read(endpointAnswer, await postJson(`${baseUrl}/moderations`, apiKey, { model, input }, signal))
    const selfHarm = results.map((result) => Object.entries(result.category_scores).flatMap(([category, score]) => (SELF_HARM_CATEGORY.test(category) ? [score] : [])))
    if (selfHarm.flat().some((score) => score >= threshold)) return true
    // A clear answer must have read every piece, each for self-harm.
    if (results.length !== input.length || selfHarm.some((scores) => scores.length === 0)) throw new NoOpinion('the answer did not score self-harm in every piece')
    return false
  }
}

const chatAnswer = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) })

/** Suicide and self-harm in Llama Guard 3's and 4's hazard taxonomy (MLCommons'); Llama Guard 2 named it S10. */
const SELF_HARM_HAZARD = 'S11'

function safetyModel({ baseUrl, apiKey, model }: ConfiguredModeration): Moderator {
  return async (text, signal) => {
    // The safety model's own chat template wraps the message in its policy; it answers in a few tokens.
    const request = { model, messages: [{ role: 'user', content: text }], temperature: 0, max_tokens: 20, stream: false }
    const { choices } = read(chatAnswer, await postJson(`${baseUrl}/chat/completions`, apiKey, request, signal))
    const [verdict, ...hazards] = choices[0]!.message.content.trim().split(/[\s,]+/)
    if (verdict?.toLowerCase() === 'safe') return false
    if (verdict?.toLowerCase() === 'unsafe') return hazards.some((hazard) => hazard.toUpperCase() === SELF_HARM_HAZARD)
    throw new NoOpinion('the safety model answered neither safe nor unsafe')
  }
}

async function postJson(url: string, apiKey: string | undefined, body: unknown, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal,
    redirect: 'error',
  })
  if (!response.ok) {
    await response.body?.cancel()
    throw new NoOpinion(`the classifier answered ${response.status}`)
  }
  return response.json().catch((err: unknown) => {
    // The time-out can fall while the body is read.
    throw signal.aborted ? err : new NoOpinion('the answer was not JSON')
  })
}

function read<T>(schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer)
  if (!parsed.success) throw new NoOpinion('the answer was not in the protocol’s shape')
  return parsed.data
}

/**
 * A classifier scores each input as a whole, so one sentence in a long journal entry would weigh little: a long text is
 * read in pieces of at most PIECE_CHARS, cut between words, each overlapping the one before by about OVERLAP_CHARS so
 * that a sentence cut at the edge is read whole in one of them. The endpoints take the pieces in one request.
 */
const PIECE_CHARS = 2_000
const OVERLAP_CHARS = 200

function piecesOf(text: string): string[] {
  const pieces: string[] = []
  let start = 0
  while (text.length - start > PIECE_CHARS) {
    const end = cutBefore(text, start + PIECE_CHARS, start + PIECE_CHARS / 2)
    pieces.push(text.slice(start, end))
    start = cutBefore(text, end - OVERLAP_CHARS, end - 2 * OVERLAP_CHARS)
  }
  pieces.push(text.slice(start))
  return pieces
}

/** Just after the last space between `floor` and `at`, or `at` itself when one word fills the whole stretch. */
function cutBefore(text: string, at: number, floor: number): number {
  const space = text.slice(floor, at).search(/\s\S*$/)
  return space === -1 ? at : floor + space + 1
}
