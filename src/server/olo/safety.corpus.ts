/**
 * The labelled corpus of the crisis check (src/server/olo/safety-corpus/README.md): per language, the phrasings the
 * model is trained on and a held-out set it never sees, each of crises and of their ordinary look-alikes. Read by the
 * trainer (scripts/train-crisis.ts) and by the test that measures the check on the held-out set.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

export const CORPUS_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'] as const
export type CorpusLanguage = (typeof CORPUS_LANGUAGES)[number]

export type CorpusSplit = 'training' | 'heldout'

export interface LabelledSet {
  crisis: string[]
  ordinary: string[]
}

const FILES: Readonly<Record<CorpusSplit, Readonly<Record<keyof LabelledSet, string>>>> = {
  training: { crisis: 'crisis.txt', ordinary: 'ordinary.txt' },
  heldout: { crisis: 'heldout-crisis.txt', ordinary: 'heldout-ordinary.txt' },
}

function lines(path: URL): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('# '))
}

function fileOf(language: CorpusLanguage, name: string): URL {
  return new URL(`./safety-corpus/${language}/${name}`, import.meta.url)
}

/** One language's phrasings of one split. */
export function readCorpus(language: CorpusLanguage, split: CorpusSplit): LabelledSet {
  return { crisis: lines(fileOf(language, FILES[split].crisis)), ordinary: lines(fileOf(language, FILES[split].ordinary)) }
}

/** What the model's features are made from: a change to either means training again. */
const FEATURE_SOURCES = ['./safety.text.ts', './safety.classifier.ts']

/** A digest of every training phrasing and of the code that reads them: the shipped model records the one it was trained on. */
export function trainingCorpusDigest(): string {
  const digest = createHash('sha256')
  for (const source of FEATURE_SOURCES) digest.update(readFileSync(new URL(source, import.meta.url), 'utf8'))
  for (const language of CORPUS_LANGUAGES) {
    const { crisis, ordinary } = readCorpus(language, 'training')
    digest.update(`${language}\n${crisis.join('\n')}\n\n${ordinary.join('\n')}\n\n`)
  }
  return digest.digest('hex').slice(0, 16)
}
