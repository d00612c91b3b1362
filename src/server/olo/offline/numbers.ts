/** Numbers as people write them, in digits or in words, and the 1-to-10 rating of a week. */
import { tidy } from './text'

const SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
}
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
}
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 }

type Read = 'start' | 'article' | 'small' | 'tens' | 'hundred' | 'scale' | 'dozen'

/** Reads a spelled-out number from tokens[start] on ("a dozen", "twenty-five", "five thousand", "seven and a half"). */
function readNumberWords(tokens: readonly string[], start: number): { value: number; next: number } | undefined {
  let total = 0
  let current = 0
  let last: Read = 'start'
  let best: { value: number; next: number; words: number } | undefined
  let words = 0
  const wordAt = (i: number) => (tokens[i] ?? '').toLowerCase()
  for (let i = start; i < tokens.length; i += 2) {
    const word = wordAt(i)
    const small = SMALL[word]
    const tens = TENS[word]
    const scale = SCALES[word]
    const counted = last === 'small' || last === 'tens' || last === 'hundred' || last === 'dozen'
    if (small !== undefined && (last === 'start' || last === 'hundred' || last === 'scale' || (last === 'tens' && small > 0 && small < 10))) {
      current += small
      last = 'small'
    } else if (tens !== undefined && (last === 'start' || last === 'hundred' || last === 'scale')) {
      current += tens
      last = 'tens'
    } else if (word === 'hundred' && (last === 'small' || last === 'article')) {
      current = Math.max(current, 1) * 100
      last = 'hundred'
    } else if (scale !== undefined && (counted || last === 'article')) {
      total += Math.max(current, 1) * scale
      current = 0
      last = 'scale'
    } else if (word === 'dozen' && (last === 'small' || last === 'article')) {
      current = Math.max(current, 1) * 12
      last = 'dozen'
    } else if ((word === 'a' || word === 'an') && last === 'start') {
      last = 'article'
    } else if (word === 'and' && (counted || last === 'scale') && wordAt(i + 2) === 'a' && wordAt(i + 4) === 'half') {
      return { value: total + current + 0.5, next: i + 5 }
    } else if (word === 'and' && (last === 'hundred' || last === 'scale')) {
      words += 1
      if (!/^[ -]$/.test(tokens[i + 1] ?? '')) break
      continue
    } else {
      break
    }
    words += 1
    if (last !== 'article') best = { value: total + current, next: i + 1, words }
    if (!/^[ -]$/.test(tokens[i + 1] ?? '')) break
  }
  // "One" on its own is more often "one day" or "the one" than a count.
  if (best === undefined || (best.words === 1 && wordAt(start) === 'one')) return undefined
  return { value: best.value, next: best.next }
}

/** "a dozen books in six weeks" → "12 books in 6 weeks", so that only digits need reading afterwards. */
export function wordsToDigits(text: string): string {
  const tokens = text.match(/[a-z]+|[^a-z]+/gi) ?? []
  let out = ''
  for (let i = 0; i < tokens.length; ) {
    const read = readNumberWords(tokens, i)
    if (read) {
      out += String(read.value)
      i = read.next
    } else {
      out += tokens[i] ?? ''
      i += 1
    }
  }
  return out
}

/** Digits as people write them: "5,000", "5 000", "1,250.5", and "6,5" for six and a half. */
export const DIGITS = String.raw`\d{1,3}(?:[, ']\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`

export function toNumber(raw: string): number {
  const grouped = /^\d{1,3}(?:[, ']\d{3})+(?:\.\d+)?$/.test(raw)
  return Number(grouped ? raw.replace(/[, ']/g, '') : raw.replace(',', '.'))
}

/** Half up, as people round: 6.5 is a 7. */
function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5)
}

// ── Ratings ───────────────────────────────────────────────────────────────────────────────────

const RATING_CUE = /\b(?:a|an|it|say|about|around|maybe|probably|perhaps|solid|strong|weak|low|high|rate|rating|give|giving|gave|be|is|was|overall|like|roughly|honestly|call it|at)\s+$/

/**
 * A rating from 1 to 10 in any of the usual forms: "7", "7/10", "7 out of 10", "about a 6", "seven", "a solid eight",
 * "6.5" (nearest whole, half up), "6-7" (the middle, rounded). A number outside the scale is reported as such, so
 * that Olo can say what it is looking for.
 */
export function parseRating(text: string): number | 'out-of-range' | undefined {
  const t = wordsToDigits(tidy(text))
    .toLowerCase()
    .replace(/\bone\b/g, '1')
    .replace(/\b(?:on\s+)?(?:a\s+|the\s+)?(?:scale\s+)?(?:of\s+|from\s+)?[01]\s*(?:-|–|to)\s*10\b/g, ' ')
    .replace(/\s*(?:\/|out of|outta)\s*10\b/g, ' ')
  const range =
    /(\d+(?:[.,]\d+)?)\s*(?:-|–|—|to|or|\/)\s*(\d+(?:[.,]\d+)?)/.exec(t) ?? /between\s+(\d+(?:[.,]\d+)?)\s+and\s+(\d+(?:[.,]\d+)?)/.exec(t)
  let value: number | undefined
  if (range) {
    value = (toNumber(range[1] ?? '') + toNumber(range[2] ?? '')) / 2
  } else {
    const numbers = [...t.matchAll(/\d+(?:[.,]\d+)?/g)]
    const chosen = numbers.find((match) => RATING_CUE.test(t.slice(0, match.index))) ?? numbers.at(-1)
    if (chosen) value = toNumber(chosen[0])
  }
  if (value === undefined || !Number.isFinite(value)) return undefined
  const rating = roundHalfUp(value)
  return rating >= 1 && rating <= 10 ? rating : 'out-of-range'
}

/** A rating given in passing while describing the week, only when it is plainly one ("a 7/10 week", "I'd give it an 8"). */
export function findExplicitRating(text: string): number | undefined {
  const t = wordsToDigits(tidy(text)).toLowerCase()
  if (!/\d\s*(?:\/|out of)\s*10\b|\b(?:rate|rating|give|gave|giving)\b[^.!?\d]{0,20}\d/.test(t)) return undefined
  const rating = parseRating(text)
  return typeof rating === 'number' ? rating : undefined
}
