/**
 * A candidate second layer for the crisis check (docs/decisions/0050-a-crisis-check-that-reads-meaning.md): a linear
 * model over the words, word pairs and triples, and letter groups of a normalised message, trained by
 * `npm run train:crisis` on the labelled corpus in src/server/olo/safety-corpus and kept as
 * src/server/olo/safety.model.json. It is measured on the held-out split beside the rules, and not yet part of the
 * check: at the threshold where it adds recall it also flags the app's own intentions ("I want to let go of the day").
 *
 * A long entry is read a clause or two at a time, and the highest score counts, so one crisis sentence inside a page
 * about an ordinary week is not drowned by it.
 */
import model from './safety.model.json' with { type: 'json' }

/** How many hashed features the model has: enough that letter groups of seven languages rarely share a weight. */
export const FEATURE_BUCKETS = 1 << 18

/** The longest window read at once; longer clauses are read in overlapping windows of this many words. */
const WINDOW_WORDS = 30

/** 32-bit FNV-1a: fast, stable across runs and machines, so the trainer and the server agree on every feature. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let at = 0; at < text.length; at++) {
    h ^= text.charCodeAt(at)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) & (FEATURE_BUCKETS - 1)
}

/** Letter groups of three to five characters, with the word's edges marked, so "kil", "kms" and "morir" are seen inside misspellings too. */
function letterGroups(word: string, into: number[]) {
  const padded = ` ${word} `
  for (let size = 3; size <= 5; size++) {
    for (let at = 0; at + size <= padded.length; at++) into.push(hash(`c${padded.slice(at, at + size)}`))
  }
}

/**
 * The features of a window of normalised words, "." marking where a clause ended: each word, each pair and triple of
 * words inside a clause, and each word's letter groups. Repeated features count each time.
 */
export function crisisFeatures(words: readonly string[]): number[] {
  const features: number[] = []
  let clause: string[] = []
  for (const word of words) {
    if (word === '.') {
      clause = []
      continue
    }
    clause.push(word)
    features.push(hash(`w${word}`))
    letterGroups(word, features)
    const n = clause.length
    if (n >= 2) features.push(hash(`b${clause[n - 2]} ${word}`))
    if (n >= 3) features.push(hash(`t${clause[n - 3]} ${clause[n - 2]} ${word}`))
  }
  return features
}

/**
 * The windows a normalised message is read in: every clause (long ones in overlapping windows), every two clauses
 * side by side, and the whole message when it is short.
 */
export function crisisWindows(normalised: string): string[][] {
  const clauses = normalised
    .split(' . ')
    .map((clause) => clause.split(' ').filter((word) => word !== '' && word !== '.'))
    .filter((clause) => clause.length > 0)
  const windows: string[][] = []
  for (const clause of clauses) {
    if (clause.length <= WINDOW_WORDS) windows.push(clause)
    else for (let at = 0; at < clause.length - WINDOW_WORDS / 2; at += WINDOW_WORDS / 2) windows.push(clause.slice(at, at + WINDOW_WORDS))
  }
  for (let at = 1; at < clauses.length; at++) {
    const pair = [...clauses[at - 1]!, '.', ...clauses[at]!]
    if (pair.length <= WINDOW_WORDS + 1) windows.push(pair)
  }
  const all = clauses.flatMap((clause, at) => (at === 0 ? clause : ['.', ...clause]))
  if (clauses.length > 2 && all.length <= WINDOW_WORDS + clauses.length) windows.push(all)
  return windows
}

/** A model as the trainer writes it: int8 weights with their scale, base64, and the score above which a window is a crisis. */
export interface CrisisModel {
  corpus: string
  bias: number
  scale: number
  threshold: number
  weights: string
}

/** The logistic score of one window's features, from 0 (ordinary) to 1 (crisis). */
export function scoreFeatures(features: readonly number[], weightAt: (feature: number) => number, bias: number): number {
  if (features.length === 0) return 0
  let sum = 0
  for (const feature of features) sum += weightAt(feature)
  return 1 / (1 + Math.exp(-(bias + sum / Math.sqrt(features.length))))
}

const shipped: CrisisModel = model
const weights = new Int8Array(Buffer.from(shipped.weights, 'base64'))
const weightAt = (feature: number) => (weights[feature] ?? 0) * shipped.scale

/** The highest score of any window of a normalised message. */
export function crisisScore(normalised: string): number {
  let highest = 0
  for (const window of crisisWindows(normalised)) highest = Math.max(highest, scoreFeatures(crisisFeatures(window), weightAt, shipped.bias))
  return highest
}

/** The score from which the trainer reads a window as a crisis (five-fold cross-validation on the training split). */
export const MODEL_THRESHOLD = shipped.threshold

/** The corpus the shipped model was trained on, so a test can tell when it must be trained again. */
export const SHIPPED_MODEL_CORPUS = shipped.corpus
