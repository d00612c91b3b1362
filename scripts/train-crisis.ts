/**
 * npm run train:crisis: trains the crisis check's model (src/server/olo/safety.classifier.ts) on the training split of
 * src/server/olo/safety-corpus and writes src/server/olo/safety.model.json. Deterministic: the same corpus gives the
 * same file. The held-out split is never read here.
 *
 * Logistic regression, trained with AdaGrad, in two rounds: first on whole phrasings, then with each crisis phrasing
 * also represented by its highest-scoring window, which is the clause that says it (a crisis sentence inside an ordinary
 * note). Every window of an ordinary phrasing is an ordinary example, since the server reads messages window by window.
 * The threshold comes from five-fold cross-validation: the lowest score at which at most THRESHOLD_FALSE_ALARMS of
 * ordinary phrasings the fold never saw would be flagged. docs/decisions/0050-a-crisis-check-that-reads-meaning.md.
 */
import { writeFileSync } from 'node:fs'
import { CORPUS_LANGUAGES, type CorpusLanguage, readCorpus, trainingCorpusDigest } from '../src/server/olo/safety.corpus'
import { crisisFeatures, crisisWindows, FEATURE_BUCKETS, scoreFeatures, type CrisisModel } from '../src/server/olo/safety.classifier'
import { normalise } from '../src/server/olo/safety.text'

const EPOCHS = 12
const LEARNING_RATE = 0.5
const L2 = 1e-6
const FOLDS = 5
/** The share of unseen ordinary phrasings the threshold may flag in cross-validation. */
const THRESHOLD_FALSE_ALARMS = 0.002

interface Phrasing {
  language: CorpusLanguage
  crisis: boolean
  /** The windows the server reads the phrasing in, as features. */
  windows: number[][]
  /** The whole phrasing's features. */
  whole: number[]
}

interface Example {
  features: number[]
  crisis: boolean
}

interface Weights {
  weights: Float64Array
  bias: number
}

/** mulberry32: a seeded generator, so training shuffles the same way every time. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items]
  for (let at = out.length - 1; at > 0; at--) {
    const other = Math.floor(next() * (at + 1))
    ;[out[at], out[other]] = [out[other]!, out[at]!]
  }
  return out
}

function phrasing(text: string, language: CorpusLanguage, crisis: boolean): Phrasing {
  const normalised = normalise(text)
  const windows = crisisWindows(normalised)
  return { language, crisis, windows: windows.map(crisisFeatures), whole: crisisFeatures(normalised.split(' ')) }
}

function train(examples: readonly Example[], seed: number): Weights {
  const weights = new Float64Array(FEATURE_BUCKETS)
  const squares = new Float64Array(FEATURE_BUCKETS).fill(1e-8)
  let bias = 0
  let biasSquares = 1e-8
  const crises = examples.filter((example) => example.crisis).length
  // Both labels weigh the same in total, however many examples each has.
  const classWeight = { crisis: examples.length / (2 * crises), ordinary: examples.length / (2 * (examples.length - crises)) }
  const next = random(seed)
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const { features, crisis } of shuffled(examples, next)) {
      if (features.length === 0) continue
      const norm = 1 / Math.sqrt(features.length)
      const score = scoreFeatures(features, (feature) => weights[feature]!, bias)
      const error = (score - (crisis ? 1 : 0)) * (crisis ? classWeight.crisis : classWeight.ordinary)
      for (const feature of features) {
        const gradient = error * norm + L2 * weights[feature]!
        squares[feature]! += gradient * gradient
        weights[feature]! -= (LEARNING_RATE * gradient) / Math.sqrt(squares[feature]!)
      }
      biasSquares += error * error
      bias -= (LEARNING_RATE * error) / Math.sqrt(biasSquares)
    }
  }
  return { weights, bias }
}

function highest(phrasing: Phrasing, model: Weights): { score: number; window: number[] } {
  let best = { score: 0, window: phrasing.whole }
  for (const window of phrasing.windows) {
    const score = scoreFeatures(window, (feature) => model.weights[feature]!, model.bias)
    if (score > best.score) best = { score, window }
  }
  return best
}

function firstRound(phrasings: readonly Phrasing[]): Example[] {
  return phrasings.flatMap((p): Example[] => (p.crisis ? [{ features: p.whole, crisis: true }] : p.windows.map((features) => ({ features, crisis: false }))))
}

/** Two rounds: the second adds, for each crisis, the window the first round found most like one. */
function trainInRounds(phrasings: readonly Phrasing[], seed: number): Weights {
  const first = firstRound(phrasings)
  const model = train(first, seed)
  const windows = phrasings.filter((p) => p.crisis && p.windows.length > 1).map((p) => ({ features: highest(p, model).window, crisis: true }))
  return train([...first, ...windows], seed + 1)
}

function thresholdFor(ordinaryScores: readonly number[]): number {
  const sorted = [...ordinaryScores].sort((a, b) => b - a)
  const allowed = Math.floor(sorted.length * THRESHOLD_FALSE_ALARMS)
  return Math.min(0.99, Math.max(0.5, (sorted[allowed] ?? 0) + 1e-6))
}

function crossValidate(phrasings: readonly Phrasing[]): { threshold: number; scores: number[] } {
  const fold = phrasings.map((_, at) => at % FOLDS)
  const scores = new Array<number>(phrasings.length).fill(0)
  for (let held = 0; held < FOLDS; held++) {
    const model = trainInRounds(
      phrasings.filter((_, at) => fold[at] !== held),
      held * 10 + 1,
    )
    phrasings.forEach((p, at) => {
      if (fold[at] === held) scores[at] = highest(p, model).score
    })
  }
  return { threshold: thresholdFor(scores.filter((_, at) => !phrasings[at]!.crisis)), scores }
}

function report(phrasings: readonly Phrasing[], scores: readonly number[], threshold: number) {
  for (const language of CORPUS_LANGUAGES) {
    const of = (crisis: boolean) => phrasings.map((p, at) => ({ p, score: scores[at]! })).filter(({ p }) => p.language === language && p.crisis === crisis)
    const crises = of(true)
    const ordinary = of(false)
    const caught = crises.filter(({ score }) => score >= threshold).length
    const alarms = ordinary.filter(({ score }) => score >= threshold).length
    console.log(`${language}: model alone, unseen folds: recall ${caught}/${crises.length}, false alarms ${alarms}/${ordinary.length}`)
  }
}

function quantised({ weights, bias }: Weights, threshold: number, corpus: string): CrisisModel {
  const largest = weights.reduce((most, weight) => Math.max(most, Math.abs(weight)), 0)
  const scale = largest / 127
  const bytes = new Int8Array(FEATURE_BUCKETS)
  weights.forEach((weight, at) => {
    bytes[at] = Math.round(weight / scale)
  })
  return { corpus, bias, scale, threshold, weights: Buffer.from(bytes.buffer).toString('base64') }
}

const phrasings = CORPUS_LANGUAGES.flatMap((language) => {
  const { crisis, ordinary } = readCorpus(language, 'training')
  return [...crisis.map((text) => phrasing(text, language, true)), ...ordinary.map((text) => phrasing(text, language, false))]
})
console.log(`Training on ${phrasings.length} phrasings...`)
const { threshold, scores } = crossValidate(phrasings)
report(phrasings, scores, threshold)
const model = trainInRounds(phrasings, 1)
writeFileSync(new URL('../src/server/olo/safety.model.json', import.meta.url), `${JSON.stringify(quantised(model, threshold, trainingCorpusDigest()))}\n`)
console.log(`Threshold ${threshold.toFixed(4)}; wrote src/server/olo/safety.model.json`)
