/**
 * How the offline guide tidies an answer before reading it: one spelling, bare words, its first sentence, the wish
 * without its framing. This and every reader of answers beside it (yes-no.ts, numbers.ts, quantities.ts,
 * dimension-words.ts) is a pure function of the text, so a conversation replayed from its history is always understood
 * the same way.
 */

/** One spelling of the same text: compatibility forms folded (a no-break space becomes a space), straight quotes, single spaces. */
export function tidy(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’‛`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Lowercase words only, for comparing an answer with a list of set phrases. */
export function bare(text: string): string {
  return tidy(text)
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

const LEADS: readonly RegExp[] = [
  /^(?:well|so|um+|uh+|h+m+|ok(?:ay)?|oh|honestly|really|just|maybe|perhaps|probably|hopefully|ideally|basically|actually|mostly|yeah|yes|right|hey|hi|hello|i guess|i think|i suppose|i'd say|i would say|i don'?t know|idk|not sure|let'?s see|let me (?:see|think))\b[,.!:]*\s*/i,
  /^i\s*(?:'d|would)\s+(?:really\s+)?(?:like|love)(?:\s+to)?\s+/i,
  /^i\s*(?:'m|am)\s+(?:hoping|trying|going|planning|aiming|looking|here)(?:\s+to)?\s+/i,
  /^i\s+(?:really\s+|just\s+|also\s+|kind of\s+|kinda\s+)?(?:want|wanna|wish|hope|need|plan|intend|aim|try|will|shall|could|should|can|must)(?:\s+to)?\s+/i,
  /^i'll\s+/i,
  /^(?:want|wanna|need|hoping|trying|going|planning|gonna)(?:\s+to)?\s+/i,
  /^(?:my\s+)?(?:intention|goal|wish|hope|aim|plan|dream)\s+(?:is|would be|for today is)(?:\s+to)?\s+/i,
  /^(?:can you\s+|could you\s+|please\s+)?help\s+me(?:\s+to)?\s+/i,
  /^(?:to\s+)?be\s+able\s+to\s+/i,
  /^(?:to|that\s+i|finally)\s+/i,
]

/** Drops what only frames a wish ("Well, I think I'd like to …") so that the wish itself is left. */
export function stripLead(text: string): string {
  let rest = text.trim()
  for (let pass = 0; pass < 8; pass += 1) {
    const before = rest
    for (const lead of LEADS) rest = rest.replace(lead, '')
    if (rest === before) break
  }
  return rest.trim()
}

/** The first sentence that has words in it; a decimal point is not a sentence end. */
export function firstSentence(text: string): string {
  const sentences = tidy(text).split(/(?<!\d)[.!?]+(?!\d)/)
  return (sentences.find((sentence) => /[a-z]{2}/i.test(sentence)) ?? '').trim()
}
