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
  const pick = (prompts: JournalPrompt[]) => {
    const fresh = prompts.filter((prompt) => !skip.includes(prompt.text))
    const choices = fresh.length > 0 ? fresh : prompts
    return choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))]
  }
  const leaning = priority !== null && random() < PRIORITY_SHARE ? pick(from([priority])) : undefined
  return leaning ?? pick(from(DIMENSIONS)) ?? { dimension: 'heart', text: JOURNAL_PROMPTS.heart[0] ?? '' }
}

/** The words of a search, lower-cased, each at least two letters, as the highlighting looks for them. */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}']{2,}/gu) ?? []
  return [...new Set(words.map((word) => word.replace(/^'+|'+$/g, '')).filter((word) => word.length >= 2))]
}

/**
 * Whether a word of an entry is one a searched word found. The search stems ('walking' finds 'walked'), so beyond a
 * plain prefix a word matches when it shares the searched word's stem: all of it but up to three final letters, and
 * at least four.
 */
function foundBy(token: string, word: string): boolean {
  if (token.startsWith(word)) return true
  const stem = word.slice(0, Math.max(4, word.length - 3))
  return stem.length >= 4 && token.startsWith(stem)
}

/** `text` cut into the pieces a search result shows, the found words marked; pieces are text, rendered as text, never markup. */
export function highlightPieces(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  const pieces: { text: string; match: boolean }[] = []
  let plain = ''
  for (const token of text.split(/([\p{L}\p{N}']+)/u)) {
    const lower = token.toLowerCase()
    if (token !== '' && words.some((word) => foundBy(lower, word))) {
      if (plain) pieces.push({ text: plain, match: false })
      plain = ''
      pieces.push({ text: token, match: true })
    } else plain += token
  }
  if (plain) pieces.push({ text: plain, match: false })
  return pieces
}
