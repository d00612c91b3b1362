/**
 * How the crisis check reads text (src/server/olo/safety.ts): every message, and every pattern, is brought to the same
 * plain form first, so that tricks and spelling do not decide whether someone in crisis is heard.
 * docs/decisions/0013-crisis-check-languages-and-tricks.md says why each step is there.
 */
import { LATIN_LOOKALIKES } from './confusables'

/** Phones and word processors turn ' into ’ and friends; all of them are dropped so "I’m", "I'm" and "Im" read alike. */
const APOSTROPHES = /['‘’‛ʼʹʻ`´′＇]/g

/** Format and default-ignorable characters (zero-width, bidi marks, variation selectors, tags, soft hyphen…) draw nothing, so a word cut by one is still the word. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu

/** Letters of the supported languages that have no accent to remove; ß would otherwise read as a Greek β, and so as b. */
const LIGATURES: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ħ: 'h', ŧ: 't' }

/**
 * Digits and symbols typed for letters ("su1c1de", "0verdose", "k!ll", "d3ad"). A 1, ! or | may stand for i or l
 * ("k1ll", "ki11"), so it stays a "1" that the patterns accept for either letter (see inMessageForm).
 */
const LOOKALIKE_LETTERS: Readonly<Record<string, string>> = { '0': 'o', '1': '1', '!': '1', '|': '1', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' }

/**
 * Emoji people put where a means or death would be ("i want to 💀", "me and the 🪢 tonight"), read as a word of their
 * own that the rules and the model can see beside a first person; every other emoji is dropped as before. Skulls are
 * also laughter ("im dead 💀"), so the rules ask for intent around them.
 */
const EMOJI_WORDS: Readonly<Record<string, string>> = {
  '💀': 'emojideath',
  '☠': 'emojideath',
  '⚰': 'emojideath',
  '⚱': 'emojideath',
  '🪦': 'emojideath',
  '💊': 'emojipills',
  '🔫': 'emojigun',
  '🪢': 'emojirope',
  '🔪': 'emojiknife',
  '🗡': 'emojiknife',
  '🩸': 'emojiblood',
  '🌉': 'emojibridge',
  '🚆': 'emojitrain',
  '🚂': 'emojitrain',
  '🚄': 'emojitrain',
  '🚅': 'emojitrain',
  '🚇': 'emojitrain',
  '🚈': 'emojitrain',
}
const EMOJI = new RegExp(`(?:${Object.keys(EMOJI_WORDS).join('|')})`, 'gu')

/** Regional indicator symbols (🇰 🇮 🇱 🇱) are letters in a box; a flag is two of them and reads as its country's code. */
const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/gu

/** A word with its lookalike digits and symbols; a 100 or a 7 alone has no letter and stays a number. */
const WORD = /[\p{L}\p{N}!|@$]+/gu

/** Digits anywhere in a word are letters; symbols only inside it, or $ and @ at its start, so "help!" keeps its full stop. */
function readLookalikes(word: string): string {
  if (!/[a-z]/.test(word) || !/[0-9!|@$]/.test(word)) return word
  const [, lead = '', core = '', trail = ''] = /^([!|@$]*)(.*?)([!|@$]*)$/su.exec(word) ?? []
  const start = lead.replace(/[$@]$/, (c) => LOOKALIKE_LETTERS[c] ?? c)
  return start + core.replace(/[0-9!|@$]/g, (c) => LOOKALIKE_LETTERS[c] ?? c).replace(/1+/g, '1') + trail
}

/** Removes accents and folds ligatures: "é", "ñ", "ü", "ç" and "ã" read as e, n, u, c and a, in messages and patterns alike. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþħŧ]/g, (c) => LIGATURES[c] ?? c)
}

/**
 * Reduces a message to lowercase a–z words and digits separated by single spaces, with " . " where a clause ended:
 * NFKC, no invisible characters, no accents, every look-alike of another script read as the Latin letter it imitates,
 * digits and symbols inside words read as letters. Every run of a repeated letter becomes one letter ("kiiill", "kil"
 * and "kill" all become "kil"): that absorbs stretched words and doubled-letter misspellings in one step, and the
 * patterns are squeezed the same way.
 */
export function normalise(text: string): string {
  let t = fold(text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase())
  t = t.replace(EMOJI, (c) => ` ${EMOJI_WORDS[c] ?? ''} `).replace(REGIONAL_INDICATOR, (c) => String.fromCharCode(c.codePointAt(0)! - 0x1f1e6 + 97))
  t = t.replace(/\P{ASCII}/gu, (c) => LATIN_LOOKALIKES.get(c) ?? c)
  t = t.replace(WORD, readLookalikes).replace(APOSTROPHES, '')
  // Words spelled out letter by letter ("k i l l", "s.u.i.c.i.d.e") are joined back; three letters at least so "plan b i guess" is left alone.
  t = t.replace(/(?<![\p{L}\p{N}])\p{L}(?:[ .\-_*~/]\p{L}){2,}(?![\p{L}\p{N}])/gu, (m) => m.replace(/[^\p{L}]/gu, ''))
  t = t.replace(/[.!?;:,¡¿]+/g, ' . ').replace(/[^a-z0-9.]+/g, ' ')
  t = t.replace(/([a-z])\1+/g, '$1')
  t = t.replace(/[\s.]*\.[\s.]*/g, ' . ').replace(/\s+/g, ' ')
  // Contractions typed with a space where the apostrophe was ("i m", "don t") read as the contraction.
  t = t.replace(/(?<![a-z])i (m|ve|d|l)(?![a-z])/g, 'i$1').replace(/(?<=[a-z])n t(?![a-z])/g, 'nt')
  return t.trim()
}

/** Between two words of a pattern: a space, or a clause mark too ("i want to... die" is still one thought). */
const SEP = '(?:(?:\\x20\\.)?\\x20)'

/** German written without umlauts doubles the vowel's e ("möchte", "moechte"); patterns that ask for it accept both. */
const UMLAUTS: Readonly<Record<string, string>> = { ä: '(?:a|ae)', ö: '(?:o|oe)', ü: '(?:u|ue)' }

/**
 * Lets every i and l of a pattern also be the "1" that stands for either in a message, and reads a hyphen as the space
 * it becomes in a message ("tue-toi", "u-bahn"). Letters inside a character class get the 1 added to the class; escapes
 * (\x20) are copied as they are.
 */
function inMessageForm(source: string): string {
  let out = ''
  let classStart = -1
  for (let at = 0; at < source.length; at++) {
    const c = source[at]!
    if (c === '\\') {
      const escape = source.slice(at, at + (source[at + 1] === 'x' ? 4 : 2))
      out += escape
      at += escape.length - 1
    } else if (classStart >= 0) {
      if (c === ']') {
        const inside = source.slice(classStart + 1, at)
        out += !inside.startsWith('^') && /[il]|a-z/.test(inside) ? '1]' : ']'
        classStart = -1
      } else out += c
    } else if (c === '[') {
      classStart = at
      out += c
    } else out += c === 'i' ? '[i1]' : c === 'l' ? '[l1]' : c === '-' ? ' ' : c
  }
  return out
}

/**
 * Patterns are written in the words of their language, accents and apostrophes included ("n'en peux plus", "möchte"),
 * and brought to the messages' form here, so a reader never has to write or read "kil" or "beter of". Pattern sources
 * use no letter escapes (\b, \s) for that reason; a literal space is written \x20 where it must not become SEP.
 */
export function phrase(source: string, { umlauts = false }: { umlauts?: boolean } = {}): RegExp {
  const spelled = umlauts ? source.replace(/[äöü]/g, (c) => UMLAUTS[c] ?? c) : source
  const body = inMessageForm(fold(spelled.toLowerCase()).replace(APOSTROPHES, '').replace(/([a-z])\1+/g, '$1')).replaceAll(' ', SEP)
  return new RegExp(`(?<![a-z0-9])(?:${body})(?![a-z0-9])`)
}

/** Not followed by any of these words; the word must end there, so "die so" does not also rule out "die soon". */
export function unless(words: string): string {
  return `(?! (?:${words})(?![a-z0-9]))`
}
