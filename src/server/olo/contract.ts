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
    const parsed: unknown = JSON.parse(tail.slice(start, end + 1))
    return parsed
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
  const holdsARun = (text: string) => {
    for (let i = 0; i + PROMPT_ECHO_CHARS <= text.length; i++) if (runs.has(text.slice(i, i + PROMPT_ECHO_CHARS))) return true
    return false
  }

  return {
    /** Whether a whole text (a result's fields) repeats the prompt. */
    reveals: (text: string) => holdsARun(normal(text)),
    /**
     * A watch over a streamed reply. Each push scans only the runs that end in what it adds, so a reply of n characters
     * costs n look-ups in all, however finely it streams.
     */
    watch() {
      let tail = ''
      return (added: string): boolean => {
        const scanned = normal(tail + added)
        if (holdsARun(scanned)) return true
        tail = scanned.slice(-(PROMPT_ECHO_CHARS - 1))
        return false
      }
    },
  }
}

/** How much of what was shown already a new clause is checked with: enough for the sentence around it. */
const SCREEN_CONTEXT_CHARS = 400
/** A clause with no end in sight is shown up to its last word once it is this long, so a reply never stalls. */
const LONGEST_HELD_CLAUSE = 160
/** Where a clause ends: a mark, any closing quote or bracket, then a space or a line break. */
const CLAUSE_END = /[.!?;:,\n]["'”’)\]]*\s+/g

/**
 * Lets a streamed reply through a clause at a time, each one checked with what came before it, so a reply that turns
 * harmful is stopped before the harmful clause is shown (docs/decisions/0012). A clause is a few words: the reply still
 * streams as it is written.
 */
export function createReplyScreen(isHarmful: (text: string) => boolean) {
  let held = ''
  let shown = ''
  const release = (ready: string): string | null => {
    if (!ready) return ''
    if (isHarmful(shown + ready)) return null
    shown = (shown + ready).slice(-SCREEN_CONTEXT_CHARS)
    return ready
  }
  return {
    /** What of the reply may be shown now (perhaps nothing yet), or null once it has turned harmful. */
    push(text: string): string | null {
      held += text
      let cut = 0
      for (const end of held.matchAll(CLAUSE_END)) cut = end.index + end[0].length
      if (!cut && held.length > LONGEST_HELD_CLAUSE) cut = held.lastIndexOf(' ') + 1
      const ready = held.slice(0, cut)
      held = held.slice(cut)
      return release(ready)
    },
    /** The rest of the reply, or null when it turned harmful. */
    end(): string | null {
      const rest = held
      held = ''
      return release(rest)
    },
  }
}
