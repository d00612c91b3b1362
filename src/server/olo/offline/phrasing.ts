/**
 * Small wording helpers shared by the three conversations. Olo must say the same thing for the same conversation, so any
 * variety in wording comes from a hash of what the user wrote, never from chance or the clock.
 */

/** FNV-1a over the user's messages: the same conversation always gets the same wording. */
export function seedOf(texts: readonly string[]): number {
  let hash = 0x811c9dc5
  for (const char of texts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

export function pick<T>(options: readonly [T, ...T[]], seed: number): T {
  return options[seed % options.length] ?? options[0]
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** 5000 → "5,000", as people write amounts in a title. */
export function formatAmount(value: number): string {
  return AMOUNT.format(value)
}

/** "a 7", but "an 8": the rating is read aloud as well as shown. */
export function withArticle(rating: number): string {
  return `${rating === 8 ? 'an' : 'a'} ${rating}`
}

/** 90 → "3 months", 42 → "6 weeks", 365 → "a year": how a person would say the timeframe back. */
export function describeDays(days: number): string {
  const count = (n: number, unit: string) => (n === 1 ? `a ${unit}` : `${formatAmount(n)} ${unit}s`)
  if (days % 365 === 0) return count(days / 365, 'year')
  if (days % 30 === 0) return count(days / 30, 'month')
  if (days % 7 === 0) return count(days / 7, 'week')
  return count(days, 'day')
}

/**
 * Cuts text to at most `max` characters at a word boundary, marking the cut. Results have length limits and a user may
 * write two thousand characters.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`
}

/** Turns the user's first-person words into words about them, for text addressed to "you". */
export function toSecondPerson(text: string): string {
  return text
    .replace(/\bI'm\b/gi, "you're")
    .replace(/\bI am\b/gi, 'you are')
    .replace(/\bI've\b/gi, "you've")
    .replace(/\bI'd\b/gi, "you'd")
    .replace(/\bI'll\b/gi, "you'll")
    .replace(/\bmyself\b/gi, 'yourself')
    .replace(/\bmine\b/gi, 'yours')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\b(?:I|me)\b/gi, 'you')
}

/** User text put inside our own quotation marks: its double quotes become single ones. */
export function quotable(text: string): string {
  return text.replace(/"/g, "'")
}
