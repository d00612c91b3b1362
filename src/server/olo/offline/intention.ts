/**
 * The threshold's intention, built from what the member said: one grammatical first-person sentence in the present
 * tense that keeps what they meant ("I want some quiet and to stop rushing" → "I make room for some quiet and let go
 * of rushing."). Everything here is a pure function of the answer, so a replayed conversation gets the same sentence.
 * The rules are written down in docs/decisions/0022-the-offline-guide-writes-like-a-person.md.
 */
import { endsUnfinished } from '../distress'
import { stripLead, tidy } from './text'
import { isUnusable } from './yes-no'

// ── Words ───────────────────────────────────────────────────────────────────────────────────────

/** How people say they feel when they arrive; an intention meets the feeling rather than wishing for it. */
const HEAVY_STATES = new Set([
  'stressed', 'tired', 'anxious', 'overwhelmed', 'sad', 'exhausted', 'restless', 'tense', 'distracted', 'scattered',
  'angry', 'frustrated', 'low', 'drained', 'nervous', 'worried', 'sleepy', 'sluggish', 'heavy', 'stuck', 'lonely', 'upset',
  'irritated', 'grumpy', 'stiff', 'sore', 'foggy', 'busy', 'rushed', 'wired', 'down', 'bored', 'unmotivated', 'unfocused',
  'burnt', 'burned', 'lost', 'meh',
])

/** What people want to be rid of, named as a thing: "stress" alone means less of it, never more. */
const HEAVY_THINGS = new Set([
  'stress', 'anxiety', 'tension', 'worry', 'worries', 'pressure', 'fear', 'fears', 'anger', 'pain', 'overthinking',
  'negativity', 'panic', 'sadness', 'guilt', 'doubt', 'self-doubt', 'frustration', 'noise', 'chaos', 'burnout',
  'exhaustion', 'tiredness', 'rushing', 'hurry', 'nerves', 'racing thoughts', 'brain fog',
])

const ADJECTIVES = new Set([
  'calm', 'calmer', 'happy', 'happier', 'light', 'lighter', 'present', 'clear', 'clearer', 'free', 'freer', 'alive',
  'awake', 'alert', 'open', 'kind', 'kinder', 'gentle', 'gentler', 'patient', 'strong', 'stronger', 'steady', 'safe',
  'brave', 'braver', 'ready', 'whole', 'good', 'better', 'well', 'fresh', 'loose', 'looser', 'soft', 'softer', 'warm',
  'warmer', 'still', 'quiet', 'quieter', 'bright', 'content', 'confident', 'energetic', 'sharp', 'sharper', 'lively',
  'cosy', 'cozy', 'zen', 'chill', 'centred', 'centered', 'aware', 'able', 'rested', 'positive', 'here', 'okay', 'ok',
  'fine', 'curious', 'proud', 'hopeful', 'healthy', 'loved', 'relaxed', 'focused', 'grounded', 'balanced',
])

/** An adjective said as a thing, so that a list like "calm, focused, energy" can be one list of things. */
const THING_OF: Record<string, string> = {
  calm: 'calm', calmer: 'calm', relaxed: 'rest', rested: 'rest', happy: 'happiness', happier: 'happiness',
  focused: 'focus', clear: 'clarity', clearer: 'clarity', confident: 'confidence', patient: 'patience',
  grateful: 'gratitude', peaceful: 'peace', energetic: 'energy', energised: 'energy', energized: 'energy',
  motivated: 'motivation', present: 'presence', kind: 'kindness', kinder: 'kindness', strong: 'strength',
  stronger: 'strength', brave: 'courage', quiet: 'quiet', still: 'stillness', free: 'freedom', hopeful: 'hope',
  joyful: 'joy', balanced: 'balance', grounded: 'steadiness', centred: 'balance', centered: 'balance', safe: 'safety',
  light: 'lightness', lighter: 'lightness', awake: 'energy', alert: 'energy', creative: 'creativity', loved: 'love',
}

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
  'return', 'see', 'send', 'settle', 'share', 'shake', 'show', 'sit', 'sleep', 'slow', 'smile', 'soften', 'spread', 'start',
  'stay', 'stretch', 'take', 'tell', 'thank', 'treat', 'trust', 'try', 'tune', 'unwind', 'wake', 'walk', 'welcome', 'wind',
  'feel', 'think', 'eat', 'drink', 'read', 'write', 'play', 'dance', 'sing', 'run', 'chill', 'stop', 'quit', 'call', 'finish',
])

/** Habits people want less of: never said back as something to do ("I rush"), only as something to let go of. */
const HABITS = new Set(['worry', 'overthink', 'rush', 'panic', 'scroll', 'stress', 'doubt', 'judge', 'compare', 'hurry', 'procrastinate', 'complain'])

/** Actions better allowed than done: "I let myself rest" is kinder than "I rest". */
const SOFT = new Set(['relax', 'rest', 'unwind', 'slow', 'breathe', 'enjoy', 'pause', 'settle', 'calm', 'ease', 'wind', 'land', 'arrive', 'be', 'chill'])

/** Verbs that, said alone, mean the thing rather than the act: "love" is something to welcome. */
const THINGS_ALONE = new Set(['love', 'care', 'help', 'trust', 'rest', 'ease', 'smile', 'laugh', 'balance', 'focus', 'calm', 'quiet'])

/** The people in someone's life: "my mom" is held in mind, not attended to like a shoulder. */
const PEOPLE = /^my\s+(?:mom|mum|mother|dad|father|parents|kids|children|son|daughter|partner|wife|husband|family|friends?|sister|brother|grandma|grandpa|boyfriend|girlfriend|baby|team)\b/i

const INTENSIFIER = /^(?:so|very|really|a bit|a little|quite|pretty|kind of|kinda|super|more|a lot)\s+/i

/** What phone keyboards and quick typing do to words Olo relies on. */
const TYPOS: Record<string, string> = {
  im: "I'm", ive: "I've", dont: "don't", cant: "can't", wont: "won't", didnt: "didn't", u: 'you', ur: 'your',
  abt: 'about', bc: 'because', cuz: 'because', coz: 'because', becuase: 'because', alot: 'a lot', abit: 'a bit',
  pls: 'please', plz: 'please', realy: 'really', focussed: 'focused', stresed: 'stressed', streesed: 'stressed',
  anxios: 'anxious', anxius: 'anxious', tierd: 'tired', calmmer: 'calmer', relaxd: 'relaxed', overthiking: 'overthinking',
  overthinkin: 'overthinking', w: 'with', wanna: 'want to', gonna: 'going to', gotta: 'have to', bein: 'being', feelin: 'feeling',
}

/**
 * Words of the languages the crisis check reads besides English (docs/decisions/0013) that English answers don't use.
 * The offline guide only speaks English, so it offers its own kind intention rather than wrap English round them.
 */
const OTHER_LANGUAGES = new Set([
  'je', 'veux', 'voudrais', 'suis', 'être', 'moi', 'calme', 'plus', 'sentir', 'avec', 'pour', 'quiero', 'estar', 'ser',
  'más', 'mas', 'tranquilo', 'tranquila', 'calma', 'dormir', 'mejor', 'paz', 'sentirme', 'necesito', 'ich', 'möchte',
  'mochte', 'mich', 'ruhig', 'ruhiger', 'werden', 'und', 'nicht', 'besser', 'ruhe', 'schlafen', 'ik', 'wil', 'rustig',
  'voglio', 'essere', 'calmo', 'eu', 'quero', 'mais', 'meer', 'rust', 'pace', 'dormire', 'meglio', 'mieux', 'het', 'een',
])
const ENGLISH = new Set(['i', 'to', 'the', 'and', 'my', 'want', 'feel', 'be', 'more', 'less', 'some', 'me', 'of', 'for', 'just'])

// ── Reading the answer ────────────────────────────────────────────────────────────────────────

function inAnotherLanguage(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? []
  if (letters.filter((letter) => !/[a-z]/i.test(letter)).length * 5 > letters.length) return true
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? []
  return words.some((word) => OTHER_LANGUAGES.has(word)) && !words.some((word) => ENGLISH.has(word))
}

/** The answer as words: emoji and emoticons out, shouting and Title Case lowered, the usual typos mended. */
function readable(answer: string): string {
  let text = tidy(answer)
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu, ' ')
    .replace(/(?<=^|\s)(?:[:;]-?[)(DPp/]+|<3+|xd+)(?=\s|$)/gi, ' ')
    .replace(/\b(?:lol|lmao|haha+|hehe+|tf|the fuck|the hell|af|fr|tbh|ngl)\b/gi, ' ')
    .replace(/^(?:man|bro|dude)\b|\b(?:man|bro|dude)$/gi, ' ')
  const words = text.match(/[A-Za-z]+/g) ?? []
  const shouted = !/[a-z]/.test(text)
  const titled = words.length > 1 && words.every((word) => /^[A-Z]/.test(word))
  if (shouted || titled) text = text.toLowerCase()
  // A word in capitals for emphasis ("so TIRED"); short ones may be names like ADHD.
  text = text.replace(/\b[A-Z]{5,}\b/g, (word) => word.toLowerCase())
  return text
    .replace(/[A-Za-z']+/g, (word) => TYPOS[word.toLowerCase()] ?? word)
    // "relax relax relax" is one wish said with feeling.
    .replace(/\b([a-z']+)(?:\s+\1\b)+/gi, '$1')
    .replace(/\b(and|or|then)(?:[\s,;]+(?:and|or|then)\b)+/gi, '$1')
    .replace(/\s+(and|or|then)\s*[,;]/gi, ' $1')
    .replace(/\s+([,;:.!?])/g, '$1')
    .replace(/([,;:])[,;:\s]*/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Where, in a run-on, the wish itself begins: "so tired and I just want to sit down" → "I just want to sit down". */
const WISH_MARKER =
  /\b(?:i\s*(?:'d|would)\s+(?:really\s+)?(?:like|love)|i\s+(?:don't|do not)\s+want|(?<!(?:n't|not)\s+)(?:i\s+)?(?:really\s+|just\s+|only\s+|also\s+|kinda\s+)?(?:want|need|hope|wish)(?:\s+to)?)\b/i

/** Frames a wish can come in that LEADS in text.ts doesn't cover, because only the threshold hears them. */
const THRESHOLD_LEADS: readonly RegExp[] = [
  /^(?:how|what)\s+(?:do|can|could|should|would)\s+i\s+/i,
  /^how\s+(?:to|can\s+i)\s+/i,
  /^(?:can|could|may)\s+i\s+(?:just\s+)?/i,
  /^(?:please\s+)?(?:let|make|help)\s+me\s+(?:to\s+)?/i,
  /^(?:it|this|that)\s+(?:to\s+|will\s+|can\s+|would\s+|could\s+)?(?:help|helps|let|lets|make|makes)\s+me\s+(?:to\s+)?/i,
  /^(?:i\s+)?(?:am\s+)?(?:looking\s+for|for)\s+/i,
  /^(?:i\s+)?(?:have\s+)?(?:no\s+idea|no\s+clue|dunno|nothing(?:\s+really)?|not\s+sure)\b[,.!:]*\s*/i,
  /^i\s+(?!'|am\b|feel\b|don't\b|do\s+not\b)/i,
]

/** What is left after these is a question Olo can't turn into an intention, such as "what is this". */
const QUESTION = /^(?:what|why|who|when|where|which|how|is|are|am|do|does|did|will|would|should|can|could|was|were)\b/i
/** Words a wish doesn't start with: "I just got here" is no wish, whatever is left of it. */
const NOT_A_WISH = /^(?:got|had|have|has|it|it's|this|there|here|so|because|cause|who|nothing|anything|everything)\b/i

/** A reason or an aside after the wish belongs to the member, not to the intention. */
const REASON = /(?:,\s*|\s+)(?:because|since|cause|as i|so i can|so that|otherwise|even though|although)\b.*$/i
const HEDGE = /(?:,\s*|\s+)(?:i guess|i think|i suppose|i reckon|i'd say|maybe|probably|perhaps|please|honestly|or so|or something|or whatever|anymore|any more|lately|right now|today please)$/i

interface Wish {
  words: string
  /** It followed "to" ("I want to run"), so it starts with a verb even when the verb is not one Olo knows. */
  verbFirst: boolean
}

/** Their words as the member's own: "your" becomes "my", "me" "myself", a lone "i" becomes "I". */
function firstPerson(text: string): string {
  return text
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byour\b/gi, 'my')
    .replace(/\bme\b(?!\s+time)/gi, 'myself')
    .replace(/\bi\b/g, 'I')
    .replace(/\bI'(m|ve|d|ll)\b/gi, "I'$1")
}

function stripFraming(text: string): { words: string; verbFirst: boolean } {
  let rest = text.trim().replace(/^["'(]+|["')]+$/g, '')
  let verbFirst = false
  for (let pass = 0; pass < 6; pass += 1) {
    const before = rest
    const led = stripLead(rest)
    if (/\bto\s*$/i.test(rest.slice(0, rest.length - led.length))) verbFirst = true
    rest = led
    for (const lead of THRESHOLD_LEADS) rest = rest.replace(lead, '')
    // "I don't want to be stressed" is a wish to let go.
    rest = rest.replace(/^(?:i\s+)?(?:don't|do not)\s+want\s+(?:to\s+)?/i, 'not ')
    if (rest === before) break
  }
  return { words: rest.trim(), verbFirst }
}

/** The wish in one sentence of the answer, without framing, reasons or closing punctuation. */
function wishIn(sentence: string): Wish | undefined {
  // The reason goes first, so that a "because I need to…" in it is not taken for the wish.
  const reasoned = sentence.replace(REASON, '')
  const marker = reasoned.search(WISH_MARKER)
  const { words, verbFirst } = stripFraming(marker > 0 ? reasoned.slice(marker) : reasoned)
  if (QUESTION.test(words) || NOT_A_WISH.test(words)) return undefined
  let cleaned = words
  for (let pass = 0; pass < 3; pass += 1) {
    cleaned = cleaned.replace(/[\s,;:!?.…"')-]+$/, '').replace(HEDGE, '').replace(/(?:^|\s)(?:and|or|but|then|so|to)$/i, '')
  }
  cleaned = firstPerson(cleaned.replace(/^(?:(?:(?:and|or|but|then|so)\b|[,;&+])\s*)+/i, ''))
  if (!/[a-z]{2}/i.test(cleaned) || isUnusable(cleaned)) return undefined
  return { words: /^I\b/.test(cleaned) ? cleaned : cleaned.charAt(0).toLowerCase() + cleaned.slice(1), verbFirst }
}

// ── Parts of a wish ───────────────────────────────────────────────────────────────────────────

/** A segment that starts a wish of its own, so "some quiet and to stop rushing" is two wishes, "peace and quiet" one. */
function startsWish(segment: string): boolean {
  if (/^(?:to|i|not|no|never|stop|quit|less|fewer|more|be|feel|let|help|make|get)\b/i.test(segment)) return true
  const [first = '', ...rest] = segment.split(' ')
  const verb = baseVerb(first)
  return verb !== undefined && rest.length > 0 && !(EITHER.has(verb) && !OBJECT_START.test(rest.join(' ')))
}

interface Part {
  words: string
  verbFirst: boolean
}

function partsOf({ words: said, verbFirst }: Wish): Part[] {
  // "less stress more sleep": two wishes with nothing between them.
  const words = said.replace(/(?<!\b(?:feel|be|feeling|being)\s)\b((?:less|more|no|fewer)\s+[a-z'-]+)\s+(?=(?:more|less|no|fewer)\s)/gi, '$1, ')
  const pieces = words.split(/(\s*[,;]\s*(?:and\s+|then\s+|&\s+)?|\s+(?:and|&|\+|plus)\s+(?:then\s+)?|\s+then\s+)/i)
  const parts: Part[] = [{ words: pieces[0] ?? '', verbFirst }]
  const trimmed = (part: Part) => ({ ...part, words: part.words.replace(/^(?:(?:and|or|then)\s+)+|(?:\s+(?:and|or|then|to))+$/gi, '') })
  for (let i = 1; i < pieces.length; i += 2) {
    const joint = pieces[i] ?? ''
    const segment = pieces[i + 1] ?? ''
    const last = parts[parts.length - 1]
    if (segment === '' || last === undefined) continue
    // "focus, then breathe" stays one wish, said in the member's order.
    if (startsWish(segment) && !/then/i.test(joint)) {
      const { words: own, verbFirst: ownVerbFirst } = stripFraming(segment)
      parts.push({ words: own, verbFirst: ownVerbFirst || /^to\s/i.test(segment) })
    } else {
      last.words += joint + segment
    }
  }
  return parts.map(trimmed).filter((part) => /[a-z]{2}/i.test(part.words))
}

// ── Sentences ─────────────────────────────────────────────────────────────────────────────────

/** What one wish becomes after "I": a head that says how ("let go of") and the member's words. */
interface Predicate {
  head: string
  words: string
  /** Said after the words, and dropped when the words are cut short. */
  tail?: string
  /** A feeling met rather than wished for; said first, in a clause of its own. */
  noticed?: boolean
}

/** "relaxing" → "relax", "running" → "run", "breathing" → "breathe". */
function baseVerb(word: string): string | undefined {
  const w = word.toLowerCase()
  if (VERBS.has(w)) return w
  if (!w.endsWith('ing') || w.length < 6) return undefined
  const stem = w.slice(0, -3)
  return [stem, `${stem}e`, stem.slice(0, -1)].find((candidate) => VERBS.has(candidate))
}

const DOUBLES = new Set(['forget', 'regret', 'admit', 'commit', 'begin', 'control', 'upset'])

/** "overthink" → "overthinking", "rush" → "rushing", "stop" → "stopping", "compare" → "comparing". */
function gerund(word: string): string {
  const w = word.toLowerCase()
  if (w.endsWith('ing')) return w
  if (w.endsWith('ie')) return `${w.slice(0, -2)}ying`
  if (w.endsWith('ic')) return `${w}king`
  if (/[^aeiouy]e$/.test(w) && w !== 'be') return `${w.slice(0, -1)}ing`
  const oneSyllable = (w.match(/[aeiouy]+/g) ?? []).length === 1
  if ((oneSyllable || DOUBLES.has(w)) && /[^aeiou][aeiou][^aeiouwxy]$/.test(w)) return `${w}${w.at(-1) ?? ''}ing`
  return `${w}ing`
}

function isAdjective(word: string): boolean {
  const w = word.toLowerCase()
  return ADJECTIVES.has(w) || HEAVY_STATES.has(w) || /^[a-z]{3,}(?:ed|ful|ous|ive)$/.test(w)
}

function firstWord(phrase: string): string {
  return (phrase.split(' ')[0] ?? '').toLowerCase().replace(/[^a-z'-]/g, '')
}

/** Feelings said of oneself: "I choose to feel good about myself" rather than "I let myself feel good about myself". */
function feel(words: string): Predicate {
  return { head: /\bmyself\b/i.test(words) ? 'choose to feel' : 'let myself feel', words }
}

function be(words: string): Predicate {
  return { head: /\bmyself\b/i.test(words) ? 'choose to be' : 'let myself be', words }
}

/** "better" → "I rest so I can sleep better": sleep is what the rest is for, not something done in a practice. */
function sleep(words: string): Predicate {
  const how = words.replace(/^(?:good|well)\b/i, 'well').replace(/^deeper\b/i, 'more deeply').replace(/^some\b\s*/i, '')
  return { head: 'rest so I can sleep', words: how === '' ? 'well' : how }
}

/** A list of single feelings and things, "calm, focus and energy", said as one list. */
function listOf(part: string, receive: string): Predicate | undefined {
  const items = part.split(/\s*,\s*(?:and\s+)?|\s+(?:and|&|\+|plus)\s+/i).filter(Boolean)
  if (items.length < 2 || /\bthen\b/i.test(part)) return undefined
  // Only feelings and things make a list; "slow down and breathe" is two things to do.
  const doing = (item: string) => {
    const [first = '', ...rest] = item.split(' ')
    const verb = baseVerb(first)
    return verb !== undefined && (rest.length > 0 || !(THINGS_ALONE.has(verb) || isAdjective(first)))
  }
  if (items.some((item) => item.split(' ').length > 2 || doing(item))) return undefined
  const named = (items: readonly string[]) =>
    `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`.replace(/^ and /, '')
  if (items.every((item) => HEAVY_STATES.has(item.toLowerCase()))) return { head: 'notice feeling', words: named(items), noticed: true }
  if (items.every((item) => isAdjective(firstWord(item.replace(INTENSIFIER, ''))))) return feel(named(items))
  if (items.every((item) => HEAVY_THINGS.has(item.toLowerCase()))) return { head: 'let go of', words: named(items) }
  const things = items.map((item) => (isAdjective(item) ? THING_OF[item.toLowerCase()] : item))
  if (!things.every((thing) => thing !== undefined) || things.some((thing) => HEAVY_THINGS.has(thing.toLowerCase()))) return undefined
  return { head: receive, words: named(things) }
}

/** Before a breathing practice these are breathed in; anything else is welcomed. */
const BREATHED = /^(?:more\s+|some\s+|a\s+bit\s+of\s+|fresh\s+)?(?:calm|calmness|peace|energy|ease|quiet|stillness|warmth|air|lightness|clarity|focus|patience|courage|strength|kindness|love|gratitude|joy|hope|balance|confidence|motivation|presence|space|softness|relaxation)\b/i

/** Chooses the sentence from how the wish starts. */
function predicateOf({ words: phrase, verbFirst }: Part, breathing: boolean): Predicate {
  const receive = breathing && BREATHED.test(phrase) ? 'breathe in' : 'welcome'
  const noticing = (state: string): Predicate => ({ head: 'notice feeling', words: state, noticed: true })
  const after = (lead: RegExp) => phrase.replace(lead, '').trim().replace(/^(?:(?:and|or|then)\b\s*)+/i, '')

  const statement = /^(?:I'm|I am|am|I feel|feel|feeling|to feel)\s+/i
  if (statement.test(phrase)) {
    const state = after(statement).replace(/^(?:(?:be|feel|feeling|and|or|then)\b[\s,;]*)+/i, '')
    const list = listOf(state, receive)
    if (list) return list
    const heavy = firstWord(state.replace(INTENSIFIER, ''))
    return HEAVY_STATES.has(heavy) ? noticing(heavy) : feel(state)
  }
  const list = listOf(phrase, receive)
  if (list) return list
  const plain = firstWord(phrase.replace(INTENSIFIER, ''))
  if (HEAVY_STATES.has(plain) && !/^(?:less|fewer)\b/i.test(phrase)) return noticing(plain)
  if (HEAVY_THINGS.has(phrase.toLowerCase())) return { head: 'let go of', words: phrase }
  if (/^(?:be|become|being)\s+/i.test(phrase)) return be(after(/^\S+\s+/))

  const negation = /^(?:not|never|stop|quit|no longer|don't|to stop|to not)\s+(?:to\s+)?/i
  if (negation.test(phrase)) {
    const rest = after(negation)
    const state = /^(be|being|feel|feeling)\s+(.*)$/i.exec(rest)
    if (state) return { head: 'let go of', words: `${/^be/i.test(state[1] ?? '') ? 'being' : 'feeling'} ${state[2] ?? ''}` }
    const word = firstWord(rest.replace(/^(?:so|as|too)\s+/i, ''))
    if (isAdjective(word)) return { head: 'let go of', words: `feeling ${rest}` }
    if (/^(?:my|the|this|a|an|any|all)\b/i.test(rest) || word === '') return { head: 'let go of', words: rest }
    return { head: 'let go of', words: `${gerund(word)}${rest.slice(word.length)}` }
  }
  if (/^(?:no|without|less|fewer)\s+/i.test(phrase)) {
    const words = after(/^\S+\s+/)
    return isAdjective(firstWord(words)) && !/^(?:less|fewer)\s/i.test(words)
      ? feel(`less ${words}`)
      : { head: 'let go of', words }
  }
  const habit = /^(\S+)(?:\s+less)?$/i.exec(phrase)?.[1]?.toLowerCase() ?? ''
  if (HEAVY_THINGS.has(habit)) return { head: 'let go of', words: habit }
  if (HABITS.has(habit)) return { head: 'let go of', words: gerund(habit) }
  if (/^(?:more|better|good|deeper|some|a good)\s+(?:night'?s\s+)?sleep\b/i.test(phrase)) return sleep(/^more\b/i.test(phrase) ? 'more' : /^(?:a\s+)?good\b/i.test(phrase) ? 'well' : 'better')
  if (/^more\s+/i.test(phrase)) {
    const words = after(/^\S+\s+/)
    return isAdjective(firstWord(words)) ? feel(`more ${words}`) : { head: receive, words: `more ${words}` }
  }
  if (/^(?:give|bring|get|offer)\s+myself\s+/i.test(phrase)) return { head: receive, words: after(/^\S+\s+myself\s+/i) }
  if (/^get\s+rid\s+of\s+/i.test(phrase)) return { head: 'let go of', words: after(/^get\s+rid\s+of\s+/i) }
  // "that my family is safe" → "I wish for my family to be safe"; their "me" stays theirs to say.
  const about = /^(?:that\s+)?(my\s+[a-z' ]+?)\s+(?:is|are|will be|would be|to be|gets?|to get|feels?|to feel|stays?|to stay)\s+(.+)$/i.exec(phrase)
  if (about && PEOPLE.test(about[1] ?? '')) {
    const verb = /\b(get|feel|stay)/i.exec(phrase.slice((about[1] ?? '').length + 1))?.[1]?.toLowerCase() ?? 'be'
    return { head: 'wish for', words: `${about[1] ?? ''} to ${verb} ${about[2] ?? ''}`.replace(/\bmyself\b/gi, 'me') }
  }
  if (about) return { head: 'bring gentle attention to', words: about[1] ?? '' }
  if (PEOPLE.test(phrase)) {
    return /\s(?:to|would|will|could)\s/i.test(phrase)
      ? { head: 'wish for', words: phrase.replace(/\s(?:would|will|could)\s/i, ' to ').replace(/\bmyself\b/gi, 'me') }
      : { head: 'hold', words: phrase, tail: ' in my heart' }
  }

  const word = firstWord(phrase)
  const verb = baseVerb(word) ?? (word === 'breath' ? 'breathe' : undefined) ?? (verbFirst && /^[a-z]+$/.test(word) ? word : undefined)
  const object = phrase.replace(/^\W*[a-z'-]*/i, '').trim()
  const feelingWord = verb !== undefined && EITHER.has(verb) && verb === word && !OBJECT_START.test(object)
  const thing = verb !== undefined && object === '' && THINGS_ALONE.has(verb) && !(verbFirst && !EITHER.has(verb)) && !SOFT.has(verb)
  if (verb === 'sleep') return sleep(object)
  if (verb !== undefined && !feelingWord && !thing) {
    if (SOFT.has(verb)) return { head: `let myself ${verb}`, words: object }
    if (/^(?:less|more)$/i.test(object) && !HEAVY_THINGS.has(verb)) return { head: verb, words: object }
    return object === '' ? { head: verb, words: '', tail: ', one moment at a time' } : { head: verb, words: object }
  }
  if (isAdjective(word)) return feel(phrase)
  if (/^my\s+/i.test(phrase)) return { head: 'bring gentle attention to', words: phrase }
  if (/^(?:an?|some|a bit of|a little|a moment|time|space|room)\b/i.test(phrase)) return { head: 'make room for', words: phrase }
  return { head: receive, words: phrase }
}

/** Heads that say nothing without the member's words after them. */
const NEEDS_WORDS = new Set([
  'let myself feel', 'choose to feel', 'let myself be', 'choose to be', 'let go of', 'welcome', 'breathe in',
  'make room for', 'bring gentle attention to', 'wish for', 'notice feeling', 'hold',
])

/** "I make room for some." says nothing: the words need more than determiners and joints. */
function saysSomething({ head, words }: Predicate): boolean {
  if (!NEEDS_WORDS.has(head)) return true
  return /[a-z]{2}/i.test(words.replace(/\b(?:a|an|some|the|my|more|less|this|that|any|and|or|then|feeling|being)\b/gi, ''))
}

function said({ head, words, tail }: Predicate): string {
  if (words === '') return `${head}${tail ?? ''}`
  return `${head}${/^[,;]/.test(words) ? '' : ' '}${words}${tail ?? ''}`
}

/** Two wishes of the same kind share their head: "I let go of stress and anxiety". */
function merged(predicates: readonly Predicate[]): Predicate[] {
  const out: Predicate[] = []
  for (const predicate of predicates) {
    const last = out.at(-1)
    if (last && last.head === predicate.head && !last.tail && !predicate.tail && last.words && predicate.words) {
      out[out.length - 1] = { ...last, words: `${last.words} and ${predicate.words}` }
    } else {
      out.push({ ...predicate })
    }
  }
  return out
}

function sentenceOf(predicates: readonly Predicate[], breathing: boolean): string {
  const noticed = predicates.filter((predicate) => predicate.noticed)
  const wished = predicates.filter((predicate) => !predicate.noticed)
  // "rushing and stress, and rest": a comma before the last "and" when an earlier wish has an "and" of its own.
  const last = wished.length > 2 && wished.slice(0, -1).some((predicate) => / and /.test(said(predicate))) ? ', and' : ' and'
  const joined = wished
    .map((predicate, i) => {
      const text = said(predicate)
      if (i === 0) return text
      return `${i === wished.length - 1 ? last : ','} ${text}`
    })
    .join('')
  const feelings = noticed.map((predicate) => predicate.words).join(' and ')
  const soften = `let ${breathing ? 'each breath' : 'this practice'} soften it`
  const sentence = noticed.length === 0 ? `I ${joined}.` : `I notice feeling ${feelings}, and I ${wished.length === 0 ? soften : joined}.`
  return sentence.replace(/\s+/g, ' ').replace(/\s+([,.])/g, '$1')
}

/** Results have a length limit, and an intention is something to hold in mind, so it stays under 120 characters. */
const LIMIT = 120
const CLAUSE = /,|;|\s(?:and|because|so|but|when|while|as|which|since)\s/i

/**
 * "I want some quiet and to stop rushing" → "I make room for some quiet and let go of rushing.", "to feel less
 * anxious" → "I let myself feel less anxious.", "sleep better" → "I rest so I can sleep better.". One sentence, first
 * person, present tense, under 120 characters; undefined when nothing usable is left (the conversation then asks
 * again, and after that offers the practice's own intention).
 */
export function intentionFrom(answer: string, exerciseName?: string): string | undefined {
  const said = sentenceFrom(answer, exerciseName)
  // "end my" is a thought cut off, not a wish: "I welcome end my." is never said back (docs/decisions/0052).
  return said !== undefined && endsUnfinished(said) ? undefined : said
}

function sentenceFrom(answer: string, exerciseName?: string): string | undefined {
  if (isUnusable(answer) || inAnotherLanguage(answer)) return undefined
  const sentences = readable(answer).split(/(?<!\d)[.!?]+(?!\d)/)
  // "I'm so tired. I want to rest.": a sentence that says what they want comes before one that only sets the scene.
  const ordered = [...sentences.filter((s) => WISH_MARKER.test(s)), ...sentences.filter((s) => !WISH_MARKER.test(s))]
  const wish = ordered.map(wishIn).find((found) => found !== undefined)
  if (wish === undefined) return undefined
  const breathing = /breath/i.test(exerciseName ?? '')
  const predicates = partsOf(wish)
    .map((part) => predicateOf(part, breathing))
    .filter(saysSomething)
  for (let count = predicates.length; count > 0; count -= 1) {
    const sentence = sentenceOf(merged(predicates.slice(0, count)), breathing)
    if (sentence.length < LIMIT) return sentence
    if (count > 1) continue
    return shortened(predicates[0], breathing)
  }
  return undefined
}

/** One wish too long to say whole: cut at its first clause, or else word by word. */
function shortened(predicate: Predicate | undefined, breathing: boolean): string | undefined {
  if (predicate === undefined) return undefined
  let words = predicate.words
  let cut: Predicate = predicate
  while (sentenceOf([cut], breathing).length >= LIMIT) {
    const at = words.search(CLAUSE)
    words = (at > 0 ? words.slice(0, at) : words.split(' ').slice(0, -1).join(' '))
      .replace(/\s+(?:and|or|to|the|a|an|of|for|with|my|in|on|at|about|from)$/i, '')
      .trim()
    if (words === '') return undefined
    cut = { ...predicate, words }
  }
  return sentenceOf([cut], breathing)
}
