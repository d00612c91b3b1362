/** What a goal message says: its wish, a measurable target with its unit, a timeframe, and what it is for. */
import { DIGITS, toNumber, wordsToDigits } from './numbers'
import { firstSentence, stripLead, tidy } from './text'

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
    // A letter alone is a unit only by itself ("10 m"); after another word it is a word of the sentence ("1B y"), and a
    // title ending in it would read unfinished (docs/decisions/0052).
    if (UNIT_STOP.has(found.toLowerCase()) || found.length > 20 || (found.length === 1 && words.length > 0)) break
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
