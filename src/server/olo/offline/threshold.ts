/**
 * The threshold before a practice: one question, what the user wants from it, turned into a short first-person
 * intention. It is a doorway, not a conversation, so Olo asks again at most once and otherwise offers a kind default.
 */
import type { ThresholdResult } from '~/core/olo'
import type { Answers, Turn } from './guide'
import { isUnusable, stripLead, tidy, wantsToStart } from './understand'

interface Practice {
  /** Three feelings to offer when the first answer can't become an intention; each answers "feel …?". */
  options: string
  /** A kind intention for this practice, for when the user would rather just begin. */
  fallback: string
}

const PRACTICES: Record<string, Practice> = {
  'focus steps': { options: 'more focused, clearer or calmer', fallback: 'I come back gently to one thing each time my mind wanders.' },
  'sensory safari': { options: 'more curious, more present or calmer', fallback: 'I look closely and let what I see surprise me.' },
  'still mind': { options: 'quieter, more patient or lighter', fallback: 'I let my thoughts drift by and rest with my breath.' },
  'step quest': { options: 'more energised, lighter or more awake', fallback: 'I walk at an easy pace and feel my energy grow.' },
  flow: { options: 'looser, lighter or more energised', fallback: 'I move with ease and follow what feels good.' },
  'energising breath': { options: 'more awake, more energised or clearer', fallback: 'I breathe in fresh energy, one full breath at a time.' },
  'breathing bubble': { options: 'calmer, softer or more rested', fallback: 'I slow down and give myself this calm minute.' },
  'quiet sit': { options: 'rested, calmer or lighter', fallback: 'I let myself rest here, with nothing to fix.' },
  'kindness quest': { options: 'warmer, more open or more connected', fallback: 'I offer one small kindness with an open heart.' },
  'warm breath': { options: 'warmer, kinder or more connected', fallback: 'I breathe in warmth and send it to someone I care about.' },
  'reach out': { options: 'more connected, braver or warmer', fallback: 'I reach out simply, and let that be enough.' },
}

const ANY_PRACTICE: Practice = {
  options: 'calmer, more focused or more energised',
  fallback: 'I give this practice my gentle, full attention.',
}

// ── From an answer to an intention ──────────────────────────────────────────────────────────────

/** How people say they feel when they arrive; an intention meets the feeling rather than wishing for it. */
const HEAVY_STATES = new Set([
  'stressed', 'tired', 'anxious', 'overwhelmed', 'sad', 'exhausted', 'restless', 'tense', 'distracted', 'scattered',
  'angry', 'frustrated', 'low', 'drained', 'nervous', 'worried', 'sleepy', 'sluggish', 'heavy', 'stuck', 'lonely', 'upset',
  'irritated', 'grumpy', 'stiff', 'sore', 'foggy', 'busy', 'rushed', 'wired', 'down', 'bored', 'unmotivated', 'unfocused',
  'burnt', 'burned', 'lost', 'meh',
])

const ADJECTIVES = new Set([
  'calm', 'calmer', 'happy', 'happier', 'light', 'lighter', 'present', 'clear', 'clearer', 'free', 'freer', 'alive',
  'awake', 'alert', 'open', 'kind', 'kinder', 'gentle', 'gentler', 'patient', 'strong', 'stronger', 'steady', 'safe',
  'brave', 'braver', 'ready', 'whole', 'good', 'better', 'well', 'fresh', 'loose', 'looser', 'soft', 'softer', 'warm',
  'warmer', 'still', 'quiet', 'quieter', 'bright', 'content', 'confident', 'energetic', 'sharp', 'sharper', 'lively',
  'cosy', 'cozy', 'zen', 'chill', 'centred', 'centered', 'aware', 'awake', 'able', 'rested', 'positive', 'here',
])

/** Words that are feelings on their own ("calm") but actions with an object ("calm my mind"). */
const EITHER = new Set(['calm', 'clear', 'quiet', 'still', 'open', 'free', 'warm', 'slow', 'soften', 'lighten'])
const OBJECT_START = /^(?:down|up|my|me|myself|the|this|it|everything|things|all|away|out|in|into|through|with|your|yourself|a|an|some)\b/i

const VERBS = new Set([
  'accept', 'allow', 'appreciate', 'arrive', 'be', 'bring', 'breathe', 'build', 'calm', 'care', 'carry', 'celebrate',
  'center', 'centre', 'clear', 'come', 'concentrate', 'connect', 'create', 'discover', 'do', 'drop', 'ease', 'embrace',
  'energise', 'energize', 'enjoy', 'explore', 'find', 'focus', 'forgive', 'free', 'get', 'give', 'go', 'ground', 'grow',
  'help', 'hold', 'honour', 'honor', 'keep', 'land', 'laugh', 'learn', 'let', 'lift', 'lighten', 'listen', 'look',
  'loosen', 'love', 'make', 'meet', 'move', 'notice', 'observe', 'offer', 'open', 'pause', 'practise', 'practice',
  'quiet', 'reach', 'recharge', 'reconnect', 'refocus', 'refresh', 'relax', 'release', 'remember', 'reset', 'rest',
  'return', 'see', 'send', 'settle', 'share', 'shake', 'show', 'sit', 'sleep', 'slow', 'smile', 'soften', 'spread', 'start', 'stay',
  'stretch', 'take', 'tell', 'thank', 'treat', 'trust', 'try', 'tune', 'unwind', 'wake', 'walk', 'welcome', 'wind',
])

/** Actions better allowed than done: "I let myself rest" is kinder than "I rest". */
const SOFT = new Set(['relax', 'rest', 'unwind', 'slow', 'breathe', 'enjoy', 'pause', 'settle', 'calm', 'ease', 'wind', 'land', 'arrive', 'be', 'sleep'])

/** Verbs that, said alone, mean the thing rather than the act: "love" is something to welcome. */
const NOUNS_ALONE = new Set(['love', 'care', 'help', 'trust', 'rest', 'sleep', 'ease', 'smile', 'laugh', 'balance', 'focus'])

const INTENSIFIER = /^(?:so|very|really|a bit|a little|quite|pretty|kind of|kinda|super|more|a lot)\s+/i

/** "relaxing" → "relax", "running" → "run", "breathing" → "breathe". */
function baseVerb(word: string): string | undefined {
  const w = word.toLowerCase()
  if (VERBS.has(w)) return w
  if (!w.endsWith('ing') || w.length < 6) return undefined
  const stem = w.slice(0, -3)
  return [stem, `${stem}e`, stem.slice(0, -1)].find((candidate) => VERBS.has(candidate))
}

function isAdjective(word: string): boolean {
  const w = word.toLowerCase()
  return ADJECTIVES.has(w) || HEAVY_STATES.has(w) || /^[a-z]{3,}(?:ed|ful|ous|ive)$/.test(w)
}

function firstWord(phrase: string): string {
  return (phrase.split(' ')[0] ?? '').toLowerCase().replace(/[^a-z'-]/g, '')
}

/** The sentence an intention takes, and the part of the user's words that fills it (which may be shortened to fit). */
interface Shape {
  words: string
  say: (words: string) => string
}

/** Chooses the sentence from how the wish starts. */
function shape({ phrase, verbFirst }: Wish, breathing: boolean): Shape {
  const receive = breathing ? 'I breathe in' : 'I welcome'
  const noticing = (state: string): Shape => ({
    words: state,
    say: (words) => `I notice feeling ${words}, and I let ${breathing ? 'each breath' : 'this practice'} soften it.`,
  })
  const led = (lead: RegExp) => phrase.replace(lead, '')

  const statement = /^(?:i'?m|i am|am|i feel|feel|feeling)\s+/i
  if (statement.test(phrase)) {
    const state = led(statement)
    const heavy = firstWord(state.replace(INTENSIFIER, ''))
    return HEAVY_STATES.has(heavy) ? noticing(heavy) : { words: state, say: (words) => `I let myself feel ${words}.` }
  }
  const plain = firstWord(phrase.replace(INTENSIFIER, ''))
  if (HEAVY_STATES.has(plain)) return noticing(plain)
  if (/^(?:be|become|being)\s+/i.test(phrase)) return { words: led(/^\S+\s+/), say: (words) => `I let myself be ${words}.` }
  if (/^(?:stop|quit|no longer|no|without)\s+/i.test(phrase)) {
    return { words: led(/^(?:stop|quit|no longer|no|without)\s+/i), say: (words) => `I let go of ${words}.` }
  }
  if (/^not\s+(?:be|feel|being|feeling)\s+/i.test(phrase)) {
    return { words: led(/^not\s+\S+\s+/i), say: (words) => `I let go of feeling ${words}.` }
  }
  if (/^(?:less|fewer)\s+/i.test(phrase)) {
    const words = led(/^\S+\s+/)
    return isAdjective(firstWord(words))
      ? { words, say: (rest) => `I let myself feel less ${rest}.` }
      : { words, say: (rest) => `I let go of ${rest}.` }
  }
  if (/^more\s+/i.test(phrase)) {
    const words = led(/^\S+\s+/)
    return isAdjective(firstWord(words))
      ? { words, say: (rest) => `I let myself feel more ${rest}.` }
      : { words, say: (rest) => `${receive} more ${rest}.` }
  }
  if (/^(?:give|bring|get|offer)\s+me\s+/i.test(phrase)) return { words: led(/^\S+\s+me\s+/i), say: (words) => `${receive} ${words}.` }

  const word = firstWord(phrase)
  const verb = baseVerb(word) ?? (verbFirst && /^[a-z]+$/.test(word) ? word : undefined)
  const object = phrase.replace(/^\W*[a-z'-]*/i, '').trim()
  // "focus, then breathe" keeps its comma: "I focus, then breathe."
  const after = (words: string) => (/^[,;]/.test(words) ? words : ` ${words}`)
  const feelingWord = verb !== undefined && EITHER.has(verb) && verb === word && !OBJECT_START.test(object)
  const thing = verb !== undefined && object === '' && NOUNS_ALONE.has(verb) && !SOFT.has(verb)
  if (verb !== undefined && !feelingWord && !thing) {
    if (SOFT.has(verb)) return { words: object, say: (words) => `I let myself ${verb}${words ? after(words) : ''}.` }
    return { words: object, say: (words) => (words ? `I ${verb}${after(words)}.` : `I ${verb}, one moment at a time.`) }
  }
  if (isAdjective(word)) return { words: phrase, say: (words) => `I let myself feel ${words}.` }
  if (/^my\s+/i.test(phrase)) return { words: phrase, say: (words) => `I bring gentle attention to ${words}.` }
  if (/^(?:an?|some|a bit of|a little|a moment|time)\b/i.test(phrase)) return { words: phrase, say: (words) => `I make room for ${words}.` }
  return { words: phrase, say: (words) => `${receive} ${words}.` }
}

/** Their words as the user's own: "your" becomes "my", a lone "i" becomes "I". */
function firstPerson(text: string): string {
  return text
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byour\b/gi, 'my')
    .replace(/\bi\b/g, 'I')
    .replace(/\bI'(m|ve|d|ll)\b/gi, "I'$1")
}

interface Wish {
  phrase: string
  /** It followed "to" ("I want to run"), so it starts with a verb even when the verb is not one Olo knows. */
  verbFirst: boolean
}

/** The wish in one sentence of the answer, first person, without framing words or closing punctuation. */
function wishIn(sentence: string): Wish {
  const unquoted = sentence.trim().replace(/^["'(]+|["')]+$/g, '')
  const stripped = stripLead(unquoted)
  const verbFirst = /\bto\s*$/i.test(unquoted.slice(0, unquoted.length - stripped.length))
  const phrase = firstPerson(
    stripped
      .replace(/^(?:i\s+(?!'|am\b|feel\b)|for\s+|looking for\s+)/i, '')
      .replace(/^(?:it|this|that)\s+(?:to\s+|will\s+|can\s+|would\s+|could\s+)?(?:help|helps|let|lets|make|makes)\s+me\s+(?:to\s+)?(?:feel\s+)?/i, '')
      .replace(/[\s,;:!?.…"')-]+$/, '')
      .replace(/(?:,\s*|\s+)(?:i guess|i think|i suppose|i reckon|i'd say|maybe|probably|perhaps|please|honestly|or so)$/i, ''),
  )
  return { phrase: /^I\b/.test(phrase) ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1), verbFirst }
}

const LIMIT = 120
const CLAUSE = /,|;|\s(?:and|because|so|but|when|while|as|which|since)\s/i

/**
 * "I want to feel calmer" → "I let myself feel calmer.", "to focus on my breath" → "I focus on my breath.", "more energy
 * for the afternoon" → "I breathe in more energy for the afternoon." (before a breathing practice). One sentence, first
 * person, present tense, under 120 characters; undefined when nothing usable is left.
 */
export function toIntention(answer: string, exerciseName?: string): string | undefined {
  if (isUnusable(answer)) return undefined
  // "Honestly? Just some quiet.": the wish may come after a sentence of framing.
  const wish = tidy(answer)
    .split(/(?<!\d)[.!?]+(?!\d)/)
    .map(wishIn)
    .find(({ phrase }) => /[a-z]{2}/i.test(phrase) && !isUnusable(phrase))
  if (wish === undefined) return undefined
  const { words, say } = shape(wish, /breath/i.test(exerciseName ?? ''))
  let rest = words
  while (say(rest).length >= LIMIT) {
    const cut = rest.search(CLAUSE)
    rest = (cut > 0 ? rest.slice(0, cut) : rest.split(' ').slice(0, -1).join(' '))
      .replace(/\s+(?:and|or|to|the|a|an|of|for|with|my|in|on|at)$/i, '')
      .trim()
    if (rest === '') return undefined
  }
  return say(rest)
}

// ── The conversation ────────────────────────────────────────────────────────────────────────────

export function thresholdTurn({ texts, wrapUp }: Answers, exerciseName?: string): Turn<ThresholdResult> {
  const name = exerciseName ?? 'this practice'
  const practice = PRACTICES[name.toLowerCase()] ?? ANY_PRACTICE
  const begin = (intention: string, close: string): Turn<ThresholdResult> => ({ close, result: { intention } })
  const named = exerciseName === undefined ? 'your practice' : exerciseName
  let misses = 0
  for (const text of texts) {
    if (wantsToStart(text)) return begin(practice.fallback, `Of course, let's begin; I've set a gentle intention for ${named}.`)
    const intention = toIntention(text, exerciseName)
    if (intention !== undefined) return begin(intention, `Thank you, that's a lovely intention to carry into ${named}.`)
    misses += 1
  }
  if (misses > 1 || wrapUp) {
    return begin(practice.fallback, `That's alright, let's simply begin; I've set a gentle intention for ${named}.`)
  }
  if (misses === 0) return { ask: `What would you like ${named} to give you today?` }
  return { ask: `That's alright, there's no wrong answer. As you begin ${named}, would you like to feel ${practice.options}?` }
}
