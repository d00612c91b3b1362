/**
 * Whether an answer can be used at all, and the short answers that steer a conversation: yes, let's start, the same
 * again.
 */
import { bare } from './text'

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
