import { describe, expect, it } from 'vitest'
import { AGE_CONFIRMATION } from './auth'
import { DIMENSION_INFO, DIMENSIONS } from './dimensions'
import { FOCUS_STEPS, MOVEMENT_PHASES } from './exercises'
import { PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from './journey'
import { SEND_FAILED_MESSAGE } from './olo'
import {
  BADGE_GAP_MS,
  BADGES_RETURN_MS,
  BADGES_START_MS,
  BREATH_PHASE_SECONDS,
  BREATHING_REDIRECT_MS,
  BREATHING_SECONDS,
  FOCUS_STEP_SECONDS,
  INTRO_CAPTIONS,
  LOG_REDIRECT_MS,
  MEDITATION_SECONDS,
  MOVEMENT_PHASE_SECONDS,
  OLO_INTRO_LINES,
  OLO_INTRO_START_DELAY_MS,
  oloIntroSchedule,
  QUEST_REDIRECT_MS,
  RECAP_REDIRECT_MS,
  THRESHOLD_AFTER_AUDIO_MS,
  THRESHOLD_AFTER_FAILURE_MS,
  WIN_TOAST_MS,
} from './timings'

/**
 * The product's numbers and words as literals. The browser journeys read these constants from src/core, so a wrong
 * edit there would move the screen and its test together and both would pass; here it fails (docs/decisions/0025).
 */
describe("the product's timings", () => {
  it('returns from the recap after 5 s, from a quest after 1.5 s, from breathing after 3 s and from a logged practice after 2 s', () => {
    expect(RECAP_REDIRECT_MS).toBe(5000)
    expect(QUEST_REDIRECT_MS).toBe(1500)
    expect(BREATHING_REDIRECT_MS).toBe(3000)
    expect(LOG_REDIRECT_MS).toBe(2000)
  })

  it('opens the exercise from the threshold 1.5 s after the audio, or 2 s after a failure', () => {
    expect(THRESHOLD_AFTER_AUDIO_MS).toBe(1500)
    expect(THRESHOLD_AFTER_FAILURE_MS).toBe(2000)
  })

  it('opens the badges 1 s after the goal, asks for one every 1 s, and goes back to the goals 8 s after the last', () => {
    expect(BADGES_START_MS).toBe(1000)
    expect(BADGE_GAP_MS).toBe(1000)
    expect(BADGES_RETURN_MS).toBe(8000)
  })

  it('shows the intro captions for 3 s, 5 s and 3 s', () => {
    expect(INTRO_CAPTIONS.map((caption) => caption.ms)).toEqual([3000, 5000, 3000])
  })

  it('gives Olo’s intro 2 s for its first line, 3 s for each later one, then 1 s before Start', () => {
    expect(OLO_INTRO_LINES.map((line) => line.ms)).toEqual([2000, 3000, 3000])
    expect(OLO_INTRO_START_DELAY_MS).toBe(1000)
    expect(oloIntroSchedule()).toEqual({ lineAt: [0, 2000, 5000], startAt: 9000 })
  })

  it('says Olo’s intro in these words', () => {
    expect(OLO_INTRO_LINES.map((line) => line.text)).toEqual([
      "Hi, I'm Olo, your AI guide.",
      'Once a week, we look back on your week together and choose what matters next.',
      'It takes about 10 minutes. I can speak aloud, or you can simply read along.',
    ])
  })

  it('hides the news of a finished practice after 6 s', () => {
    expect(WIN_TOAST_MS).toBe(6000)
  })

  it('times the exercises: meditation 300 s, focus 30, 60, 90 and 60 s, movement 45, 60, 120 and 30 s, breathing 60 s in 4 s phases', () => {
    expect(MEDITATION_SECONDS).toBe(300)
    expect(FOCUS_STEP_SECONDS).toEqual([30, 60, 90, 60])
    expect(MOVEMENT_PHASE_SECONDS).toEqual([45, 60, 120, 30])
    expect(BREATHING_SECONDS).toBe(60)
    expect(BREATH_PHASE_SECONDS).toBe(4)
  })

  it('names one focus step and one movement phase for each of their durations', () => {
    expect(FOCUS_STEPS.map((step) => step.title)).toEqual(['Settle', 'Anchor', 'Return', 'Widen'])
    expect(MOVEMENT_PHASES.map((phase) => phase.title)).toEqual(['Warm up', 'Flow', 'Move freely', 'Cool down'])
  })
})

describe("the product's words", () => {
  it('alerts when a log can’t be saved', () => {
    expect(SAVE_FAILED_ALERTS).toEqual({
      movement: 'Failed to save your steps. Please try again.',
      sensory: 'Failed to save your observation. Please try again.',
      kindness: 'Failed to save your act of kindness. Please try again.',
    })
  })

  it('asks for a log that is missing or too long', () => {
    expect(PRACTICE_MESSAGES).toEqual({
      steps: 'Please enter a valid number of steps',
      observation: 'Please describe something you can see',
      kindnessAct: 'Please describe an act of kindness',
      tooLong: 'Please keep it under 2,000 characters.',
    })
  })

  it('says a chat message failed to send', () => {
    expect(SEND_FAILED_MESSAGE).toBe('Failed to send message. Please try again.')
  })

  it('has seven dimensions, in this order, with these names', () => {
    expect(DIMENSIONS).toEqual(['mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit'])
    expect(DIMENSIONS.map((dimension) => DIMENSION_INFO[dimension].label)).toEqual(['Mind', 'Body', 'Heart', 'Connection', 'Purpose', 'Growth', 'Spirit'])
  })

  it('asks a newcomer to confirm they are 16 or older', () => {
    expect(AGE_CONFIRMATION.minimumAge).toBe(16)
    expect(AGE_CONFIRMATION.label).toBe('I am 16 or older')
    expect(AGE_CONFIRMATION.missing).toBe('Please confirm you are 16 or older to create an account.')
  })
})
