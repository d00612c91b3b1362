import { sql } from 'drizzle-orm'

/**
 * One of src/core's fixed lists as SQL literals ('a', 'b'): a check constraint's `in (...)`, or an order the list
 * gives. The words are the code's own constants, never input, so they are written into the statement.
 */
export function wordList(words: readonly string[]) {
  return sql.raw(words.map((word) => `'${word}'`).join(', '))
}
