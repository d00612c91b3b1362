/**
 * A reflection on a journal entry (docs/product.md#journal, docs/decisions/0035): the opening asks how the member feels reading it back, then
 * two questions from the library below, one for the dimension the entry is about and one for the feelings in it; then
 * two or three sentences that say back what the entry was about and what the member said, and a practice of their path
 * when one fits. An answer Olo can't build on is asked again once, in simpler words, so the conversation always ends
 * within its four turns.
 */
import { EMOTIONS, type Emotion } from '~/core/check-ins'
import type { Dimension } from '~/core/dimensions'
import type { ReflectionResult } from '~/core/olo'
import type { ExerciseKey } from '../../db/content'
import type { ReflectionSubject } from '../guide'
import { findDimensions, keywordPattern } from './dimension-words'
import { pick, quotable, seedOf, shorten } from './phrasing'
import { bare, firstSentence, tidy } from './text'
import type { Answers, Turn } from './turn'
import { isUnusable } from './yes-no'

// ── The feelings an entry is about ──────────────────────────────────────────────────────────

/** The check-in's emotion words fall into five families, each with its own questions and its own kind of practice. */
type Family = 'heavy' | 'anxious' | 'angry' | 'calm' | 'bright'

/**
 * Each check-in emotion word (src/core/check-ins.ts) with the everyday words people write for it, in keywordPattern's
 * notation, and its family.
 */
const FEELING_WORDS: Record<Emotion, { family: Family; words: readonly string[] }> = {
  sad: { family: 'heavy', words: ['sad', 'sadness', 'unhappy', 'feeling down', 'feel down', 'felt down', 'feeling low', 'miserable', 'heartbroken', 'heavy heart', 'feel heavy', 'felt heavy', 'feeling heavy', 'grief', 'griev*', 'cry*', 'cried', 'tears', 'upset', 'depressed', 'gloomy'] },
  lonely: { family: 'heavy', words: ['lonely', 'loneliness', 'alone', 'isolated', 'left out', 'no one to talk to', 'miss him', 'miss her', 'miss them', 'miss my', 'missing'] },
  hopeless: { family: 'heavy', words: ['hopeless', 'pointless', 'stuck', 'defeated', 'giving up', 'helpless', 'despair*'] },
  ashamed: { family: 'heavy', words: ['ashamed', 'shame', 'embarrass*', 'guilty', 'guilt', 'humiliat*', 'regret*'] },
  exhausted: { family: 'heavy', words: ['exhausted', 'exhausting', 'exhaustion', 'drained', 'worn out', 'burnt out', 'burned out', 'burn~out', 'depleted'] },
  tired: { family: 'heavy', words: ['tired', 'tiring', 'sleepy', 'weary', 'fatigue*', 'knackered', 'no energy'] },
  anxious: { family: 'anxious', words: ['anxious', 'anxiety', 'worr*', 'nervous', 'scared', 'afraid', 'fear*', 'panic*', 'tense', 'uneasy', 'on edge', 'dread*'] },
  stressed: { family: 'anxious', words: ['stress*', 'pressure', 'hectic', 'too much', 'swamped', 'rushed', 'rushing'] },
  overwhelmed: { family: 'anxious', words: ['overwhelm*', 'drowning', 'buried', 'too many things', 'can\'t cope', 'cannot cope'] },
  restless: { family: 'anxious', words: ['restless', 'agitated', 'jittery', 'can\'t settle', 'couldn\'t sleep', 'wired'] },
  distracted: { family: 'anxious', words: ['distracted', 'scattered', 'unfocused', 'all over the place', 'foggy'] },
  unsure: { family: 'anxious', words: ['unsure', 'uncertain', 'confused', 'confusing', 'torn', 'doubt*', 'feel lost', 'felt lost', 'feeling lost'] },
  angry: { family: 'angry', words: ['angry', 'anger', 'mad', 'furious', 'rage', 'resent*', 'bitter', 'hate', 'hated'] },
  frustrated: { family: 'angry', words: ['frustrat*', 'annoyed', 'annoying', 'fed up', 'sick of', 'unfair'] },
  irritable: { family: 'angry', words: ['irritable', 'irritated', 'irritating', 'snappy', 'snapped', 'grumpy', 'cranky', 'short-tempered'] },
  bored: { family: 'angry', words: ['bored', 'boring', 'dull', 'monotonous', 'same old'] },
  calm: { family: 'calm', words: ['calm', 'calmer', 'steady', 'settled', 'grounded', 'at ease', 'relieved', 'relief'] },
  relaxed: { family: 'calm', words: ['relaxed', 'relaxing', 'rested', 'unwound', 'easy-going', 'slow morning', 'lazy day'] },
  peaceful: { family: 'calm', words: ['peaceful', 'peace', 'serene', 'stillness', 'at peace'] },
  content: { family: 'calm', words: ['content', 'contented', 'satisfied', 'fine', 'okay', 'alright'] },
  focused: { family: 'calm', words: ['focused', 'focussed', 'clear-headed', 'clear head', 'in the zone', 'productive'] },
  joyful: { family: 'bright', words: ['joy*', 'happy', 'happiness', 'glad', 'delighted', 'excited', 'thrilled', 'fun', 'laugh*', 'wonderful', 'amazing', 'great'] },
  proud: { family: 'bright', words: ['proud', 'pride', 'accomplished', 'achieved', 'managed to', 'did it'] },
  grateful: { family: 'bright', words: ['grateful', 'gratitude', 'thankful', 'thanks to', 'blessed', 'lucky', 'appreciat*'] },
  hopeful: { family: 'bright', words: ['hopeful', 'hope', 'optimistic', 'looking forward', 'can\'t wait', 'feel better', 'felt better', 'feeling better'] },
  inspired: { family: 'bright', words: ['inspired', 'inspiring', 'motivated', 'creative', 'curious', 'eager'] },
  energised: { family: 'bright', words: ['energised', 'energized', 'energetic', 'alive', 'awake', 'refreshed', 'buzzing'] },
  loved: { family: 'bright', words: ['loved', 'cared for', 'supported', 'hugged', 'cherished'] },
  connected: { family: 'bright', words: ['connected', 'close to', 'belong*', 'understood'] },
}

const FEELING_PATTERNS = EMOTIONS.map((emotion) => ({
  emotion,
  family: FEELING_WORDS[emotion].family,
  pattern: keywordPattern([emotion, ...FEELING_WORDS[emotion].words]),
}))

/** "not", "never", "no longer" and the like just before a feeling word turn it away: "not anxious" is no anxiety. */
const NEGATION = /(?:\b(?:not|never|no longer|hardly|isn't|wasn't|aren't|weren't|don't|didn't|without)\s+(?:\w+\s+)?)$/i

/** The check-in's emotion words a text speaks of, most often named first, the order of first mention breaking ties. */
export function findFeelings(text: string): Emotion[] {
  const t = tidy(text).toLowerCase()
  const counts = new Map<Emotion, { count: number; first: number }>()
  for (const { emotion, pattern } of FEELING_PATTERNS) {
    for (const match of t.matchAll(pattern)) {
      if (NEGATION.test(t.slice(Math.max(0, match.index - 24), match.index))) continue
      const seen = counts.get(emotion)
      counts.set(emotion, { count: (seen?.count ?? 0) + 1, first: Math.min(seen?.first ?? match.index, match.index) })
    }
  }
  return [...counts.entries()].sort(([, a], [, b]) => b.count - a.count || a.first - b.first).map(([emotion]) => emotion)
}

const familyOf = (emotion: Emotion): Family => FEELING_WORDS[emotion].family

/** The dimension a text is most about: the one named in most sentences, the first named breaking ties. */
export function mainDimension(text: string): Dimension | undefined {
  const sentences = tidy(text).split(/(?<=[.!?])\s+|\n+/)
  const counts = new Map<Dimension, number>()
  const order = findDimensions(text)
  for (const sentence of sentences) for (const dimension of findDimensions(sentence)) counts.set(dimension, (counts.get(dimension) ?? 0) + 1)
  return [...order].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0]
}

// ── The question library ────────────────────────────────────────────────────────────────────

type Options = readonly [string, ...string[]]

/** The second question: what the entry's dimension opens up. */
const DIMENSION_QUESTIONS: Record<Dimension | 'any', Options> = {
  mind: [
    'Which thought in what you wrote keeps coming back to you?',
    'If you could set one of these thoughts down for tonight, which would it be?',
    'What would you like to understand better about this?',
    'What would you tell a friend who had these thoughts?',
  ],
  body: [
    'How does your body feel as you think about this?',
    'What is your body asking you for right now?',
    'When in what you wrote did your energy feel best?',
    'What would rest look like for you after a day like this?',
  ],
  heart: [
    'Which feeling in this entry wants the most attention?',
    'What would you say to a friend who wrote this?',
    'Where do you feel this most right now?',
    'What do you need to hear today?',
  ],
  connection: [
    'Who is most present in what you wrote, and what would you like them to know?',
    'What would feel good between you and the people in this?',
    'When did you feel closest to someone in what you wrote?',
    'Who could you share some of this with?',
  ],
  purpose: [
    'What matters most to you in this?',
    'Which part of this feels like yours to shape?',
    'What would a good next step look like for you here?',
    'Why does this matter to you?',
  ],
  growth: [
    'What is this teaching you about yourself?',
    'What would a braver version of you try next?',
    'What have you already learnt from this?',
    'What would you like to grow into here?',
  ],
  spirit: [
    'When did you feel most at peace in what you wrote about?',
    'What helps you feel part of something bigger here?',
    'Where could you find a quiet moment like this again?',
    'What in this filled you with wonder, even a little?',
  ],
  any: [
    'What part of what you wrote matters most to you?',
    'What stands out to you most as you read it back?',
    'Which moment in it would you like to look at more closely?',
  ],
}

/** The third question: what to carry forward, in the tone of the entry's feelings. */
const FEELING_QUESTIONS: Record<Family | 'any', Options> = {
  heavy: [
    'What is one small thing that could make tomorrow a little lighter?',
    'Who or what could offer you some comfort this week?',
    'What would being gentle with yourself look like tonight?',
  ],
  anxious: [
    'Which part of this is within your control?',
    'What would help you feel a little steadier tomorrow?',
    'What could you set down, even for an hour?',
  ],
  angry: [
    'What do you need here that you have not been getting?',
    'What would help you let some of this go?',
    'What would you like to say or do about it, calmly?',
  ],
  calm: [
    'What helped you find this calm?',
    'How could you make room for more moments like this?',
    'What would you like to protect about this feeling?',
  ],
  bright: [
    'What made this possible, and how could you have more of it?',
    'Who would you like to share this with?',
    'What would you like to remember about this?',
  ],
  any: [
    'What would you like to carry with you from this?',
    'What is one small step you would like to take after writing this?',
    'What do you want to remember about this entry?',
  ],
}

/** How Olo takes in the first answer, by the feelings in it. */
const ACKNOWLEDGEMENTS: Record<Family | 'any', string> = {
  heavy: 'Thank you for being honest about how that feels.',
  anxious: 'That sounds like a lot to hold.',
  angry: 'It makes sense that this stirred you up.',
  calm: "It's good to hear some calm in that.",
  bright: 'I can hear the good in that.',
  any: 'Thank you for sharing that.',
}

/** The same questions in simpler words, for an answer Olo could not use. */
const ASKED_AGAIN = {
  feel: "That's alright, there's no right answer. Even a word is enough: how do you feel reading it back?",
  explore: 'Take your time. What part of what you wrote stays with you most?',
  carry: 'Just a small thing is fine. What would you like to take with you from this?',
} as const

// ── The reflection ──────────────────────────────────────────────────────────────────────────

/** What the entry was about, as "You wrote about …". */
const DIMENSION_PHRASES: Record<Dimension, string> = {
  mind: "what has been on your mind",
  body: 'your body and your energy',
  heart: 'your feelings and how you carry them',
  connection: 'the people in your life',
  purpose: 'your work and where it is taking you',
  growth: 'how you are growing',
  spirit: 'stillness and what feels bigger than you',
}

/** A feeling said back in the reflection kept with the entry; hopelessness only as heaviness (docs/decisions/0052). */
const FEELING_NOUNS: Record<Emotion, string> = {
  angry: 'anger', anxious: 'worry', ashamed: 'shame', bored: 'boredom', calm: 'calm', connected: 'closeness',
  content: 'contentment', distracted: 'distraction', energised: 'energy', exhausted: 'exhaustion', focused: 'focus',
  frustrated: 'frustration', grateful: 'gratitude', hopeful: 'hope', hopeless: 'heaviness', inspired: 'inspiration',
  irritable: 'irritation', joyful: 'joy', lonely: 'loneliness', loved: 'love', overwhelmed: 'overwhelm', peaceful: 'peace',
  proud: 'pride', relaxed: 'ease', restless: 'restlessness', sad: 'sadness', stressed: 'stress', tired: 'tiredness',
  unsure: 'uncertainty',
}

const CLOSING_THOUGHTS: Record<Family | 'any', string> = {
  heavy: 'Putting something heavy into words is a way of caring for yourself, and it is enough for today.',
  anxious: 'Naming what weighs on you is often the first step to holding it more lightly.',
  angry: 'Your frustration points to something that matters to you, and it deserves your attention.',
  calm: 'It is worth noticing what brought you this calm, so you can find your way back to it.',
  bright: 'It is worth noticing what made this good, so you can find your way back to it.',
  any: 'Taking the time to look again at what you wrote is a small act of care for yourself.',
}

/**
 * Which practices fit which feelings, by their minigames' keys (src/server/db/content.ts), best first: slow breath and
 * rest for heavy or anxious days, movement or breath for anger, reaching out for loneliness, kindness for good ones.
 */
const FITTING_PRACTICES: Record<Family | 'lonely', readonly ExerciseKey[]> = {
  heavy: ['quiet-sit', 'breathing-bubble', 'warm-breath', 'still-mind', 'flow', 'energising-breath'],
  anxious: ['breathing-bubble', 'sensory-safari-calm', 'still-mind', 'focus-steps', 'quiet-sit', 'warm-breath', 'step-quest'],
  angry: ['flow', 'step-quest', 'breathing-bubble', 'still-mind', 'energising-breath', 'warm-breath'],
  calm: ['quiet-sit', 'still-mind', 'sensory-safari-calm', 'sensory-safari-mind', 'warm-breath'],
  bright: ['kindness-quest', 'reach-out', 'warm-breath', 'energising-breath', 'sensory-safari-mind', 'step-quest'],
  lonely: ['reach-out', 'warm-breath', 'kindness-quest', 'quiet-sit'],
}

function suggestedPractice(feelings: readonly Emotion[], practices: ReflectionSubject['practices']): string | null {
  const first = feelings[0]
  if (first === undefined) return null
  const fitting = FITTING_PRACTICES[first === 'lonely' ? 'lonely' : familyOf(first)]
  return fitting.find((key) => practices.some((practice) => practice.key === key)) ?? null
}

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** A short piece of what they said, quoted back. */
function quote(answer: string): string {
  const words = quotable(shorten(firstSentence(answer) || tidy(answer), 110)).replace(/[\s,;:.]+$/, '')
  return /[!?…]$/.test(words) ? `"${words}"` : `"${words}".`
}

// ── The conversation ────────────────────────────────────────────────────────────────────────

const STAGES = ['feel', 'explore', 'carry'] as const
type Stage = (typeof STAGES)[number]

/** "That's all", "stop", "no more questions": the member would rather close now. */
function wantsToStop(text: string): boolean {
  // The whole answer says so: "I can't stop thinking about it" and "I want to finish my project" go on.
  return /^(?:(?:ok|okay|no|please|lets|can we|i want to|id like to)\s+)?(?:stop|stop here|thats all|thats it|thats enough|no more questions?|im done|i am done|finish|end it|enough|enough for (?:now|today))(?:\s+(?:now|here|please|for now|for today|thanks|thank you))*$/.test(bare(text))
}

interface Reading {
  stage: Stage | 'done'
  /** One simpler question for an unusable answer, in the whole conversation: three questions and one again fit four turns. */
  askedAgain: boolean
  /** Whether the current stage's question is being asked again. */
  again: boolean
  /** The last answer could not be used, and Olo goes on without it. */
  missed: boolean
  usable: string[]
}

const START: Reading = { stage: 'feel', askedAgain: false, again: false, missed: false, usable: [] }

function listen(reading: Reading, answer: string): Reading {
  if (reading.stage === 'done') return reading
  if (wantsToStop(answer)) return { ...reading, stage: 'done', again: false }
  const next = STAGES[STAGES.indexOf(reading.stage) + 1] ?? 'done'
  if (isUnusable(answer)) {
    if (!reading.askedAgain) return { ...reading, askedAgain: true, again: true }
    return { ...reading, stage: next, again: false, missed: true }
  }
  return { ...reading, stage: next, again: false, missed: false, usable: [...reading.usable, answer] }
}

function entryText(subject: ReflectionSubject | undefined): string {
  const entry = subject?.entry
  return entry ? [entry.title ?? '', entry.body].join('\n') : ''
}

export function reflectionTurn({ texts, wrapUp }: Answers, subject?: ReflectionSubject): Turn<ReflectionResult> {
  const reading = texts.reduce(listen, START)
  const written = entryText(subject)
  const dimension = mainDimension(written) ?? mainDimension(reading.usable.join('\n'))
  // The entry's own feelings first; what the member says now adds to them.
  const feelings = [...new Set([...findFeelings(written), ...findFeelings(reading.usable.join('\n'))])]
  const family = feelings[0] === undefined ? 'any' : familyOf(feelings[0])
  const seed = seedOf([written, ...texts])

  if (reading.stage === 'done' || wrapUp) return close(reading.usable, dimension, feelings, family, subject?.practices ?? [])
  if (reading.again) return { ask: ASKED_AGAIN[reading.stage] }
  if (reading.stage === 'explore') {
    const heard = findFeelings(reading.usable[0] ?? '')[0]
    const ack = reading.missed ? "That's alright." : ACKNOWLEDGEMENTS[heard === undefined ? 'any' : familyOf(heard)]
    return { ask: `${ack} ${pick(DIMENSION_QUESTIONS[dimension ?? 'any'], seed)}` }
  }
  if (reading.stage === 'carry') return { ask: `${reading.missed ? "That's alright." : 'Thank you.'} ${pick(FEELING_QUESTIONS[family], seed >>> 3)}` }
  // Before any answer, the opening's own question.
  return { ask: 'Reading it back now, how do you feel?' }
}

function close(usable: readonly string[], dimension: Dimension | undefined, feelings: readonly Emotion[], family: Family | 'any', practices: ReflectionSubject['practices']): Turn<ReflectionResult> {
  const named = feelings.slice(0, 2).map((emotion) => FEELING_NOUNS[emotion])
  const about =
    dimension === undefined
      ? named.length > 0
        ? `You wrote with ${listed(named)} running through your words.`
        : 'You took the time to put your day into words.'
      : named.length > 0
        ? `You wrote about ${DIMENSION_PHRASES[dimension]}, with ${listed(named)} running through it.`
        : `You wrote about ${DIMENSION_PHRASES[dimension]}.`
  // The longest answer says most of what they found; a short "fine" says little.
  const fullest = [...usable].sort((a, b) => tidy(b).length - tidy(a).length)[0]
  const said = fullest === undefined ? 'Even without many words, looking at it again was worth doing.' : `Talking it over, you said: ${quote(fullest)}`
  return {
    close: 'Thank you for looking at this with me; here is what I heard.',
    result: {
      reflection: [about, said, CLOSING_THOUGHTS[family]].join(' '),
      suggested_practice: suggestedPractice(feelings, practices),
    },
  }
}

/** The library, for its test: questions for every dimension and every family of feelings. */
export const QUESTIONS = { dimensions: DIMENSION_QUESTIONS, feelings: FEELING_QUESTIONS }
