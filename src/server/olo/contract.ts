/** Olo ends a conversation by writing this token followed by one JSON object; the server strips both before anything is shown or spoken. */
export const END_OF_CONVERSATION_TOKEN = '[[OLO_END]]'

/**
 * Splits a streamed reply into what the user may see and what follows the end token.
 * Text that could still turn out to be the start of the token is held back until the next chunk decides,
 * so the token never reaches the screen even when a provider splits it across deltas.
 */
export function createReplySplitter() {
  let held = ''
  let tail: string | null = null
  let visible = ''

  function push(chunk: string): string {
    if (tail !== null) {
      tail += chunk
      return ''
    }
    const text = held + chunk
    const at = text.indexOf(END_OF_CONVERSATION_TOKEN)
    let shown: string
    if (at >= 0) {
      shown = text.slice(0, at)
      tail = text.slice(at + END_OF_CONVERSATION_TOKEN.length)
      held = ''
    } else {
      const keep = partialTokenAtEnd(text)
      shown = text.slice(0, text.length - keep)
      held = text.slice(text.length - keep)
    }
    visible += shown
    return shown
  }

  /** Ends the stream: held text that never became the token is released. */
  function end(): { released: string; visible: string; tail: string | null } {
    const released = tail === null ? held : ''
    visible += released
    held = ''
    return { released, visible: visible.trim(), tail }
  }

  return { push, end }
}

/** Length of the longest end of `text` that is a beginning of the token. */
function partialTokenAtEnd(text: string): number {
  for (let n = Math.min(END_OF_CONVERSATION_TOKEN.length - 1, text.length); n > 0; n--) {
    if (END_OF_CONVERSATION_TOKEN.startsWith(text.slice(text.length - n))) return n
  }
  return 0
}

/** The JSON object after the token, tolerating code fences and stray text around it; undefined when there is none. */
export function parseResultJson(tail: string): unknown {
  const start = tail.indexOf('{')
  const end = tail.lastIndexOf('}')
  if (start < 0 || end < start) return undefined
  try {
    return JSON.parse(tail.slice(start, end + 1)) as unknown
  } catch {
    return undefined
  }
}

/**
 * How many characters of the master prompt, in a row, a reply may share with it before it counts as revealing it: longer
 * than the prompt's example actions and phrases a good reply may echo, far shorter than any instruction worth stealing.
 */
export const PROMPT_ECHO_CHARS = 80

/**
 * Watches a reply for the master prompt: a model talked into repeating its instructions is stopped as soon as the
 * reply holds a run of {@link PROMPT_ECHO_CHARS} characters of them (spacing and case aside), so at most a fragment
 * shorter than that has streamed, and nothing of it is stored.
 */
export type PromptGuard = ReturnType<typeof createPromptGuard>

export function createPromptGuard(masterPrompt: string) {
  const normal = (text: string) => text.replace(/\s+/g, ' ').toLowerCase()
  const prompt = normal(masterPrompt)
  const runs = new Set<string>()
  for (let i = 0; i + PROMPT_ECHO_CHARS <= prompt.length; i++) runs.add(prompt.slice(i, i + PROMPT_ECHO_CHARS))

  function reveals(text: string): boolean {
    const reply = normal(text)
    for (let i = 0; i + PROMPT_ECHO_CHARS <= reply.length; i++) if (runs.has(reply.slice(i, i + PROMPT_ECHO_CHARS))) return true
    return false
  }
  return { reveals }
}
