import { z } from 'zod'
import { DIMENSIONS, type Dimension } from './dimensions'
import { timeZoneSchema } from './weekly'

/** The journal's sizes (docs/product.md#journal). */
export const JOURNAL_LIMITS = {
  bodyChars: 20_000,
  titleChars: 120,
  /** Entries per page of the list. */
  pageSize: 20,
  searchChars: 200,
  /** The most words a search reads, the first ones typed: every word costs the database and the highlighting. */
  searchWords: 16,
  /** The most a search answers with, newest first: more than that is a sign to search with more words. */
  searchResults: 30,
  /** How much of an entry a search result shows around the first word it found. */
  excerptChars: 220,
  /**
   * New entries per member per day, and saves of any kind (new, edited, deleted) per hour: far above anyone writing by
   * hand, low enough that a script can't fill the database (100 entries of 20,000 characters is 8 MB a day at most).
   */
  entriesPerDay: 100,
  writesPerHour: 300,
  /**
   * Searches per member per minute. The search box asks once typing rests (300 ms), so a person searching by hand asks
   * a few times a word; each search reads the database, so a script looping on it is held to one a second.
   */
  searchesPerMinute: 60,
} as const

/** What the editor saves: the entry's id is the device's, so a save retried after a lost answer stores it once. */
export const journalEntrySchema = z.object({
  title: z
    .string()
    .trim()
    .max(JOURNAL_LIMITS.titleChars, `Keep the title under ${JOURNAL_LIMITS.titleChars} characters.`)
    .transform((title) => (title === '' ? null : title))
    .nullable()
    .default(null),
  body: z
    .string()
    .max(JOURNAL_LIMITS.bodyChars, `Keep an entry under ${JOURNAL_LIMITS.bodyChars.toLocaleString('en-US')} characters.`)
    .refine((body) => body.trim().length > 0, 'Write something first.'),
  prompt: z.string().trim().min(1).max(300).nullable().default(null),
})

export const newJournalEntrySchema = journalEntrySchema.extend({ id: z.uuid(), timeZone: timeZoneSchema })

/** An edit changes what was written; the prompt it was written from stays. */
export const journalEditSchema = journalEntrySchema.omit({ prompt: true })

/** What the search box sends. */
export const journalSearchSchema = z.object({
  // Control characters (a NUL, which PostgreSQL refuses in text) separate words no more than a space does.
  q: z
    .string()
    .transform((q) => q.replace(/\p{Cc}+/gu, ' '))
    .pipe(z.string().trim().min(1, 'Type a word to search for.').max(JOURNAL_LIMITS.searchChars, `Keep a search under ${JOURNAL_LIMITS.searchChars} characters.`))
    .transform((q) => q.split(/\s+/).slice(0, JOURNAL_LIMITS.searchWords).join(' ')),
})

/**
 * Today's prompt comes from this library: at least ten questions for each dimension, short enough to answer in a few
 * lines, open enough to answer in pages.
 */
export const JOURNAL_PROMPTS: Record<Dimension, readonly string[]> = {
  mind: [
    'What has been taking up most of the room in your head today?',
    'What is one thing you understood better this week than before?',
    'Which thought kept coming back today, and what does it want from you?',
    'What would you tell a friend who was thinking what you are thinking now?',
    'When did your mind feel clearest recently, and what was around you?',
    'What is a question you have been avoiding asking yourself?',
    'What did you notice today that you would usually have missed?',
    'Which worry could you set down for tonight, and where would you put it?',
    'What is something you changed your mind about, and what changed it?',
    'If your attention were money, where did you spend it today?',
    'What would make tomorrow feel a little less crowded?',
  ],
  body: [
    'How does your body feel right now, from your feet to your head?',
    'When did you last feel really rested, and what made it so?',
    'What did your body ask you for today, and did you listen?',
    'Which movement felt good this week, even a small one?',
    'Where do you carry tension, and what might it be holding?',
    'What did you eat today that made you feel well?',
    'How did you sleep last night, and what helped or got in the way?',
    'What would it look like to treat your body as a friend tomorrow?',
    'When did you feel strong recently?',
    'What is one small thing you could do for your energy this week?',
    'What does your breath feel like as you write this?',
  ],
  heart: [
    'What feeling has been with you most today?',
    'What is something you are proud of that nobody else saw?',
    'What made you smile recently, even briefly?',
    'Which feeling is hardest for you to name, and where did you meet it lately?',
    'What would you say to yourself if you were being as kind as you are to others?',
    'What are you grateful for right now, however small?',
    'What has been heavy this week, and what would lighten it a little?',
    'When did you last cry or laugh hard, and what was it about?',
    'What do you need to hear today?',
    'What are you forgiving yourself for, or still trying to?',
    'Which moment this week would you like to keep?',
  ],
  connection: [
    'Who did you feel close to this week, and what brought you closer?',
    'Is there someone you miss? What would you tell them?',
    'What conversation is still on your mind, and why?',
    'Who made your day a little better recently?',
    'What is one way you showed care for someone this week?',
    'Where do you feel you belong, and what makes it so?',
    'Is there a conversation you are putting off? What makes it hard?',
    'What do you appreciate about someone you see every day?',
    'When did you feel really listened to, and by whom?',
    'What kind of friend do you want to be this month?',
    'Who could you reach out to this week, just to say hello?',
  ],
  purpose: [
    'What did you do today that mattered to you?',
    'When did time fly recently, and what were you doing?',
    'What would you like to be remembered for by the people around you?',
    'What is one step, however small, towards something you care about?',
    'Which of your values did you live by this week?',
    'What are you saying yes to that you would rather say no to?',
    'If this year had a title, what would it be so far?',
    'What work or effort made you feel useful recently?',
    'What would you do with a free Saturday that nobody could judge?',
    'What does a good day look like for you, from morning to night?',
    'What are you building, slowly, that you are glad about?',
  ],
  growth: [
    'What did you learn about yourself this week?',
    'What is something you did for the first time recently?',
    'Which mistake taught you something lately?',
    'What is a habit you are proud to be building?',
    'Where did you feel brave this week, even a little?',
    'What would the person you want to become do tomorrow?',
    'What skill would you like to have a year from now, and why?',
    'What are you finding easier now than a month ago?',
    'What feedback stayed with you recently, and what do you make of it?',
    'What is one thing you could try this week that scares you a little?',
    'Which old story about yourself is ready to be rewritten?',
  ],
  spirit: [
    'When did you feel a sense of wonder recently?',
    'What moment of stillness did you find today?',
    'What feels bigger than you, and how does it show up in your life?',
    'Where in nature do you feel most at home?',
    'What gives you hope at the moment?',
    'What did you notice today that was simply beautiful?',
    'What does peace feel like for you, and when did you last feel it?',
    'What are you letting go of, and what might take its place?',
    'What would you like to make more room for in your days?',
    'When do you feel most like yourself?',
    'What are you trusting will work out, even without knowing how?',
  ],
}

/** A prompt as the editor offers it: its text, and the dimension it asks about. */
export interface JournalPrompt {
  dimension: Dimension
  text: string
}

/** How often today's prompt asks about the week's top priority, when the recap named one: two times in three. */
const PRIORITY_SHARE = 2 / 3

/**
 * Today's prompt: from the dimension the week's recap put first, two times in three, otherwise from any dimension; never
 * one of `skip` (the prompts the member asked to replace) while others are left. `random` returns [0, 1).
 */
export function choosePrompt(priority: Dimension | null, skip: readonly string[], random: () => number = Math.random): JournalPrompt {
  const from = (dimensions: readonly Dimension[]) => dimensions.flatMap((dimension) => JOURNAL_PROMPTS[dimension].map((text) => ({ dimension, text })))
  const draw = (choices: JournalPrompt[]) => choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))]
  const fresh = (prompts: JournalPrompt[]) => prompts.filter((prompt) => !skip.includes(prompt.text))
  const leaning = priority !== null && random() < PRIORITY_SHARE ? draw(fresh(from([priority]))) : undefined
  // Once every prompt was skipped, the library starts again.
  const everything = from(DIMENSIONS)
  const left = fresh(everything)
  return leaning ?? draw(left.length > 0 ? left : everything) ?? { dimension: 'heart', text: JOURNAL_PROMPTS.heart[0] ?? '' }
}

/** The words of a search, lower-cased, each at least two letters, as the highlighting looks for them. */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}']{2,}/gu) ?? []
  return [...new Set(words.map((word) => word.replace(/^'+|'+$/g, '')).filter((word) => word.length >= 2))].slice(0, JOURNAL_LIMITS.searchWords)
}

/**
 * Whether a word of an entry is one the searched words found. The search stems ('walking' finds 'walked'), so beyond
 * a plain prefix a word matches when it shares a searched word's stem: all of it but up to three final letters, and
 * at least four. Both are prefixes, kept in one set, so a word is looked up once per length of its own beginning,
 * however many words were searched: the time is linear in the entry's length.
 */
function matcherOf(words: readonly string[]): (token: string) => boolean {
  const prefixes = new Set(words)
  for (const word of words) {
    const stem = word.slice(0, Math.max(4, word.length - 3))
    if (stem.length >= 4) prefixes.add(stem)
  }
  const longest = Math.max(0, ...[...prefixes].map((prefix) => prefix.length))
  return (token) => {
    for (let length = 2; length <= Math.min(token.length, longest); length++) if (prefixes.has(token.slice(0, length))) return true
    return false
  }
}

/** `text` cut into the pieces a search result shows, the found words marked; pieces are text, rendered as text, never markup. */
export function highlightPieces(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  const pieces: { text: string; match: boolean }[] = []
  const found = matcherOf(words)
  let plain = ''
  for (const token of text.split(/([\p{L}\p{N}']+)/u)) {
    if (token !== '' && found(token.toLowerCase())) {
      if (plain) pieces.push({ text: plain, match: false })
      plain = ''
      pieces.push({ text: token, match: true })
    } else plain += token
  }
  if (plain) pieces.push({ text: plain, match: false })
  return pieces
}

/**
 * The part of `text` a search result shows: about `chars` characters around the first word `words` finds, cut at
 * spaces, with an ellipsis where it was cut; the beginning when no word is found (the match was in the title, or the
 * search's stemming reached further than the highlighting does).
 */
export function excerptAround(text: string, words: readonly string[], chars: number = JOURNAL_LIMITS.excerptChars): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= chars) return flat
  const isFound = matcherOf(words)
  let found = -1
  for (const word of flat.matchAll(/[\p{L}\p{N}']+/gu)) {
    if (isFound(word[0].toLowerCase())) {
      found = word.index
      break
    }
  }
  // A third of the room before the word, the rest after it, so the sentence it starts reads on.
  let start = found <= 0 ? 0 : Math.max(0, found - Math.floor(chars / 3))
  let end = Math.min(flat.length, start + chars)
  start = Math.max(0, Math.min(start, end - chars))
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    if (space !== -1 && space < (found === -1 ? end : found)) start = space + 1
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end)
    if (space > start && space > found) end = space
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`
}
