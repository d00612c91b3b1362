import { describe, expect, it } from 'vitest'
import { crisisScore, MODEL_THRESHOLD, SHIPPED_MODEL_CORPUS } from './safety.classifier'
import { isCrisisMessage } from './safety'
import { CORPUS_LANGUAGES, type CorpusLanguage, type CorpusSplit, readCorpus, trainingCorpusDigest } from './safety.corpus'
import { normalise } from './safety.text'

/**
 * The crisis check measured on phrasings it was not built from (docs/decisions/0050): the held-out split, which the
 * trainer never reads, written by other hands than the training split of the same language. The floors are what the
 * check reaches today, so it can only get better; the aim is at least 95 % recall with no false alarm in every
 * language, and it is far from there.
 */
const HELD_OUT_FLOORS: Readonly<Record<CorpusLanguage, { caught: number; falseAlarms: number }>> = {
  en: { caught: 113, falseAlarms: 3 },
  es: { caught: 58, falseAlarms: 2 },
  fr: { caught: 41, falseAlarms: 0 },
  de: { caught: 36, falseAlarms: 2 },
  pt: { caught: 39, falseAlarms: 1 },
  it: { caught: 29, falseAlarms: 0 },
  nl: { caught: 30, falseAlarms: 2 },
}

/** How many phrasings each split must hold, per language: enough that one phrasing more or less moves nothing much. */
const SIZES: Readonly<Record<CorpusSplit, number>> = { training: 2000, heldout: 100 }

function measure(language: CorpusLanguage, split: CorpusSplit) {
  const { crisis, ordinary } = readCorpus(language, split)
  const byModel = (text: string) => crisisScore(normalise(text)) >= MODEL_THRESHOLD
  return {
    crisis: crisis.length,
    ordinary: ordinary.length,
    missed: crisis.filter((text) => !isCrisisMessage(text)),
    alarms: ordinary.filter((text) => isCrisisMessage(text)),
    model: { caught: crisis.filter(byModel).length, alarms: ordinary.filter(byModel).length },
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`

describe('the crisis corpus', () => {
  it('was trained on: the shipped model is the one `npm run train:crisis` makes of the corpus and the code as they are', () => {
    expect(SHIPPED_MODEL_CORPUS, 'the corpus or the features changed: run npm run train:crisis').toBe(trainingCorpusDigest())
  })

  it.each(CORPUS_LANGUAGES)('holds enough phrasings of %s in each split, none twice and none in both', (language) => {
    const seen = new Map<string, string>()
    for (const split of ['training', 'heldout'] as const) {
      const { crisis, ordinary } = readCorpus(language, split)
      expect(crisis.length, `${split} crises`).toBeGreaterThanOrEqual(SIZES[split])
      expect(ordinary.length, `${split} ordinary phrasings`).toBeGreaterThanOrEqual(SIZES[split])
      for (const text of [...crisis, ...ordinary]) {
        const key = normalise(text)
        const earlier = seen.get(key)
        if (split === 'heldout') expect(earlier, `held out yet trained on: ${text}`).not.toBe('training')
        seen.set(key, split)
      }
    }
  })
})

describe('the crisis check on phrasings it never saw', () => {
  const results = CORPUS_LANGUAGES.map((language) => ({ language, ...measure(language, 'heldout') }))

  it("reports its recall and false alarms per language, and the candidate model's", () => {
    const rows = results.map(({ language, crisis, ordinary, missed, alarms, model }) => {
      const caught = crisis - missed.length
      return (
        `${language}  check: recall ${caught}/${crisis} (${percent(caught, crisis)}), false alarms ${alarms.length}/${ordinary}` +
        `  model alone: recall ${model.caught}/${crisis} (${percent(model.caught, crisis)}), false alarms ${model.alarms}/${ordinary}`
      )
    })
    console.log(['The crisis check on the held-out set', ...rows].join('\n'))
    expect(rows).toHaveLength(CORPUS_LANGUAGES.length)
  })

  it.each(CORPUS_LANGUAGES)('keeps to the floor in %s', (language) => {
    const result = results.find((r) => r.language === language)!
    const floor = HELD_OUT_FLOORS[language]
    expect(result.crisis - result.missed.length, 'crises caught').toBeGreaterThanOrEqual(floor.caught)
    expect(result.alarms.length, `false alarms:\n${result.alarms.join('\n')}`).toBeLessThanOrEqual(floor.falseAlarms)
  })
})
