import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EMOTIONS } from '~/core/check-ins'
import { DIMENSIONS } from '~/core/dimensions'
import { LIMITS } from '~/core/limits'
import { reflectionResultSchema } from '~/core/olo'
import { EXERCISES } from '~/server/db/content'
import { END_OF_CONVERSATION_TOKEN } from '../contract'
import type { PathPractice, ReflectionSubject } from '../guide'
import { offlineReply } from './offline-guide'
import { findFeelings, mainDimension, QUESTIONS } from './reflection'
import { openingOf, play } from './test-support'

const CAP = LIMITS.userTurns.reflection

/** The practices of a path as the engine gives them: the calm path's three. */
const pathPractices = (path: string): PathPractice[] => EXERCISES.filter((exercise) => exercise.path === path).map(({ key, name, description }) => ({ key, name, description }))
const CALM_PATH = pathPractices('calm')
const CONNECTION_PATH = pathPractices('connection')

function subject(body: string, title: string | null = null, practices = CALM_PATH): ReflectionSubject {
  return { entry: { title, body, prompt: null }, practices }
}

function reflect(answers: readonly string[], about: ReflectionSubject | undefined) {
  const played = play('reflection', answers, about === undefined ? {} : { reflection: about })
  return { ...played, result: played.result === undefined ? undefined : reflectionResultSchema.parse(played.result) }
}

/** Sentences of a reflection, a quotation counting as part of the sentence around it. */
function sentences(text: string) {
  return text.replace(/"[^"]*"/g, '"…"').split(/(?<=[.!?])\s+/).filter(Boolean)
}

const WORK_DAY = subject(
  'Work was so stressful today. My boss kept piling on deadlines and I felt anxious all afternoon. I did manage a short walk after dinner.',
  'A long day',
)

describe('reading an entry', () => {
  it('finds the check-in’s feeling words and their everyday synonyms, most named first, and not when they are denied', () => {
    expect(findFeelings('I was so worried, then nervous again, and a bit sad.')).toEqual(['anxious', 'sad'])
    expect(findFeelings('Honestly I felt drained and knackered, totally burnt out.')).toEqual(['exhausted', 'tired'])
    expect(findFeelings('Dinner with friends left me happy and so thankful.')).toEqual(['joyful', 'grateful'])
    expect(findFeelings('I was not anxious at all, just calm.')).toEqual(['calm'])
    expect(findFeelings('We sat down and wrote down the plan.')).toEqual([])
    // Every check-in word is its own synonym.
    for (const emotion of EMOTIONS) expect(findFeelings(`Today I felt ${emotion}.`), emotion).toContain(emotion)
  })

  it('finds the dimension the entry is most about', () => {
    expect(mainDimension(WORK_DAY.entry!.body)).toBe('purpose')
    expect(mainDimension('I miss my sister. We used to call every Sunday. My friends are busy too.')).toBe('connection')
    expect(mainDimension('Slept badly again, skipped the gym, and ate junk food.')).toBe('body')
    expect(mainDimension('Nothing in particular.')).toBeUndefined()
  })

  it('has a written library: several questions for every dimension and every family of feelings', () => {
    for (const dimension of [...DIMENSIONS, 'any'] as const) expect(QUESTIONS.dimensions[dimension].length, dimension).toBeGreaterThanOrEqual(3)
    for (const questions of Object.values(QUESTIONS.feelings)) expect(questions.length).toBeGreaterThanOrEqual(3)
    const all = [...Object.values(QUESTIONS.dimensions), ...Object.values(QUESTIONS.feelings)].flat()
    expect(new Set(all).size).toBe(all.length)
    for (const question of all) expect(question).toMatch(/^[A-Z][^?]*\?$/)
  })
})

describe('a reflection', () => {
  it('asks a question for the entry’s dimension, then one for its feelings, and closes after the third answer', () => {
    const played = reflect(['Tired, but a bit calmer now', "The deadlines, I can't stop thinking about them", 'Finishing one task at a time'], WORK_DAY)
    expect(played.turns).toBe(3)
    expect(QUESTIONS.dimensions.purpose.some((question) => played.replies[0]!.endsWith(question))).toBe(true)
    expect(QUESTIONS.feelings.anxious.some((question) => played.replies[1]!.endsWith(question))).toBe(true)
    for (const reply of played.replies.slice(0, -1)) expect(reply.match(/\?/g)).toHaveLength(1)
    const { reflection, suggested_practice } = played.result!
    expect(reflection).toMatch(/^You wrote about your work and where it is taking you, with stress and worry running through it\. /)
    expect(reflection).toContain(`you said: "The deadlines, I can't stop thinking about them".`)
    expect(sentences(reflection)).toHaveLength(3)
    expect(suggested_practice).toBe('breathing-bubble')
  })

  it('suggests only a practice of the member’s path that fits, and none when nothing does', () => {
    const lonely = subject('I felt so lonely this weekend. Nobody called and the flat was quiet.', null, CONNECTION_PATH)
    expect(reflect(['Sad, a bit', 'My friends', 'Call someone'], lonely).result!.suggested_practice).toBe('reach-out')
    expect(reflect(['Sad, a bit', 'My friends', 'Call someone'], { ...lonely, practices: [] }).result!.suggested_practice).toBeNull()
    const plain = subject('Went to the shop, then cooked pasta.')
    expect(reflect(['Normal', 'The pasta', 'Cook again'], plain).result!.suggested_practice).toBeNull()
  })

  it('asks an unusable answer again once, in simpler words, and still ends within its cap', () => {
    const played = reflect(['idk', 'hmm', 'nothing', 'no'], WORK_DAY)
    expect(played.replies[0]).toMatch(/^That's alright, there's no right answer\. Even a word is enough/)
    expect(played.replies[1]).toMatch(/^That's alright\. /)
    expect(played.turns).toBe(CAP)
    expect(played.result!.reflection).toContain('Even without many words, looking at it again was worth doing.')
    expect(played.result!.reflection).toMatch(/^You wrote about your work/)
  })

  it('closes at once when the member would rather stop, and only then', () => {
    const played = reflect(['Relieved it is over', "that's all"], WORK_DAY)
    expect(played.turns).toBe(2)
    expect(played.result!.reflection).toContain('you said: "Relieved it is over".')
    expect(reflect(['Stop here, please.'], WORK_DAY).turns).toBe(1)
    for (const answer of ["I can't stop thinking about it", 'I want to finish my project', 'Enough sleep, mostly']) {
      expect(reflect(['Tired', answer], WORK_DAY).result, answer).toBeUndefined()
    }
  })

  it('works from the answers alone when the entry is withheld or missing', () => {
    const withheld: ReflectionSubject = { entry: null, practices: CALM_PATH }
    const played = reflect(['I feel heavy, I miss my dad', 'My family', 'Being gentle with myself'], withheld)
    expect(played.result!.reflection).toMatch(/^You wrote about the people in your life, with sadness and loneliness running through it\. /)
    expect(reflect(['ok', 'fine', 'fine'], undefined).result!.reflection.length).toBeGreaterThan(0)
  })

  it('never closes before an answer, and always ends within its cap with a valid result (property)', () => {
    const opening = { role: 'assistant', content: openingOf('reflection') } as const
    const realistic = ['I feel lighter now', 'Still angry about it', 'My sister', 'Work', 'Sleep more', 'Grateful, honestly', 'stop', 'yes', 'no']
    const unusable = ['idk', '', '   ', '?', 'hmm', 'nothing', 'whatever']
    const answer = fc.oneof(fc.string(), fc.constantFrom(...realistic), fc.constantFrom(...unusable))
    const entry = fc.oneof(
      fc.constant(undefined),
      fc.record({ entry: fc.oneof(fc.constant(null), fc.record({ title: fc.option(fc.string()), body: fc.string({ minLength: 1 }), prompt: fc.constant(null) })), practices: fc.constantFrom<PathPractice[]>(CALM_PATH, CONNECTION_PATH, []) }),
    )
    fc.assert(
      fc.property(fc.array(answer, { minLength: CAP, maxLength: CAP }), entry, fc.boolean(), (answers, about, wrapUp) => {
        expect(offlineReply({ kind: 'reflection', history: [opening], wrapUp, reflection: about })).not.toContain(END_OF_CONVERSATION_TOKEN)
        const played = reflect(answers, about)
        expect(played.result).toBeDefined()
        expect(played.turns).toBeLessThanOrEqual(CAP)
        for (const reply of played.replies.slice(0, -1)) expect(reply.match(/\?/g)).toHaveLength(1)
        expect(sentences(played.result!.reflection).length).toBeGreaterThanOrEqual(2)
        expect(sentences(played.result!.reflection).length).toBeLessThanOrEqual(3)
        const keys = (about?.practices ?? []).map((practice) => practice.key)
        if (played.result!.suggested_practice !== null) expect(keys).toContain(played.result!.suggested_practice)
      }),
    )
    // Without the cap's wrap-up too: the guide ends by itself.
    fc.assert(
      fc.property(fc.array(answer, { minLength: CAP, maxLength: CAP }), (answers) => {
        const played = play('reflection', answers, { reflection: WORK_DAY }, false)
        expect(played.turns).toBeLessThanOrEqual(CAP)
        expect(reflectionResultSchema.safeParse(played.result).success).toBe(true)
      }),
    )
  })
})
