import { describe, expect, it } from 'vitest'
import { completePracticeSchema, logProblem, parseExerciseId, parseStepCount } from './journey'
import { exerciseDestination, isPracticeScreen } from './paths'

describe('the threshold’s exercise id', () => {
  it('is a whole number or the word next', () => {
    expect(parseExerciseId('next')).toBe('next')
    expect(parseExerciseId('2')).toBe(2)
    for (const bad of ['', 'abc', '0', '-1', '1.5', 'Next', '2x', '1e3', ' 2']) expect(parseExerciseId(bad), bad).toBeNull()
  })

  it('leads to the exercise screen of its game type, or back to the dashboard', () => {
    expect(exerciseDestination('breathing')).toBe('/breathing-bubble')
    expect(exerciseDestination('movement')).toBe('/step-quest')
    expect(exerciseDestination('flow')).toBe('/movement-exercise')
    expect(exerciseDestination('meditation')).toBe('/meditation-timer')
    expect(exerciseDestination('focus')).toBe('/focus-exercise')
    expect(exerciseDestination('sensory')).toBe('/sensory-safari')
    expect(exerciseDestination('kindness')).toBe('/kindness-quest')
    expect(exerciseDestination('chess')).toBe('/dashboard')
    expect(exerciseDestination(null)).toBe('/dashboard')
    expect(exerciseDestination('toString')).toBe('/dashboard')
  })

  it('tells a practice’s screens, its threshold and every exercise, from the rest of the app', () => {
    for (const screen of ['/threshold/3', '/threshold/next', '/breathing-bubble', '/meditation-timer', '/focus-exercise', '/movement-exercise', '/step-quest', '/sensory-safari', '/kindness-quest']) {
      expect(isPracticeScreen(screen), screen).toBe(true)
    }
    for (const screen of ['/dashboard', '/weekly-dashboard', '/threshold', '/settings', '/journal', '/breathing-bubbles']) expect(isPracticeScreen(screen), screen).toBe(false)
  })
})

describe('what a practice logs', () => {
  it('reads a step count as a whole number from 0 up', () => {
    expect(parseStepCount('4200')).toBe(4200)
    expect(parseStepCount(' 0 ')).toBe(0)
    for (const bad of ['', '  ', 'abc', '-5', '12.5', '1e4', '2000001', '10 000']) expect(parseStepCount(bad), bad).toBeNull()
  })

  it('needs the field its game type logs, and no other', () => {
    expect(logProblem('movement', {})).toBe('Please enter a valid number of steps')
    expect(logProblem('movement', { steps: 0 })).toBeNull()
    expect(logProblem('sensory', {})).toBe('Please describe something you can see')
    expect(logProblem('kindness', {})).toBe('Please describe an act of kindness')
    expect(logProblem('breathing', {})).toBeNull()
    expect(logProblem('breathing', { observation: 'x' })).toBe('This practice does not log observation.')
  })

  it('trims texts and refuses blank or overlong ones', () => {
    expect(completePracticeSchema.parse({ observation: '  a leaf  ' })).toEqual({ observation: 'a leaf' })
    expect(completePracticeSchema.safeParse({ kindnessAct: ' ' }).success).toBe(false)
    expect(completePracticeSchema.safeParse({ kindnessAct: 'x'.repeat(2001) }).success).toBe(false)
    expect(completePracticeSchema.safeParse({ steps: 1.5 }).success).toBe(false)
  })
})
