/**
 * Lets prose be wrapped in the source: wrapped lines are joined with a space, while blank lines, list items ('- ', '1. ')
 * and a line that starts with an interpolated value keep their own lines. Interpolated values are left untouched, so an
 * example reply keeps its line breaks.
 */
export function unwrap(text: string): string {
  return text.replace(/(?<!\n)[ \t]*\n[ \t]*(?!- |\d+\. )(?=\S)/g, ' ').replace(/\n[ \t]+/g, '\n')
}

export function prose(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  return strings
    .map((chunk, i) => unwrap(chunk) + (i < values.length ? String(values[i]) : ''))
    .join('')
    .trim()
}
