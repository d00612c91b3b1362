/**
 * The weekly recap: how the week went, a rating from 1 to 10, the dimension that mattered most, the one to focus on next
 * week; then a summary in the user's words and two or three small actions from the library.
 */
import { DIMENSION_INFO, type Dimension } from '~/core/dimensions'
import type { RecapResult } from '~/core/olo'
import { speaksOfDistress } from '../distress'
import type { Answers, Turn } from './turn'
import { capitalise, quotable, seedOf, shorten, withArticle } from './phrasing'
import { recommend } from './recommendations'
import { parseDimension } from './dimension-words'
import { findExplicitRating, parseRating } from './numbers'
import { tidy } from './text'
import { isUnusable, meansSameAgain } from './yes-no'

const STAGES = ['week', 'rating', 'mattered', 'focus'] as const
type Stage = (typeof STAGES)[number]

/** Four questions, each asked at most three times, fit the recap's twelve user turns without help from the cap. */
const MAX_REASKS = 2

interface Recap {
  stage: Stage | 'done'
  /** Answers to the current question that could not be used. */
  misses: number
  /** The last rating given was a number off the scale, which Olo says when asking again. */
  outOfRange: boolean
  week?: string
  rating?: number
  mattered?: Dimension
  focus?: Dimension
  /** A dimension named in passing: a better fallback than 'mind' when the dimension questions go unanswered. */
  hint?: Dimension
}

const START: Recap = { stage: 'week', misses: 0, outOfRange: false }

const DIMENSION_LIST = 'mind, body, heart, connection, purpose, growth or spirit'

function label(dimension: Dimension): string {
  return DIMENSION_INFO[dimension].label
}

/** "movement, rest and the energy you live with", to say a dimension back in a sentence. */
function meaning(dimension: Dimension): string {
  const description = DIMENSION_INFO[dimension].description.replace(/\.$/, '')
  return description.charAt(0).toLowerCase() + description.slice(1)
}

function listen(recap: Recap, answer: string): Recap {
  if (recap.stage === 'done') return recap
  const next: Recap = { ...recap, outOfRange: false }
  let answered = false
  if (recap.stage === 'week' && !isUnusable(answer)) {
    next.week = answer
    const rating = findExplicitRating(answer)
    if (rating !== undefined) next.rating = rating
    answered = true
  } else if (recap.stage === 'rating') {
    const rating = parseRating(answer)
    if (typeof rating === 'number') next.rating = rating
    answered = typeof rating === 'number'
    next.outOfRange = rating === 'out-of-range'
  } else if (recap.stage === 'mattered') {
    next.mattered = parseDimension(answer)
    answered = next.mattered !== undefined
  } else if (recap.stage === 'focus') {
    next.focus = parseDimension(answer) ?? (meansSameAgain(answer) ? recap.mattered : undefined)
    answered = next.focus !== undefined
  }
  next.hint ??= parseDimension(answer)
  if (!answered && recap.misses < MAX_REASKS) return { ...next, misses: recap.misses + 1 }
  const later = STAGES.slice(STAGES.indexOf(recap.stage) + 1)
  // A rating given in passing while describing the week is not asked for again.
  const stage = later.find((s) => !(s === 'rating' && next.rating !== undefined)) ?? 'done'
  return { ...next, stage, misses: 0 }
}

const POSITIVE = /\b(?:good|great|amazing|lovely|fun|happy|productive|better|well|wonderful|fantastic|nice|relaxing|awesome|brilliant|calm|peaceful|proud|enjoyed|excellent|positive)\b/i
const NEGATIVE = /\b(?:hard|tough|bad|stressful|stressed|exhausting|exhausted|tiring|tired|rough|awful|terrible|difficult|sad|overwhelming|overwhelmed|sick|ill|hectic|lonely|heavy|draining|drained|anxious|worse|frustrating|chaotic|not (?:so |that |very |too )?(?:good|great|well))\b/i

/** A first, honest reflection of how the week sounded, before the rating question. */
function weekAck(week: string | undefined): string {
  if (week === undefined) return "That's alright, we can keep it simple."
  if (speaksOfDistress(week)) return "That sounds really hard, and I'm glad you told me."
  const positive = POSITIVE.test(week.replace(/\bnot (?:so |that |very |too )?\w+/gi, ''))
  const negative = NEGATIVE.test(week)
  if (positive && negative) return 'It sounds like a week with ups and downs.'
  if (positive) return "That sounds like a good week, and I'm glad to hear it."
  if (negative) return 'That sounds like a heavy week; thank you for telling me about it.'
  return 'Thank you for sharing that.'
}

function ratingAck(rating: number | undefined): string {
  if (rating === undefined) return "That's alright, we can leave the number for now."
  const said = capitalise(withArticle(rating))
  if (rating >= 8) return `${said}, that's lovely to hear.`
  if (rating >= 6) return `${said}, thank you.`
  return `${said}, thank you for being honest about it.`
}

function question(recap: Recap, stage: Stage): string {
  const { misses } = recap
  switch (stage) {
    case 'week':
      if (misses === 0) return 'How did your week go?'
      return misses === 1
        ? 'No rush. What is one moment from this week that stays with you, big or small?'
        : 'Even a word or two is enough. How would you describe your week?'
    case 'rating':
      if (recap.outOfRange) {
        return "I'm looking for a number from 1 to 10, where 1 is a very hard week and 10 a wonderful one. Where would this week land?"
      }
      if (misses === 0) return `${weekAck(recap.week)} On a scale from 1 to 10, how would you rate this week?`
      return misses === 1
        ? 'A number from 1 to 10 is all I need, where 1 is a very hard week and 10 a wonderful one. What would you give it?'
        : 'Your best guess is fine. Which number from 1 to 10 feels closest?'
    case 'mattered':
      if (misses === 0) return `${ratingAck(recap.rating)} Which of the seven dimensions mattered most this week: ${DIMENSION_LIST}?`
      return misses === 1
        ? `I couldn't quite match that to one of them. Which felt most alive or most needed this week: ${DIMENSION_LIST}?`
        : `Any one is fine, even a rough fit. Which comes closest: ${DIMENSION_LIST}?`
    case 'focus': {
      if (misses === 0) {
        const ack = recap.mattered ? `So it was ${label(recap.mattered)}: ${meaning(recap.mattered)}.` : "That's alright."
        return `${ack} Looking ahead, which dimension would you like to focus on next week?`
      }
      if (misses === 1) return `Which one would you like to give more attention next week: ${DIMENSION_LIST}?`
      return recap.mattered
        ? `You could stay with ${label(recap.mattered)} or choose another. Which would you like for next week?`
        : 'Just pick the one that calls to you most. Which would you like for next week?'
    }
  }
}

/** A short piece of what they said about the week, to quote back in the summary; "Lovely!" alone says too little. */
function quote(week: string): string {
  return quotable(shorten(tidy(week), 90))
    .replace(/[\s,;:.]+$/, '')
    .replace(/([!?])[!?.]*$/, '$1')
}

/** 'you said: "Lovely!"' needs no full stop after the quote; 'you said: "Busy"' does. */
function quoted(words: string): string {
  return /[!?]$/.test(words) ? `"${words}"` : `"${words}".`
}

function tone(rating: number): string {
  if (rating >= 8) return 'a week to be glad about'
  if (rating >= 6) return 'a fairly good week with things to build on'
  if (rating >= 4) return 'a mixed week'
  return 'a hard week, and it took honesty to say so'
}

function finish(recap: Recap, texts: readonly string[]): Turn<RecapResult> {
  const rating = recap.rating ?? 5
  const mattered = recap.mattered ?? recap.focus ?? recap.hint ?? 'mind'
  const top = recap.focus ?? recap.mattered ?? recap.hint ?? 'mind'
  const summary = [
    recap.week === undefined
      ? 'You took time to look back on your week, even when the words were hard to find.'
      : // A hard week is named, never quoted in words of distress (docs/decisions/0052).
        speaksOfDistress(recap.week)
        ? 'You told me how hard this week has been, and that took courage.'
        : `Looking back, you said: ${quoted(quote(recap.week))}`,
    recap.rating === undefined
      ? `We didn't settle on a number, so I've noted the week as ${withArticle(rating)} out of 10, somewhere in the middle.`
      : `You rated it ${withArticle(rating)} out of 10, ${tone(rating)}.`,
    top === mattered
      ? `${label(mattered)} mattered most to you this week, and it is where you want to put your attention next week too.`
      : `${label(mattered)} mattered most to you this week, and next week you want to give more attention to ${label(top)}.`,
  ]
  const reasoning =
    top !== mattered
      ? `You chose ${label(top)} for next week: ${meaning(top)} deserve a little more of your attention now.`
      : rating >= 6
        ? `${label(top)} is what mattered most this week, so giving it steady attention next week builds on what already works.`
        : `${label(top)} mattered most in ${rating <= 3 ? 'a hard' : 'a mixed'} week, so caring for it next week can make everything else feel lighter.`
  // After a hard week two small steps are kinder than three.
  const count = rating <= 4 ? 2 : 3
  return {
    close:
      rating >= 8
        ? 'Thank you for looking back on such a good week with me; here is your summary, with a few small steps for the week ahead.'
        : 'Thank you for looking back on your week so honestly; here is your summary, with a few small steps for the week ahead.',
    result: {
      weekly_summary: summary.join(' '),
      top_priority_dimension: top,
      priority_reasoning: reasoning,
      recommendations: recommend(top, texts.join('\n'), count, seedOf(texts)),
      rating,
    },
  }
}

export function recapTurn({ texts, wrapUp }: Answers): Turn<RecapResult> {
  const recap = texts.reduce(listen, START)
  if (recap.stage === 'done' || wrapUp) return finish(recap, texts)
  return { ask: question(recap, recap.stage) }
}
