import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Every reference in the code leads to something in the repository (issue 14 §5): the product rules in
 * docs/product.md, a decision record in docs/decisions/ or a README section, never the documents Lumin was first
 * written from, which are not in it.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SELF = relative(ROOT, fileURLToPath(import.meta.url))

const SCANNED_FOLDERS = ['src', 'tests', 'scripts', '.ci']
const SCANNED_ROOT_FILE = /^(README\.md|[\w.-]+\.(ts|js|mjs|cjs))$/
/** Read for the references they make, though they may name the outside documents when telling a record's history. */
const DOCS_THAT_CITE = ['docs/product.md', 'docs/decisions/README.md']

/** The outside documents by name, whatever the phrasing: "SPEC §4", "SPEC's message", "as DESIGN says", SPEC.md. */
const OUTSIDE_DOCUMENT = /\b(SPEC|DESIGN)\b/
const DOC_LINK = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g
const DECISION_PATH = /\bdocs\/decisions\/(\d{4})\b/g
const DECISION_WORDS = /\b[Dd]ecisions? (\d{4}(?:(?:, | and | or )\d{4})*)\b/g
const LOCAL_ANCHOR = /\]\(#([\w-]+)\)/g

function filesUnder(folder: string): string[] {
  const path = join(ROOT, folder)
  if (!existsSync(path)) return []
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = folder + '/' + entry.name
    if (entry.name === 'node_modules') return []
    return entry.isDirectory() ? filesUnder(child) : [child]
  })
}

const scanned = [
  ...readdirSync(ROOT).filter((name) => SCANNED_ROOT_FILE.test(name) && statSync(join(ROOT, name)).isFile()),
  ...SCANNED_FOLDERS.flatMap(filesUnder),
].sort()

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** Where in a file a match is, as `file:line` for the failure message. */
function at(file: string, text: string, index: number) {
  return `${file}:${text.slice(0, index).split('\n').length}`
}

/** The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsIn(markdownFile: string) {
  const headings = read(markdownFile).matchAll(/^#{1,6}\s+(.+)$/gm)
  return new Set([...headings].map(([, heading]) => anchorOf(heading ?? '')))
}

const DECISION_NUMBERS = new Set(
  readdirSync(join(ROOT, 'docs/decisions'))
    .map((name) => /^(\d{4})-.+\.md$/.exec(name)?.[1])
    .filter((number) => number !== undefined),
)

describe('references in the code', () => {
  it('scans the code, the tests, the scripts and the README', () => {
    expect(scanned).toContain('README.md')
    expect(scanned.some((file) => file.startsWith('src/core/'))).toBe(true)
    expect(scanned.some((file) => file.startsWith('src/server/'))).toBe(true)
    expect(scanned.some((file) => file.startsWith('tests/e2e/'))).toBe(true)
    expect(scanned).toContain(SELF)
  })

  it('never cite the documents that are not in the repository', () => {
    const citing = scanned
      .filter((file) => file !== SELF)
      .flatMap((file) =>
        read(file)
          .split('\n')
          .flatMap((line, index) => (OUTSIDE_DOCUMENT.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      )
    expect(citing, 'cite a heading of docs/product.md, a record in docs/decisions or a README section instead').toEqual([])
  })

  it('name Markdown files and headings that exist', () => {
    const broken: string[] = []
    for (const file of [...scanned, ...DOCS_THAT_CITE]) {
      const text = read(file)
      for (const match of text.matchAll(DOC_LINK)) {
        const [path = '', anchor] = match[0].split('#')
        if (!existsSync(join(ROOT, path))) broken.push(`${at(file, text, match.index)}: ${match[0]} (no such file)`)
        else if (anchor !== undefined && !anchorsIn(path).has(anchor)) {
          broken.push(`${at(file, text, match.index)}: ${match[0]} (no such heading)`)
        }
      }
    }
    for (const file of DOCS_THAT_CITE) {
      const text = read(file)
      const anchors = anchorsIn(file)
      for (const match of text.matchAll(LOCAL_ANCHOR)) {
        if (!anchors.has(match[1] ?? '')) broken.push(`${at(file, text, match.index)}: #${match[1]} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })

  it('name decision records that exist', () => {
    const missing: string[] = []
    for (const file of [...scanned, ...DOCS_THAT_CITE]) {
      const text = read(file)
      const cited = [
        ...[...text.matchAll(DECISION_PATH)].map((match) => ({ numbers: [match[1] ?? ''], index: match.index })),
        ...[...text.matchAll(DECISION_WORDS)].map((match) => ({ numbers: match[1]?.match(/\d{4}/g) ?? [], index: match.index })),
      ]
      for (const { numbers, index } of cited) {
        for (const number of numbers) {
          if (!DECISION_NUMBERS.has(number)) missing.push(`${at(file, text, index)}: decision ${number}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it('finds a heading by the anchor GitHub gives it', () => {
    expect(anchorOf('Nothing half-written')).toBe('nothing-half-written')
    expect(anchorOf("Olo's model and voice")).toBe('olos-model-and-voice')
    expect(anchorsIn('docs/product.md')).toContain('on-the-device')
  })
})
