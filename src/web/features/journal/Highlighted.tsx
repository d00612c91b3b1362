import { highlightPieces } from '~/core/journal'

/**
 * Text with the searched words marked (docs/product.md#journal): the pieces are React text inside <mark>, so whatever
 * an entry holds, markup included, shows as the characters it is.
 */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  if (words.length === 0) return text
  return highlightPieces(text, words).map((piece, i) =>
    piece.match ? (
      <mark key={i} className="rounded bg-dawn/25 px-0.5 text-dawn">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  )
}
