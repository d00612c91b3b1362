/**
 * How the offline Olo reads plain answers: whether an answer can be used at all, numbers written in any common way,
 * ratings, timeframes, measurable targets and the seven dimensions with their everyday words. Everything here is a pure
 * function of the text, so a conversation replayed from its history is always understood the same way.
 */
import { DIMENSIONS, type Dimension } from '~/core/dimensions'

// ── Text ───────────────────────────────────────────────────────────────────────────────────────

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
function bare(text: string): string {
  return tidy(text)
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

const NON_ANSWERS = new Set([
  'idk', 'idc', 'dk', 'dunno', 'i dunno', 'no idea', 'i have no idea', 'no clue', 'not sure', 'unsure', 'im not sure',
  'i am not sure', 'i dont know', 'i do not know', 'dont know', 'i dont really know', 'i really dont know', 'who knows',
  'nothing', 'nothing really', 'not really', 'nothing comes to mind', 'none', 'whatever', 'whatever works', 'anything',
  'something', 'no', 'nope', 'nah', 'na', 'n a', 'pass', 'no comment', 'doesnt matter', 'it doesnt matter', 'dont care',
  'i dont care', 'cant say', 'i cant say', 'eh', 'er', 'um', 'uh', 'hm',
])

/** An answer Olo can't build on: no word at all, a lone letter, a hum, or a way of saying "I don't know". */
export function isUnusable(text: string): boolean {
  const words = bare(text)
  if (!/[a-z]{2}|\d/.test(words)) return true
  return NON_ANSWERS.has(words) || /^(?:h+m+|u+m+|u+h+|e+r+m*)$/.test(words)
}

const YES = new Set([
  'yes', 'yeah', 'yep', 'yup', 'ya', 'sure', 'ok', 'okay', 'k', 'fine', 'alright', 'all right', 'good', 'great', 'perfect',
  'deal', 'absolutely', 'definitely', 'of course', 'why not', 'sounds good', 'sounds great', 'sounds fine', 'sounds right',
  'that works', 'works for me', 'that sounds good', 'thats fine', 'thats good', 'thats perfect', 'lets do it', 'do it',
  'go for it', 'yes please', 'ok lets do it', 'okay lets do it', 'yes lets do it', 'lets do that', 'that one',
])

/** "Yes", "sounds good": agreement with the suggestion Olo just made. */
export function isAffirmative(text: string): boolean {
  return YES.has(bare(text).replace(/^(?:that|this|it)(?: is|s) /, 'thats '))
}

/** The user would rather begin the practice than talk: "just start", "skip", "let's go". */
export function wantsToStart(text: string): boolean {
  const words = bare(text)
  if (/\bskip\b|\bjust (?:start|begin|go)\b|\blets (?:go|start|begin)\b/.test(words)) return true
  return (
    words.split(' ').length <= 5 &&
    /^(?:(?:can we|please|ok|okay) )?(?:start|begin|go|ready|im ready|i am ready|no thanks|no thank you|lets do (?:it|this)|get started|start now|begin now)$/.test(
      words,
    )
  )
}

/** "The same", "same again": keep the dimension already chosen. */
export function meansSameAgain(text: string): boolean {
  return /\b(?:same|again|that one too|keep it|stay with it|stick with it)\b/.test(bare(text))
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
function firstSentence(text: string): string {
  const sentences = tidy(text).split(/(?<!\d)[.!?]+(?!\d)/)
  return (sentences.find((sentence) => /[a-z]{2}/i.test(sentence)) ?? '').trim()
}

// ── Numbers ───────────────────────────────────────────────────────────────────────────────────

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
const DIGITS = String.raw`\d{1,3}(?:[, ']\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`

function toNumber(raw: string): number {
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

// ── Timeframes ────────────────────────────────────────────────────────────────────────────────

interface DurationHit {
  days: number
  start: number
  end: number
  /** "a week" without "in", "for"…: in "3 times a week" it is a rate, not a timeframe. */
  bareArticle: boolean
}

const DURATION = new RegExp(
  String.raw`(?<![\w.,])(?:(in|within|by|over|for|after|inside|under|before|during|the next|next|the coming|coming)\s+)?` +
    String.raw`(?:(?:about|around|roughly|approximately|approx|maybe|just|only|less than|under|the next|next|the coming|another)\s+)?` +
    String.raw`(\d+(?:\.\d+)?|a couple of|a couple|couple of|a few|few|several|half an|half a|an|a|one)\s*` +
    String.raw`(days?|weeks?|wks?|months?|years?|yrs?|fortnights?)(?![a-z])(\s+and\s+a\s+half)?`,
  'gi',
)
const NEXT_PERIOD = /(?<![\w])(?:(?:in|by|within|over|during)\s+)?(?:the\s+)?next\s+(week|month|year)(?![a-z])/gi
const DAYS_IN: Record<string, number> = { d: 1, w: 7, f: 14, m: 30, y: 365 }

function countOf(word: string): number {
  const w = word.toLowerCase()
  if (/^\d/.test(w)) return Number(w)
  if (w.includes('couple')) return 2
  if (w.includes('few') || w === 'several') return 3
  if (w.startsWith('half')) return 0.5
  return 1
}

function findDurations(text: string): DurationHit[] {
  const hits: DurationHit[] = []
  for (const match of text.matchAll(DURATION)) {
    const count = countOf(match[2] ?? '') + (match[4] ? 0.5 : 0)
    const days = Math.round(count * (DAYS_IN[(match[3] ?? 'd').charAt(0).toLowerCase()] ?? 1))
    if (days < 1) continue
    const bareArticle = match[1] === undefined && /^an?$/i.test(match[2] ?? '')
    hits.push({ days, start: match.index, end: match.index + match[0].length, bareArticle })
  }
  for (const match of text.matchAll(NEXT_PERIOD)) {
    const days = DAYS_IN[(match[1] ?? 'm').charAt(0).toLowerCase()] ?? 30
    hits.push({ days, start: match.index, end: match.index + match[0].length, bareArticle: false })
  }
  return hits.sort((a, b) => a.start - b.start)
}

/** "a day" right after an amount ("10 minutes a day", "3 times a week") is how often, not how long. */
function isRate(text: string, hit: DurationHit): boolean {
  return hit.bareArticle && /\d|\b(?:once|twice|thrice|times)\b/i.test(text.slice(Math.max(0, hit.start - 40), hit.start))
}

function timeframesIn(prepared: string): DurationHit[] {
  return findDurations(prepared).filter((hit) => !isRate(prepared, hit))
}

/** A date rather than a span ("by the end of the month", "by summer"): Olo has no calendar, so it asks for a span. */
export function mentionsDate(text: string): boolean {
  return /\b(?:end of|summer|winter|spring|autumn|fall|christmas|new year|easter|birthday|january|february|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|20\d\d)\b/i.test(
    text,
  )
}

// ── Targets ───────────────────────────────────────────────────────────────────────────────────

export interface Quantity {
  value: number
  /** Lowercase and short, e.g. "km", "books", "euros"; absent when the number stood alone. */
  unit?: string
  /** The words the unit came with, for the title: "short stories" where the unit is "stories". */
  phrase?: string
  /** The period, in days, of a rate such as "10 minutes a day" (1) or "3 times a week" (7). */
  per?: number
}

const UNIT_ALIASES: Record<string, string> = {
  km: 'km', kms: 'km', kilometre: 'km', kilometres: 'km', kilometer: 'km', kilometers: 'km',
  mi: 'miles', mile: 'miles',
  kg: 'kg', kgs: 'kg', kilo: 'kg', kilos: 'kg', kilogram: 'kg', kilograms: 'kg',
  lb: 'lbs', lbs: 'lbs',
  eur: 'euros', euro: 'euros',
  usd: 'dollars', dollar: 'dollars', bucks: 'dollars',
  gbp: 'pounds', quid: 'pounds',
  h: 'hours', hr: 'hours', hrs: 'hours', hour: 'hours',
  min: 'minutes', mins: 'minutes', minute: 'minutes',
}

const CURRENCIES: Record<string, string> = { '€': 'euros', $: 'dollars', '£': 'pounds' }

/** Singular and plural of the things people count in goals, so that "1 book" and "12 books" both read right. */
const NOUN_PAIRS: readonly (readonly [string, string])[] = [
  ['book', 'books'], ['page', 'pages'], ['chapter', 'chapters'], ['article', 'articles'], ['session', 'sessions'],
  ['workout', 'workouts'], ['class', 'classes'], ['lesson', 'lessons'], ['course', 'courses'], ['time', 'times'],
  ['run', 'runs'], ['walk', 'walks'], ['hike', 'hikes'], ['swim', 'swims'], ['ride', 'rides'], ['race', 'races'],
  ['lap', 'laps'], ['step', 'steps'], ['meal', 'meals'], ['recipe', 'recipes'], ['place', 'places'],
  ['country', 'countries'], ['city', 'cities'], ['trip', 'trips'], ['painting', 'paintings'], ['drawing', 'drawings'],
  ['sketch', 'sketches'], ['photo', 'photos'], ['song', 'songs'], ['poem', 'poems'], ['story', 'stories'],
  ['post', 'posts'], ['video', 'videos'], ['piece', 'pieces'], ['call', 'calls'], ['visit', 'visits'],
  ['date', 'dates'], ['catch-up', 'catch-ups'], ['evening', 'evenings'], ['night', 'nights'], ['day', 'days'],
  ['hour', 'hours'], ['minute', 'minutes'], ['mile', 'miles'], ['euro', 'euros'], ['dollar', 'dollars'],
  ['pound', 'pounds'], ['entry', 'entries'], ['habit', 'habits'], ['client', 'clients'], ['word', 'words'],
  ['exam', 'exams'], ['marathon', 'marathons'], ['push-up', 'push-ups'], ['pushup', 'pushups'], ['friend', 'friends'],
  ['meeting', 'meetings'], ['application', 'applications'], ['space', 'spaces'], ['act', 'acts'], ['glass', 'glasses'],
]
const PLURAL_OF = new Map(NOUN_PAIRS.map(([one, many]) => [one, many]))
const SINGULAR_OF = new Map(NOUN_PAIRS.map(([one, many]) => [many, one]))

/** "books" for 12, "book" for 1; units like km don't change. */
export function countNoun(unit: string, value: number): string {
  return value === 1 ? (SINGULAR_OF.get(unit) ?? unit) : (PLURAL_OF.get(unit) ?? unit)
}

const UNIT_STOP = new Set([
  'a', 'an', 'the', 'in', 'by', 'within', 'for', 'over', 'per', 'each', 'every', 'this', 'that', 'these', 'those', 'next',
  'and', 'or', 'but', 'to', 'of', 'on', 'at', 'with', 'without', 'before', 'after', 'until', 'till', 'so', 'because', 'as',
  'from', 'about', 'around', 'into', 'i', 'my', 'me', 'you', 'your', 'we', 'our', 'it', 'is', 'are', 'was', 'be', 'daily',
  'weekly', 'monthly', 'yearly', 'nightly', 'total', 'overall', 'altogether', 'more', 'than', 'then', 'if', 'when',
  'while', 'during', 'please', 'like', 'maybe', 'which', 'who', 'again', 'too', 'also', 'just', 'only', 'already', 'now',
  'today', 'tomorrow', 'instead', 'plus', 'least', 'most', 'ideally', 'hopefully', 'yes', 'no', 'not',
])

const RATE_AFTER = /^\s*(?:(?:a|an|per|each|every|\/)\s*(day|night|morning|evening|week|month|year)|(daily|nightly|weekly|monthly|yearly))\b/i
const RATE_DAYS: Record<string, number> = { d: 1, n: 1, m: 30, e: 1, w: 7, y: 365 }

function rateDays(word: string): number {
  const w = word.toLowerCase()
  if (w.startsWith('mo')) return 30
  return RATE_DAYS[w.charAt(0)] ?? 1
}

const QUANTITY = new RegExp(
  String.raw`(?<![\w.,€$£])([€$£]\s?)?(${DIGITS})(?:\s?(k|thousand|million|billion)(?![a-z]))?(\s?[€$£])?(?!\d)`,
  'gi',
)
const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, million: 1e6, billion: 1e9 }

interface QuantityHit extends Quantity {
  start: number
  end: number
}

/** Up to three words after a number, stopping at the first that can't be part of a unit: "short stories in…". */
function unitWords(text: string, from: number): { words: string[]; end: number } {
  const words: string[] = []
  let end = from
  for (let word = /^\s*([a-z][a-z'-]*)/i.exec(text.slice(end)); word && words.length < 3; ) {
    const found = word[1] ?? ''
    if (UNIT_STOP.has(found.toLowerCase()) || found.length > 20) break
    words.push(found)
    end += word[0].length
    word = /^\s*([a-z][a-z'-]*)/i.exec(text.slice(end))
  }
  return { words, end }
}

function findQuantities(text: string): QuantityHit[] {
  const found: QuantityHit[] = []
  for (const match of text.matchAll(QUANTITY)) {
    const suffix = (match[3] ?? '').toLowerCase()
    const symbol = (match[1] ?? match[4] ?? '').trim()
    const numberEnd = match.index + match[0].length
    const percent = /^\s?(?:%|percent\b|per cent\b)/i.exec(text.slice(numberEnd))
    const { words, end } = percent ? { words: [], end: numberEnd + percent[0].length } : unitWords(text, numberEnd)
    const quantity: QuantityHit = { value: toNumber(match[2] ?? '') * (MULTIPLIERS[suffix] ?? 1), start: match.index, end }
    const lastWord = (words.at(-1) ?? '').toLowerCase().replace(/'s$/, '')
    if (symbol !== '') {
      quantity.unit = CURRENCIES[symbol]
    } else if (percent) {
      quantity.unit = 'percent'
    } else if (suffix === 'k' && words.length === 0 && /\ban?\s$/i.test(text.slice(0, match.index))) {
      // "a 10k" is a race, ten kilometres, not ten thousand of something.
      quantity.value /= 1000
      quantity.unit = 'km'
    } else if (lastWord !== '') {
      quantity.unit = countNoun(UNIT_ALIASES[lastWord] ?? lastWord, quantity.value)
      quantity.phrase = [...words.slice(0, -1), quantity.unit].join(' ')
    }
    const rate = RATE_AFTER.exec(text.slice(end))
    if (rate) {
      quantity.per = rateDays(rate[1] ?? rate[2] ?? 'day')
      quantity.end += rate[0].length
    }
    if (Number.isFinite(quantity.value) && quantity.value > 0 && quantity.value <= 1e12) found.push(quantity)
  }
  const marathon = /\b(?:a|one|my first)\s+(half[\s-])?marathon\b/i.exec(text)
  if (found.length === 0 && marathon) {
    found.push({ value: marathon[1] ? 21.1 : 42.2, unit: 'km', start: marathon.index, end: marathon.index + marathon[0].length })
  }
  return found
}

/** Words that can't be the verb of a wish, so a wish like "more books" or "100 km" gets its verb elsewhere. */
const NOT_VERBS = new Set([
  'a', 'an', 'the', 'my', 'our', 'some', 'more', 'less', 'fewer', 'better', 'many', 'much', 'lots', 'lot', 'few', 'several',
  'something', 'anything', 'everything', 'nothing', 'this', 'that', 'these', 'those', 'it', 'i', 'me', 'we', 'you', 'one',
  'new', 'good', 'great', 'healthier', 'happier', 'calmer', 'stronger', 'fitter', 'maybe', 'just', 'really', 'also',
  'and', 'or', 'but', 'in', 'on', 'at', 'for', 'of', 'with', 'about', 'by', 'from', 'like', 'finally', 'definitely',
])

/** Words ending in s that are not plural things to count. */
const NOT_NOUNS = new Set(['always', 'sometimes', 'perhaps', 'towards', 'afterwards', 'thanks', 'news', 'yes', 'its', 'his', 'hers', 'ours', 'yours', 'was', 'does', 'goes', 'has', 'this', 'plus', 'lots', 'less', 'days', 'weeks', 'months', 'years'])

const DETERMINERS = new Set(['more', 'some', 'a', 'an', 'few', 'several', 'lots', 'lot', 'of', 'many', 'new', 'the', 'my', 'good', 'great', 'extra', 'other', 'different'])

const PARTICLES = new Set(['aside', 'away', 'off', 'up', 'down', 'out', 'back'])

/** A thing named without a number that can be counted: "money" is counted in euros, "books" in books. */
const COUNTABLE_NOUNS: Record<string, string> = { money: 'euros', cash: 'euros', savings: 'euros', weight: 'kg', distance: 'km' }

export interface GoalPieces {
  /** What they want, in their own words, with the framing and any timeframe taken out: "run 100 km". */
  wish?: string
  /** The wish's verb, with its particle if it has one: "run", "put aside". */
  verb?: string
  /** A countable thing named without a number, as a unit: "books" in "read more books". */
  noun?: string
  target?: Quantity
  /** The timeframe in days; the last one wins, since people correct themselves. */
  days?: number
  /** Why or what for, when it follows the target: "for a trip to Japan". */
  reason?: string
}

function wishFrom(text: string): string | undefined {
  let wish = stripLead(firstSentence(text))
  for (let pass = 0; pass < 4; pass += 1) {
    wish = wish
      .replace(/[\s,;:–—-]+$/, '')
      .replace(/\s+(?:in|by|within|for|over|before|after|during|the|next|of|and|to|at|on|a|an|about|around)$/i, '')
  }
  wish = wish.replace(/\s+/g, ' ').trim()
  if (!/[a-z]{2}/i.test(wish)) return undefined
  return wish.charAt(0).toLowerCase() + wish.slice(1)
}

function countableNoun(words: readonly string[], from: number): string | undefined {
  const rest = words.slice(from)
  const index = rest.findIndex((word) => !DETERMINERS.has(word))
  const word = rest[index]
  if (word === undefined) return undefined
  const known = COUNTABLE_NOUNS[word] ?? (SINGULAR_OF.has(word) ? word : undefined)
  if (known) return known
  const looksPlural = /^[a-z-]{3,20}s$/.test(word) && !/(?:ss|ness|us|is|ics|ous)$/.test(word) && !NOT_NOUNS.has(word)
  return looksPlural && index <= 2 ? word : undefined
}

/**
 * Everything a goal message says: "I want to run 100 km in 3 months" → wish "run 100 km", verb "run", target 100 km,
 * 90 days. Any piece may be missing; the conversation asks for it.
 */
export function extractGoal(text: string): GoalPieces {
  const prepared = wordsToDigits(tidy(text))
  const timeframes = timeframesIn(prepared)
  let masked = prepared
  for (const hit of timeframes) masked = masked.slice(0, hit.start) + ' '.repeat(hit.end - hit.start) + masked.slice(hit.end)
  const quantities = findQuantities(masked)
  const hit = quantities.find((quantity) => quantity.unit !== undefined) ?? quantities[0]
  const pieces: GoalPieces = {}
  if (hit) {
    const { start: _start, end, ...target } = hit
    pieces.target = target
    const reason = firstSentence(masked.slice(end)).replace(/[\s,;:–—-]+$/, '')
    if (/^(?:for|to|so|because|as|before|and)\b/i.test(reason) && /[a-z]{3}/i.test(reason)) pieces.reason = reason
  }
  const days = timeframes.at(-1)?.days
  if (days !== undefined) pieces.days = Math.min(days, 3650)
  const wish = wishFrom(masked)
  if (wish !== undefined) {
    pieces.wish = wish
    const words = wish.toLowerCase().split(/[^a-z'-]+/).filter(Boolean)
    const first = words[0]
    if (first !== undefined && /^[a-z]/.test(wish) && first.length <= 20 && !NOT_VERBS.has(first)) {
      // "put aside", "pay off": the particle belongs to the verb.
      pieces.verb = PARTICLES.has(words[1] ?? '') ? `${first} ${words[1]}` : first
    }
    const noun = pieces.target ? undefined : countableNoun(words, pieces.verb?.split(' ').length ?? 0)
    if (noun !== undefined) pieces.noun = noun
    // "save for a trip to Japan": what the wish is for, when no target came first to carry it.
    const purpose = /^\S+\s+((?:for|so|because|to)\s.*)$/i.exec(wish)?.[1]
    if (pieces.verb && pieces.reason === undefined && purpose !== undefined && !pieces.target) pieces.reason = purpose
  }
  return pieces
}

// ── Dimensions ────────────────────────────────────────────────────────────────────────────────

/**
 * Each dimension's name and the everyday words that point to it, in keywordPattern's notation. Words too common to mean
 * one dimension ("feel", "love", "still") are left out on purpose.
 */
const DIMENSION_WORDS: Record<Dimension, readonly string[]> = {
  mind: [
    'mind', 'minds', 'mental*', 'focus*', 'concentrat*', 'study', 'studied', 'studies', 'studying', 'think*', 'thought*',
    'clarity', 'clear head', 'clear~headed', 'read', 'reading', 'book', 'books', 'brain', 'attention', 'idea*', 'puzzle*',
    'exam*', 'school', 'homework', 'overthink*', 'planning', 'curious', 'curiosity', 'memory', 'knowledge', 'sharp',
  ],
  body: [
    'body', 'bodies', 'physical*', 'exercis*', 'workout*', 'work out', 'working out', 'worked out', 'run', 'runs',
    'running', 'ran', 'jog*', 'gym', 'sport*', 'training', 'fitness', 'fit', 'sleep*', 'slept', 'nap*', 'health*', 'food',
    'eat', 'eating', 'ate', 'diet', 'nutrition', 'meal*', 'cook*', 'more rest', 'rested', 'resting', 'tired*', 'exhaust*',
    'energy', 'energi*', 'walk*', 'hike', 'hiking', 'yoga', 'swim*', 'cycling', 'bike', 'biking', 'stretch*', 'sick',
    'ill', 'illness', 'pain', 'steps', 'water', 'strength', 'strong', 'muscle*', 'weights', 'danc*', 'move', 'moving',
    'movement',
  ],
  heart: [
    'heart', 'feelings', 'emotion*', 'self~care', 'self~love', 'self~compassion', 'self~kindness', 'mood*', 'stress*',
    'anxi*', 'worr*', 'sad', 'sadness', 'happiness', 'joy*', 'cry*', 'cried', 'tears', 'overwhelm*', 'burn~out',
    'burnt out', 'calm*', 'upset', 'angry', 'anger', 'frustrat*', 'grief', 'griev*', 'kind to myself', 'heartbreak',
    'nervous', 'scared', 'fear*', 'journal*', 'emotional balance', 'inner peace', 'patience', 'gentle with myself',
  ],
  connection: [
    'connect*', 'friend*', 'family', 'families', 'partner*', 'husband', 'wife', 'spouse', 'boyfriend', 'girlfriend',
    'kid', 'kids', 'child', 'children', 'son', 'sons', 'daughter*', 'baby', 'mum', 'mom', 'mother', 'dad', 'father',
    'parent*', 'sister*', 'brother*', 'sibling*', 'grandma', 'grandpa', 'grandparent*', 'cousin*', 'colleague*',
    'co~worker*', 'team', 'teammate*', 'people', 'social*', 'community', 'relationship*', 'date', 'dates', 'dating',
    'neighbo*', 'lonely', 'loneliness', 'together', 'love life', 'romance', 'wedding', 'party', 'parties', 'loved ones',
  ],
  purpose: [
    'purpose*', 'work', 'works', 'working', 'worked', 'job', 'jobs', 'career*', 'meaning*', 'mission', 'business',
    'project*', 'boss', 'office', 'calling', 'direction', 'volunteer*', 'deadline*', 'client*', 'customer*', 'promotion',
    'money', 'financ*', 'contribut*', 'impact', 'vocation', 'ambition*', 'productiv*', 'why i do',
  ],
  growth: [
    'growth', 'grow*', 'learn*', 'skill*', 'courage*', 'brave*', 'habit*', 'progress*', 'improv*', 'challeng*',
    'practice', 'practise', 'practicing', 'practising', 'course*', 'class', 'classes', 'lesson*', 'comfort zone',
    'confiden*', 'disciplin*', 'change*', 'new things', 'something new', 'language*', 'develop*', 'better version',
    'self~improvement', 'goal*', 'routine*', 'resilien*', 'stretch myself',
  ],
  spirit: [
    'spirit*', 'soul', 'nature', 'outdoors', 'outside', 'forest*', 'woods', 'park', 'garden*', 'mountain*', 'sea', 'ocean',
    'beach', 'lake', 'river', 'sky', 'stars', 'sunset*', 'sunrise*', 'meditat*', 'mindful*', 'faith', 'pray*', 'church',
    'mosque', 'temple', 'synagogue', 'god', 'religio*', 'stillness', 'silence', 'silent', 'quiet', 'peace', 'peaceful',
    'wonder', 'awe', 'gratitude', 'grateful', 'thankful', 'universe', 'presence', 'present moment', 'breath*',
    'reflect*', 'sacred', 'beauty', 'something bigger', 'bigger than me', 'walk* in nature', 'walk* in the forest',
    'walk* in the woods',
  ],
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function keywordSource(keyword: string): string {
  return keyword
    .split(' ')
    .map((word) => {
      const body = word.replace(/\*$/, '').split('~').map(escapeRegExp).join('[\\s-]?')
      return word.endsWith('*') ? `${body}[a-z']*` : body
    })
    .join('[\\s-]+')
}

/**
 * One pattern for a list of keywords, the longest first so that "work out" wins over "work". A * ends a word with any
 * ending ("meditat*" reads "meditation" and "meditating"); a ~ joins parts that people write with a space, a hyphen or
 * nothing ("self~care").
 */
export function keywordPattern(keywords: readonly string[]): RegExp {
  const sources = [...keywords].sort((a, b) => b.length - a.length).map(keywordSource)
  return new RegExp(`(?<![a-z])(?:${sources.join('|')})(?![a-z])`, 'gi')
}

const DIMENSION_PATTERNS = DIMENSIONS.map((dimension) => ({ dimension, pattern: keywordPattern(DIMENSION_WORDS[dimension]) }))

/**
 * "Focus on", "work on" and the like frame the answer to "what would you like to focus on?" rather than name a
 * dimension: "I want to focus on my sleep" is about Body, not Mind, and "work on my fitness" is not about work.
 */
const FRAMING = /(?<![a-z])(?:focus(?:ing|ed)?|concentrat(?:e|ing)|work(?:ing)?)\s+on(?![a-z])/gi

/** The dimensions an answer points to, in the order it names them; where two words overlap the longer one counts. */
export function findDimensions(text: string): Dimension[] {
  const t = tidy(text).replace(FRAMING, (framing) => ' '.repeat(framing.length))
  const hits = DIMENSION_PATTERNS.flatMap(({ dimension, pattern }) =>
    [...t.matchAll(pattern)].map((match) => ({ dimension, start: match.index, end: match.index + match[0].length })),
  ).sort((a, b) => a.start - b.start || b.end - a.end)
  const found: Dimension[] = []
  let reach = 0
  for (const hit of hits) {
    if (hit.start < reach) continue
    reach = hit.end
    if (!found.includes(hit.dimension)) found.push(hit.dimension)
  }
  return found
}

/** The first dimension an answer names, if any. */
export function parseDimension(text: string): Dimension | undefined {
  return findDimensions(text)[0]
}
